import Foundation
import Testing
import StardustCore
@testable import StardustRender

/// A paint clipped to a shape the Core Animation way — a gradient layer whose mask is an opaque shape layer — draws as
/// the shape filled with the paint (docs/DRAWING.md, "Masks"): the same pixels as the group, without its buffers.
@Suite struct MaskedFillFoldingTests {
    static let gradient = Paint.ellipticalGradient(center: Point(16, 16), radiusX: 14, radiusY: 10,
                                                   stops: [GradientStop(0, .red), GradientStop(1, .blue)])

    /// `content` (a rectangle filled with `paint`) masked by `mask` filled with `maskColor`, in a 48×32 frame.
    static func masked(content: Rect, paint: Paint, mask: Path, maskColor: Color, transform: Transform2D = .identity,
                       threads: Int = 1) throws -> Image {
        let list = DisplayList(size: Size(48, 32), scale: 1, commands: [
            .beginCompositeGroup(CompositeGroup(mask: .alpha)),
            .path(PathDraw(path: Path(rect: content), transform: transform, paint: paint)),
            .beginGroupMask,
            .path(PathDraw(path: mask, transform: transform, paint: .color(maskColor))),
            .endCompositeGroup,
        ])
        return try Renderer(threads: threads, bandHeight: 8).render(list)
    }

    static func alpha(_ img: Image, _ x: Int, _ y: Int) -> UInt8 { img.pixels[4 * (y * img.width + x) + 3] }

    @Test("an opaque shape inside the gradient's rectangle: exactly the shape filled with the gradient, for any thread count")
    func foldsToTheShapeFilledWithThePaint() throws {
        let t = Transform2D(rotationAngle: 0.4).concatenating(Transform2D(translationX: 14, y: 2))
        let shape = Path(ellipseIn: Rect(2, 3, 26, 20))
        let group = try Self.masked(content: Rect(0, 0, 30, 26), paint: Self.gradient, mask: shape, maskColor: .white, transform: t)
        let direct = try Renderer(threads: 1, bandHeight: 8).render(DisplayList(size: Size(48, 32), scale: 1, commands: [
            .path(PathDraw(path: shape, transform: t, paint: Self.gradient)),
        ]))
        #expect(group.pixels == direct.pixels)
        let threaded = try Self.masked(content: Rect(0, 0, 30, 26), paint: Self.gradient, mask: shape, maskColor: .white,
                                       transform: t, threads: 3)
        #expect(threaded.pixels == group.pixels)
        // Independent truth: an opaque paint over the ellipse covers its area, π·13·10 pixels (within 0.5 %).
        let solid = try Self.masked(content: Rect(0, 0, 30, 26), paint: .color(.green), mask: shape, maskColor: .black, transform: t)
        let covered = solid.pixels.enumerated().reduce(0.0) { $1.offset % 4 == 3 ? $0 + Double($1.element) / 255 : $0 }
        #expect(abs(covered - Double.pi * 13 * 10) < 0.005 * Double.pi * 13 * 10, "covered \(covered)")
    }

    @Test("the folded fill agrees with the buffered group within two levels where the shape does not touch the rectangle")
    func agreesWithTheBufferedGroup() throws {
        // A mask alpha of 254/255 keeps the group buffered (only opaque masks fold): the two routes, compared.
        let shape = Path(ellipseIn: Rect(3, 4, 24, 18))
        let folded = try Self.masked(content: Rect(0, 0, 30, 26), paint: Self.gradient, mask: shape, maskColor: .white)
        let buffered = try Self.masked(content: Rect(0, 0, 30, 26), paint: Self.gradient, mask: shape,
                                       maskColor: Color(white: 1, alpha: 254.0 / 255))
        var worst = 0
        for (a, b) in zip(folded.pixels, buffered.pixels) { worst = max(worst, abs(Int(a) - Int(b))) }
        #expect(worst <= 2, "largest channel difference \(worst)")
    }

    @Test("a mask reaching outside the gradient's rectangle is not folded: the rectangle still clips")
    func maskOutsideTheRectangleStillClips() throws {
        let img = try Self.masked(content: Rect(8, 0, 32, 32), paint: .color(.red), mask: Path(ellipseIn: Rect(0, 0, 48, 32)),
                                  maskColor: .white)
        #expect(Self.alpha(img, 4, 16) == 0, "outside the rectangle, inside the mask")
        #expect(Self.alpha(img, 20, 16) == 255, "inside both")
        #expect(Self.alpha(img, 44, 16) == 0, "right of the rectangle")
    }

    @Test("a translucent mask, a group opacity or a stroke in the mask keeps the group: coverages multiply as before")
    func otherGroupsAreUntouched() throws {
        let half = try Self.masked(content: Rect(0, 0, 48, 32), paint: .color(.red), mask: Path(rect: Rect(4, 4, 16, 16)),
                                   maskColor: Color(white: 1, alpha: 0.5))
        #expect(abs(Int(Self.alpha(half, 10, 10)) - 128) <= 1)
        var g = CompositeGroup(mask: .alpha)
        g.opacity = 0.5
        let faded = try Renderer(threads: 1).render(DisplayList(size: Size(48, 32), scale: 1, commands: [
            .beginCompositeGroup(g), .path(PathDraw(path: Path(rect: Rect(0, 0, 48, 32)), paint: .color(.red))),
            .beginGroupMask, .path(PathDraw(path: Path(rect: Rect(4, 4, 16, 16)), paint: .color(.white))), .endCompositeGroup,
        ]))
        #expect(abs(Int(Self.alpha(faded, 10, 10)) - 128) <= 1)
        #expect(Self.alpha(faded, 30, 10) == 0)
    }
}
