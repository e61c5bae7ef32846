import Testing
import StardustCore

/// The raw-buffer mipmap halving and premultiplication (docs/IMAGES.md, "Mipmaps and premultiplication at load")
/// against the per-pixel loops they replaced, kept here verbatim as references.
@Suite struct MipmapKernelTests {
    /// The loop `Texture.halve` replaced.
    static func referenceHalve(_ src: Image) -> Image {
        let w = max(1, src.width / 2), h = max(1, src.height / 2)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        src.pixels.withUnsafeBufferPointer { s in
            for y in 0..<h {
                let y0 = min(2 * y, src.height - 1), y1 = min(2 * y + 1, src.height - 1)
                for x in 0..<w {
                    let x0 = min(2 * x, src.width - 1), x1 = min(2 * x + 1, src.width - 1)
                    for ch in 0..<4 {
                        let sum = Int(s[(y0 * src.width + x0) * 4 + ch]) + Int(s[(y0 * src.width + x1) * 4 + ch])
                            + Int(s[(y1 * src.width + x0) * 4 + ch]) + Int(s[(y1 * src.width + x1) * 4 + ch])
                        out[(y * w + x) * 4 + ch] = UInt8((sum + 2) / 4)
                    }
                }
            }
        }
        return Image(width: w, height: h, pixels: out)
    }

    /// The loop `Image(width:height:straightRGBA:)` replaced.
    static func referencePremultiply(_ straight: [UInt8]) -> [UInt8] {
        var out = straight
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = UInt32(out[i + 3])
            if a == 255 { continue }
            out[i] = UInt8((UInt32(out[i]) * a + 127) / 255)
            out[i + 1] = UInt8((UInt32(out[i + 1]) * a + 127) / 255)
            out[i + 2] = UInt8((UInt32(out[i + 2]) * a + 127) / 255)
        }
        return out
    }

    /// Deterministic bytes (a 64-bit LCG), with runs of extremes so sums of 255s and 0s occur.
    static func bytes(_ n: Int, seed: UInt64) -> [UInt8] {
        var s = seed &* 6364136223846793005 &+ 1442695040888963407
        return (0..<n).map { i in
            s = s &* 6364136223846793005 &+ 1442695040888963407
            switch (i / 37) % 4 {
            case 0: return 255
            case 1: return 0
            default: return UInt8(truncatingIfNeeded: s >> 56)
            }
        }
    }

    /// A premultiplied image (channels ≤ alpha) of random bytes.
    static func premultipliedImage(_ w: Int, _ h: Int, seed: UInt64) -> Image {
        var px = bytes(w * h * 4, seed: seed)
        for i in stride(from: 0, to: px.count, by: 4) { for c in 0..<3 { px[i + c] = min(px[i + c], px[i + 3]) } }
        return Image(width: w, height: h, pixels: px)
    }

    @Test(arguments: [(1, 1), (1, 2), (2, 1), (1, 7), (7, 1), (2, 2), (3, 3), (5, 3), (7, 2), (8, 8), (16, 9), (33, 17), (64, 64), (127, 65)])
    func mipChainMatchesReferenceLoop(size: (Int, Int)) {
        let img = Self.premultipliedImage(size.0, size.1, seed: UInt64(size.0 * 1000 + size.1))
        var expected = [img], cur = img
        while cur.width > 1 || cur.height > 1 { cur = Self.referenceHalve(cur); expected.append(cur) }
        let levels = Texture(img).levels
        #expect(levels.count == expected.count)
        for (a, b) in zip(levels, expected) {
            #expect(a.width == b.width && a.height == b.height)
            #expect(a.pixels == b.pixels)
        }
    }

    /// `Texture.halve` averages a block in 16-bit lanes of a 64-bit word: any bytes (not only premultiplied ones:
    /// a lane's sum must not carry into the next one), at random sizes from 1×1, odd and even, against the loop.
    @Test func mipChainOfAnyBytesMatchesReferenceLoop() {
        var s: UInt64 = 2212
        func next(_ n: Int) -> Int { s = s &* 6364136223846793005 &+ 1442695040888963407; return Int(s >> 33) % n }
        for round in 0..<300 {
            let w = 1 + next(round < 100 ? 9 : 70), h = 1 + next(round < 100 ? 9 : 70)
            let img = Image(width: w, height: h, pixels: Self.bytes(w * h * 4, seed: UInt64(round)))
            var expected = [img], cur = img
            while cur.width > 1 || cur.height > 1 { cur = Self.referenceHalve(cur); expected.append(cur) }
            let levels = Texture(img).levels
            #expect(levels.count == expected.count, "\(w)×\(h)")
            #expect(zip(levels, expected).allSatisfy { $0.width == $1.width && $0.height == $1.height && $0.pixels == $1.pixels }, "\(w)×\(h)")
        }
        // Every block sum from 0 to 1 020 in every channel: 2×2 images of one value per row and column.
        for v in 0..<256 {
            for u in [0, 1, 127, 128, 254, 255] {
                let px: [UInt8] = [UInt8(v), UInt8(u), UInt8(255 - v), UInt8(v), UInt8(u), UInt8(v), UInt8(v), UInt8(255 - u),
                                   UInt8(v), UInt8(v), UInt8(u), UInt8(255 - v), UInt8(255 - u), UInt8(v), UInt8(u), UInt8(v)]
                let img = Image(width: 2, height: 2, pixels: px)
                #expect(Texture(img).levels[1].pixels == Self.referenceHalve(img).pixels, "\(v) \(u)")
            }
        }
    }

    @Test func allOpaqueWhiteAndAllZeroHalveExactly() {
        let white = Image(width: 6, height: 5, pixels: [UInt8](repeating: 255, count: 6 * 5 * 4))
        #expect(Texture(white).levels.map(\.pixels) == {
            var out = [white], cur = white
            while cur.width > 1 || cur.height > 1 { cur = Self.referenceHalve(cur); out.append(cur) }
            return out.map(\.pixels)
        }())
        #expect(Texture(Image(width: 9, height: 4)).levels.allSatisfy { $0.pixels.allSatisfy { $0 == 0 } })
    }

    @Test(arguments: [0, 1, 2, 5, 16, 257])
    func premultiplicationMatchesReferenceLoop(pixels: Int) {
        let straight = Self.bytes(pixels * 4, seed: UInt64(pixels) + 7)
        let img = Image(width: pixels, height: 1, straightRGBA: straight)
        #expect(img.pixels == Self.referencePremultiply(straight))
    }

    @Test func premultiplicationOfEveryChannelAlphaPair() {
        // Every (value, alpha) pair once: 256 × 256 pixels with r = g = b = value.
        var straight = [UInt8](); straight.reserveCapacity(256 * 256 * 4)
        for a in 0..<256 { for v in 0..<256 { straight += [UInt8(v), UInt8(255 - v), UInt8(v / 2), UInt8(a)] } }
        let img = Image(width: 256, height: 256, straightRGBA: straight)
        #expect(img.pixels == Self.referencePremultiply(straight))
    }
}
