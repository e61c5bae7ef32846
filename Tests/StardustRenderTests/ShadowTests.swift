import Foundation
import Testing
import StardustCore
@testable import StardustRender

/// Shadows against a Gaussian's analytic integral: the shadow of a band of rows `[a, b)` blurred by σ,
/// at a pixel center `y + ½`, is `Φ((y + ½ − a)/σ) − Φ((y + ½ − b)/σ)` with Φ the normal CDF.
@Suite struct ShadowTests {
    static func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.0.squareRoot())) }

    /// A 100×100 frame: an opaque white band over rows 0..<40 (all columns), casting a shadow of
    /// `color` offset by `offset` and blurred by `sigma` (points = pixels at scale 1).
    static func render(sigma: Double, offset: Point, color: Color = .black, path: PathDraw? = nil,
                       bandHeight: Int = 64, threads: Int = 1) throws -> Image {
        let band = DrawCommand.path(PathDraw(path: Path(rect: Rect(-200, 0, 500, 40)), paint: .color(.white)))
        let group = CompositeGroup(shadow: ShadowDraw(color: color, offset: offset, sigma: sigma, path: path))
        let list = DisplayList(size: Size(100, 100), scale: 1, commands: [.beginCompositeGroup(group), band, .endCompositeGroup])
        return try Renderer(threads: threads, bandHeight: bandHeight).render(list)
    }

    static func alpha(_ img: Image, _ x: Int, _ y: Int) -> Double { Double(img.pixels[4 * (y * img.width + x) + 3]) }

    @Test("the shadow's alpha down a column is the Gaussian integral of the offset band, within 1.5/255",
          arguments: [0.5, 2.0, 6.0, 15.0])
    func gaussianProfile(sigma: Double) throws {
        let img = try Self.render(sigma: sigma, offset: Point(0, 40))
        var worst = 0.0
        for y in 40..<100 {
            let p = Double(y) + 0.5
            let want = 255 * (Self.phi((p - 40) / sigma) - Self.phi((p - 80) / sigma))
            worst = max(worst, abs(Self.alpha(img, 50, y) - want))
        }
        #expect(worst <= 1.5, "σ = \(sigma): largest difference \(worst)")
    }

    @Test("a fractional offset moves the Gaussian by that fraction")
    func fractionalOffset() throws {
        let sigma = 3.0
        let img = try Self.render(sigma: sigma, offset: Point(0, 40.5))
        for y in 40..<100 {
            let p = Double(y) + 0.5
            let want = 255 * (Self.phi((p - 40.5) / sigma) - Self.phi((p - 80.5) / sigma))
            #expect(abs(Self.alpha(img, 50, y) - want) <= 1.5, "row \(y)")
        }
    }

    @Test("shadowOpacity and shadowColor scale the shadow: 0.5 × blue")
    func colorAndOpacity() throws {
        let img = try Self.render(sigma: 0, offset: Point(0, 40), color: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        let i = 4 * (60 * 100 + 50)
        #expect(Array(img.pixels[i..<(i + 4)]) == [0, 0, 128, 128])
        // Beneath the opaque band the shadow is hidden.
        let j = 4 * (20 * 100 + 50)
        #expect(Array(img.pixels[j..<(j + 4)]) == [255, 255, 255, 255])
    }

    @Test("a shadow path casts the same shadow as content of that shape")
    func shadowPathEqualsContentShape() throws {
        let shape = PathDraw(path: Path(rect: Rect(-200, 0, 500, 40)), paint: .color(.red))
        let a = try Self.render(sigma: 4, offset: Point(0, 40))
        let b = try Self.render(sigma: 4, offset: Point(0, 40), path: shape)
        #expect(a.pixels == b.pixels)
    }

    @Test("bands and threads do not change a shadow")
    func bandIndependence() throws {
        let a = try Self.render(sigma: 5, offset: Point(3, 41.25))
        let b = try Self.render(sigma: 5, offset: Point(3, 41.25), bandHeight: 7, threads: 3)
        #expect(a.pixels == b.pixels)
    }

    @Test("the kernel is normalized and symmetric about its shift")
    func kernel() {
        let k = ShadowMask.kernel(sigma: 2, shift: 0)
        #expect(abs(k.weights.reduce(0, +) - 1) < 1e-5)
        let c = -k.first
        for d in 1...5 { #expect(abs(k.weights[c + d] - k.weights[c - d]) < 1e-6) }
    }
}
