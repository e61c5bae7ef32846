import Testing
import StardustCore

@Suite struct ImageTests {
    @Test func filledImageAndSubscript() {
        var img = Image(width: 3, height: 2, color: Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        #expect(img.pixelCount == 6)
        #expect(img[2, 1] == PremultipliedPixel(r: 128, g: 64, b: 0, a: 128))
        #expect(!img.isOpaque)
        img[1, 0] = PremultipliedPixel(r: 1, g: 2, b: 3, a: 4)
        #expect(Array(img.pixels[4..<8]) == [1, 2, 3, 4], "pixel (x, y) sits at byte 4·(y·width + x)")
        #expect(Image(width: 2, height: 2, color: .white).isOpaque)
        #expect(Image(width: 2, height: 1).pixels == [0, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func straightToPremultipliedIsExactForOpaqueAndClear() {
        // Every straight value at alpha 255 and 0.
        var straight: [UInt8] = []
        for v in 0...255 {
            let b = UInt8(v)
            straight += [b, 255 - b, b / 3, 255]
            straight += [b, 255 - b, b / 3, 0]
        }
        let img = Image(width: 512, height: 1, straightRGBA: straight)
        for v in 0...255 {
            let opaque = img[2 * v, 0], clear = img[2 * v + 1, 0]
            #expect(opaque == PremultipliedPixel(r: UInt8(v), g: UInt8(255 - v), b: UInt8(v / 3), a: 255))
            #expect(clear == PremultipliedPixel(r: 0, g: 0, b: 0, a: 0))
        }
        // Back to straight: opaque pixels are unchanged, clear ones become (0, 0, 0, 0).
        let back = img.straightRGBA()
        for v in 0...255 {
            #expect(Array(back[(8 * v)..<(8 * v + 4)]) == [UInt8(v), UInt8(255 - v), UInt8(v / 3), 255])
            #expect(Array(back[(8 * v + 4)..<(8 * v + 8)]) == [0, 0, 0, 0])
        }
    }

    @Test func premultiplyRoundsToNearest() {
        // 200·128/255 = 100.39 → 100; 255·1/255 = 1; 1·128/255 = 0.502 → 1; 1·127/255 = 0.498 → 0.
        let img = Image(width: 4, height: 1, straightRGBA: [200, 255, 1, 128, 255, 255, 255, 1, 1, 1, 1, 127, 10, 20, 30, 255])
        #expect(img[0, 0] == PremultipliedPixel(r: 100, g: 128, b: 1, a: 128))
        #expect(img[1, 0] == PremultipliedPixel(r: 1, g: 1, b: 1, a: 1))
        #expect(img[2, 0] == PremultipliedPixel(r: 0, g: 0, b: 0, a: 127))
        #expect(img.straightRGBA()[0..<4] == [199, 255, 2, 128], "100·255/128 = 199.2 → 199; 1·255/128 = 1.99 → 2")
    }

    @Test func premultiplyOfUnpremultiplyIsIdentityForEveryValidPixel() {
        // Every premultiplied (value, alpha) pair with value ≤ alpha: 33 152 pixels.
        var pixels: [UInt8] = []
        for a in 0...255 { for v in 0...a { pixels += [UInt8(v), UInt8(a - v), UInt8(v / 2), UInt8(a)] } }
        let n = pixels.count / 4
        let img = Image(width: n, height: 1, pixels: pixels)
        let straight = img.straightRGBA()
        let again = Image(width: n, height: 1, straightRGBA: straight)
        #expect(again.pixels == pixels)
        // And unpremultiplying is the rounded exact quotient v·255/a.
        for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i + 3] > 0 {
            let exact = Double(pixels[i]) * 255 / Double(pixels[i + 3])
            #expect(abs(Double(straight[i]) - exact) <= 0.5 + 1e-9)
        }
    }

    @Test func mipChainSizes() {
        func sizes(_ w: Int, _ h: Int) -> [[Int]] {
            Texture(Image(width: w, height: h)).levels.map { [$0.width, $0.height] }
        }
        #expect(sizes(5, 3) == [[5, 3], [2, 1], [1, 1]])
        #expect(sizes(8, 8) == [[8, 8], [4, 4], [2, 2], [1, 1]])
        #expect(sizes(1, 4) == [[1, 4], [1, 2], [1, 1]])
        #expect(sizes(1, 1) == [[1, 1]])
        #expect(sizes(7, 2) == [[7, 2], [3, 1], [1, 1]])
    }

    @Test func mipLevelsAreBoxFilterAverages() {
        // 4×2 with red values  0  10  20  30  /  40  50  60  71.
        var img = Image(width: 4, height: 2)
        for (i, v) in [0, 10, 20, 30, 40, 50, 60, 71].enumerated() {
            img[i % 4, i / 4] = PremultipliedPixel(r: UInt8(v), g: 0, b: 0, a: 255)
        }
        let tex = Texture(img)
        #expect(tex.levels.count == 3)
        // (0+10+40+50)/4 = 25; (20+30+60+71)/4 = 45.25 → 45.
        #expect(tex.levels[1][0, 0] == PremultipliedPixel(r: 25, g: 0, b: 0, a: 255))
        #expect(tex.levels[1][1, 0] == PremultipliedPixel(r: 45, g: 0, b: 0, a: 255))
        // (25+45)/2 = 35, a 1×2 column averaged with itself.
        #expect(tex.levels[2][0, 0] == PremultipliedPixel(r: 35, g: 0, b: 0, a: 255))
        // Halves round to nearest: (1+1+1+2)/4 = 1.25 → 1, (1+2+2+2)/4 = 1.75 → 2, (1+1+2+2)/4 = 1.5 → 2.
        let tiny = Texture(Image(width: 2, height: 2, pixels: [1, 1, 1, 1, 1, 2, 2, 2, 1, 2, 2, 2, 2, 2, 1, 2]))
        #expect(tiny.levels[1][0, 0] == PremultipliedPixel(r: 1, g: 2, b: 2, a: 2))
        // 5×3 → 2×1: pixel 0 averages the top-left 2×2 block.
        var odd = Image(width: 5, height: 3)
        for y in 0..<3 { for x in 0..<5 { odd[x, y] = PremultipliedPixel(r: UInt8(10 * x + y), g: 0, b: 0, a: 255) } }
        let t2 = Texture(odd)
        #expect(t2.levels[1][0, 0].r == 6, "(0 + 10 + 1 + 11)/4 = 5.5 → 6")
        #expect(t2.levels[1][1, 0].r == 26, "(20 + 30 + 21 + 31)/4 = 25.5 → 26")
    }

    @Test func texturesCompareByIdentity() {
        let img = Image(width: 2, height: 2, color: .red)
        let a = Texture(img), b = Texture(img)
        #expect(a == a)
        #expect(a != b)
        #expect(a.image == img)
        #expect(Set([a, a, b]).count == 2)
    }
}
