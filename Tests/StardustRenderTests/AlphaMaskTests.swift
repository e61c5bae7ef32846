import Testing
import StardustCore
@testable import StardustRender

/// The alpha modes of `CompositeResolver.applyMask` read the mask's alpha bytes as integers and end blocks of four
/// full or four zero coverages without floats (docs/RENDERER.md, "Alpha masks read as bytes"): the same bytes as the
/// plain computation, pixel by pixel, kept here as the reference.
@Suite struct AlphaMaskTests {
    /// The plain masking of one pixel: a transparent content pixel or a full coverage keeps it, any other becomes
    /// `content · (coverage · (1/255))`, coverage the mask's alpha (`255 −` it, inverted) as a float.
    static func reference(_ mask: [UInt8], _ content: inout [UInt8], width: Int, rect: PixelRect, inverted: Bool) {
        content.withUnsafeMutableBufferPointer { c in
            var mask = mask
            mask.withUnsafeMutableBufferPointer { m in
                for y in rect.y0..<rect.y1 {
                    for x in rect.x0..<rect.x1 {
                        let i = 4 * (y * width + x)
                        let q = c.baseAddress! + i
                        if q[0] == 0 && q[1] == 0 && q[2] == 0 && q[3] == 0 { continue }
                        let a = Float(m[i + 3])
                        let cov = inverted ? 255 - a : a
                        if cov >= 255 { continue }
                        storePixel(loadPixel(q) * (cov * (1 / 255)), q)
                    }
                }
            }
        }
    }

    /// A mask alpha for a block: all full, all zero, or any byte, so that every kind of block occurs.
    static func maskBytes(_ rng: inout SplitMix64, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 4 * count)
        var x = 0
        while x < count {
            let kind = Int.random(in: 0..<4, using: &rng)
            let run = Int.random(in: 1...9, using: &rng)
            for j in x..<min(count, x + run) {
                for k in 0..<3 { bytes[4 * j + k] = UInt8.random(in: 0...255, using: &rng) }
                switch kind {
                case 0: bytes[4 * j + 3] = 255
                case 1: bytes[4 * j + 3] = 0
                case 2: bytes[4 * j + 3] = [0, 1, 127, 254, 255].randomElement(using: &rng)!
                default: bytes[4 * j + 3] = UInt8.random(in: 0...255, using: &rng)
                }
            }
            x += run
        }
        return bytes
    }

    /// Premultiplied content pixels, runs of them transparent.
    static func contentBytes(_ rng: inout SplitMix64, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 4 * count)
        var x = 0
        while x < count {
            let transparent = Bool.random(using: &rng)
            let run = Int.random(in: 1...11, using: &rng)
            for j in x..<min(count, x + run) where !transparent {
                let a = UInt8.random(in: 0...255, using: &rng)
                for k in 0..<3 { bytes[4 * j + k] = UInt8.random(in: 0...a, using: &rng) }
                bytes[4 * j + 3] = a
            }
            x += run
        }
        return bytes
    }

    @Test("alpha and inverted alpha masks give the plain per-pixel masking's bytes", arguments: [false, true])
    func alphaMaskIsThePlainMasking(inverted: Bool) {
        var rng = SplitMix64(seed: inverted ? 911 : 119)
        for _ in 0..<300 {
            let width = Int.random(in: 1...40, using: &rng), height = Int.random(in: 1...6, using: &rng)
            var mask = Self.maskBytes(&rng, count: width * height)
            var content = Self.contentBytes(&rng, count: width * height)
            let x0 = Int.random(in: 0..<width, using: &rng), x1 = Int.random(in: x0...width, using: &rng)
            let y0 = Int.random(in: 0..<height, using: &rng), y1 = Int.random(in: y0...height, using: &rng)
            let rect = PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
            var expected = content
            Self.reference(mask, &expected, width: width, rect: rect, inverted: inverted)
            let full = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
            mask.withUnsafeMutableBufferPointer { m in
                content.withUnsafeMutableBufferPointer { c in
                    let mt = RenderTarget(base: m.baseAddress!, originY: 0, stride: 4 * width, width: width, clip: full)
                    let ct = RenderTarget(base: c.baseAddress!, originY: 0, stride: 4 * width, width: width, clip: full)
                    CompositeResolver.applyMask(inverted ? .alphaInverted : .alpha, mask: mt, to: ct, rect: rect)
                }
            }
            #expect(content == expected)
        }
    }
}
