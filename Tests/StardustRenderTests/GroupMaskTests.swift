import Testing
import StardustCore
@testable import StardustRender

/// Masks of composite groups: coverage is the product of the content's alpha and the mask's
/// coverage (alpha, 1 − alpha, Rec. 709 luminance of the premultiplied mask, 1 − luminance).
@Suite struct GroupMaskTests {
    static func rect(_ r: Rect, _ c: Color) -> DrawCommand { .path(PathDraw(path: Path(rect: r), paint: .color(c))) }

    /// An 8×8 frame: a red square over all of it, masked by `mask` drawn with `mode`.
    static func render(_ mode: MaskMode, mask: [DrawCommand], bandHeight: Int = 64) throws -> Image {
        let list = DisplayList(size: Size(8, 8), scale: 1, commands:
            [.beginCompositeGroup(CompositeGroup(mask: mode)), rect(Rect(0, 0, 8, 8), .red), .beginGroupMask] + mask + [.endCompositeGroup])
        return try Renderer(threads: 1, bandHeight: bandHeight).render(list)
    }

    static func px(_ img: Image, _ x: Int, _ y: Int) -> [Double] {
        let i = 4 * (y * img.width + x)
        return img.pixels[i..<(i + 4)].map(Double.init)
    }

    static func expectRed(_ p: [Double], coverage: Double, _ note: String) {
        let want = [255 * coverage, 0, 0, 255 * coverage]
        for c in 0..<4 { #expect(abs(p[c] - want[c]) <= 1, "\(note): \(p) vs \(want)") }
    }

    @Test("alpha mask: coverage is the mask's alpha; where the mask draws nothing the content is gone")
    func alphaMask() throws {
        let img = try Self.render(.alpha, mask: [Self.rect(Rect(0, 0, 4, 8), Color(white: 1, alpha: 0.5))])
        Self.expectRed(Self.px(img, 1, 3), coverage: 0.5, "inside")
        Self.expectRed(Self.px(img, 6, 3), coverage: 0, "outside")
    }

    @Test("inverted alpha mask (extension): coverage is 1 − alpha")
    func invertedAlphaMask() throws {
        let img = try Self.render(.alphaInverted, mask: [Self.rect(Rect(0, 0, 4, 8), Color(white: 1, alpha: 0.25))])
        Self.expectRed(Self.px(img, 1, 3), coverage: 0.75, "inside")
        Self.expectRed(Self.px(img, 6, 3), coverage: 1, "outside")
    }

    @Test("luminance mask (extension): coverage is the Rec. 709 luminance times alpha")
    func luminanceMask() throws {
        let img = try Self.render(.luminance, mask: [Self.rect(Rect(0, 0, 4, 8), .green),
                                                    Self.rect(Rect(4, 0, 4, 8), Color(white: 0.5, alpha: 0.5))])
        Self.expectRed(Self.px(img, 1, 3), coverage: 0.7152, "green")
        Self.expectRed(Self.px(img, 6, 3), coverage: 0.25, "half gray at half alpha")
        let inv = try Self.render(.luminanceInverted, mask: [Self.rect(Rect(0, 0, 4, 8), .green)])
        Self.expectRed(Self.px(inv, 1, 3), coverage: 1 - 0.7152, "inverted green")
        Self.expectRed(Self.px(inv, 6, 3), coverage: 1, "inverted nothing")
    }

    @Test("a masked group inside a masked group: coverages multiply")
    func nestedMasksMultiply() throws {
        let inner: [DrawCommand] = [.beginCompositeGroup(CompositeGroup(mask: .alpha)), Self.rect(Rect(0, 0, 8, 8), .red),
                                    .beginGroupMask, Self.rect(Rect(0, 0, 8, 8), Color(white: 1, alpha: 0.5)), .endCompositeGroup]
        let list = DisplayList(size: Size(8, 8), scale: 1, commands: [.beginCompositeGroup(CompositeGroup(mask: .alpha))] + inner
            + [.beginGroupMask, Self.rect(Rect(0, 0, 8, 8), Color(white: 1, alpha: 0.5)), .endCompositeGroup])
        let img = try Renderer(threads: 1).render(list)
        Self.expectRed(Self.px(img, 3, 3), coverage: 0.25, "0.5 × 0.5")
    }

    @Test("a mask drawn under a rotated transform masks by its anti-aliased coverage, identically for any band height")
    func bandsDoNotChangeMasks() throws {
        let t = Transform2D(rotationAngle: 0.3).concatenating(Transform2D(translationX: 4, y: 1))
        let mask = DrawCommand.path(PathDraw(path: Path(rect: Rect(0, 0, 4, 5)), transform: t, paint: .color(.white)))
        let a = try Self.render(.alpha, mask: [mask], bandHeight: 64)
        let b = try Self.render(.alpha, mask: [mask], bandHeight: 1)
        let c = try Renderer(threads: 3, bandHeight: 3).render(DisplayList(size: Size(8, 8), scale: 1, commands:
            [.beginCompositeGroup(CompositeGroup(mask: .alpha)), Self.rect(Rect(0, 0, 8, 8), .red), .beginGroupMask, mask, .endCompositeGroup]))
        #expect(a.pixels == b.pixels)
        #expect(a.pixels == c.pixels)
    }

    @Test("unbalanced mask commands are refused")
    func unbalanced() {
        #expect(throws: RenderError.self) {
            try Renderer().render(DisplayList(size: Size(4, 4), scale: 1, commands: [.beginCompositeGroup(CompositeGroup()), .beginGroupMask, .endCompositeGroup]))
        }
        #expect(throws: RenderError.self) {
            try Renderer().render(DisplayList(size: Size(4, 4), scale: 1, commands: [.beginCompositeGroup(CompositeGroup(mask: .alpha)), .endCompositeGroup]))
        }
        #expect(throws: RenderError.self) {
            try Renderer().render(DisplayList(size: Size(4, 4), scale: 1, commands: [.endCompositeGroup]))
        }
    }
}
