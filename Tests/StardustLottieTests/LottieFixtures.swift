import Foundation
import StardustCore
import StardustLottie
import StardustRender
import StardustTestSupport

/// The Lottie fixtures (`Tests/Fixtures/lottie/`, hand-written, each with its expected picture in `nm`) and a
/// renderer at 1 pixel per point.
enum LottieFixtures {
    static func path(_ name: String) -> String { Fixtures.url("lottie", name).path }

    static func load(_ name: String) throws -> LottieComposition { try LottieFile.load(path: path(name)) }

    /// The composition drawn at `frame` (composition frames), over nothing.
    static func render(_ c: LottieComposition, frame: Double) throws -> Image {
        let t = (frame - c.animation.inPoint) / c.frameRate
        let list = c.root.displayList(size: c.size, scale: 1, at: t)
        return try Renderer(threads: 1).render(list)
    }

    static func render(_ name: String, frame: Double) throws -> Image { try render(try load(name), frame: frame) }

    /// Whether the pixel is (nearly) opaque red, blue, green or empty.
    static func isRed(_ i: Image, _ x: Int, _ y: Int) -> Bool { let p = i[x, y]; return p.r > 200 && p.g < 40 && p.b < 40 && p.a > 200 }
    static func isBlue(_ i: Image, _ x: Int, _ y: Int) -> Bool { let p = i[x, y]; return p.b > 200 && p.r < 40 && p.g < 40 && p.a > 200 }
    static func isGreen(_ i: Image, _ x: Int, _ y: Int) -> Bool { let p = i[x, y]; return p.g > 200 && p.r < 40 && p.b < 40 && p.a > 200 }
    static func isEmpty(_ i: Image, _ x: Int, _ y: Int) -> Bool { i[x, y].a < 10 }

    /// Covered area in pixels: the sum of alpha / 255 (anti-aliased edges count partly).
    static func coverage(_ i: Image) -> Double {
        var s = 0
        for k in stride(from: 3, to: i.pixels.count, by: 4) { s += Int(i.pixels[k]) }
        return Double(s) / 255
    }

    /// The leftmost and rightmost columns with a covered pixel on row `y`.
    static func span(_ i: Image, row y: Int) -> ClosedRange<Int>? {
        let xs = (0..<i.width).filter { i[$0, y].a > 127 }
        guard let a = xs.first, let b = xs.last else { return nil }
        return a...b
    }
}
