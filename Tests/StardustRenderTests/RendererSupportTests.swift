import Foundation
import Testing
import StardustCore
@testable import StardustRender

/// Shared fixtures for the renderer tests (no tests of its own).
enum Fixture {
    /// An image filled with one premultiplied pixel value.
    static func solid(_ w: Int, _ h: Int, _ p: [UInt8]) -> Image {
        Image(width: w, height: h, pixels: Array((0..<(w * h)).flatMap { _ in p }))
    }

    /// A deterministic image of valid premultiplied pixels (each color ≤ alpha).
    static func noise(_ w: Int, _ h: Int, seed: UInt64) -> Image {
        let rng = CounterRandom(seed: seed)
        var px = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            let a = rng.below(256, UInt64(i), 3)
            for c in 0..<3 { px[4 * i + c] = UInt8(rng.below(a + 1, UInt64(i), UInt64(c))) }
            px[4 * i + 3] = UInt8(a)
        }
        return Image(width: w, height: h, pixels: px)
    }

    static func list(_ w: Double, _ h: Double, scale: Double = 1, background: Color = .clear,
                     _ commands: [DrawCommand]) -> DisplayList {
        DisplayList(size: Size(w, h), scale: scale, background: background, commands: commands)
    }

    static func render(_ list: DisplayList, threads: Int = 1, bandHeight: Int = 64) throws -> Image {
        try Renderer(threads: threads, bandHeight: bandHeight).render(list)
    }

    static func px(_ img: Image, _ x: Int, _ y: Int) -> [UInt8] {
        let p = img[x, y]; return [p.r, p.g, p.b, p.a]
    }

    /// The sum of all alpha values / 255: the covered area in pixels for an opaque source.
    static func alphaArea(_ img: Image) -> Double {
        var s = 0
        for i in 0..<img.pixelCount { s += Int(img.pixels[4 * i + 3]) }
        return Double(s) / 255
    }
}
