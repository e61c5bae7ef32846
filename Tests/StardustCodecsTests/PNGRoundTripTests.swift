import Foundation
import StardustTestSupport
import StardustCodecs
import StardustCore
import Testing

@Suite struct PNGRoundTripTests {
    /// A translucent image with every alpha level and colors that stress the filters.
    private func translucent(_ w: Int, _ h: Int) -> Image {
        TestSupport.image(width: w, height: h) { x, y in
            (UInt8((x * 37 + y * 5) & 255), UInt8((x * y) & 255), UInt8((255 - x * 9) & 255), UInt8((x * 7 + y * 13) & 255))
        }
    }

    @Test func automaticFormatIsLosslessForTranslucentAndOpaqueImages() throws {
        let t = translucent(37, 23)
        for compression in PNGCompression.allCases {
            #expect(try PNGDecoder.decode(PNGEncoder.encode(t, compression: compression)) == t)
        }
        let opaque = TestSupport.image(width: 19, height: 17) { x, y in (UInt8(x * 13 & 255), UInt8(y * 15), UInt8((x ^ y) * 8 & 255), 255) }
        let bytes = PNGEncoder.encode(opaque)
        #expect(bytes[25] == 2, "an opaque image is written as RGB (color type 2)")
        #expect(try PNGDecoder.decode(bytes) == opaque)
        #expect(PNGEncoder.encode(t)[25] == 6, "a translucent image is written as RGBA")
    }

    /// Premultiplied → straight → premultiplied is exact, so every premultiplied value survives.
    @Test func everyPremultipliedValueSurvives() throws {
        var px: [UInt8] = []
        for a in 0...255 { for c in stride(from: 0, through: a, by: max(1, a / 15)) { px += [UInt8(c), UInt8(a - c), UInt8(c / 2), UInt8(a)] } }
        let image = Image(width: px.count / 4, height: 1, pixels: px)
        #expect(try PNGDecoder.decode(PNGEncoder.encode(image)) == image)
    }

    @Test func forcedFormatsRoundTripLosslessly() throws {
        let rgba = translucent(21, 11)
        let rgb = TestSupport.image(width: 21, height: 11) { x, y in (UInt8(x * 12), UInt8(y * 23), UInt8((x + y) * 7), 255) }
        let gray8 = TestSupport.image(width: 21, height: 11) { x, y in let g = UInt8((x * 11 + y * 3) & 255); return (g, g, g, 255) }
        let grayAlpha = TestSupport.image(width: 21, height: 11) { x, y in let g = UInt8((x * 11) & 255); return (g, g, g, UInt8(y * 25)) }
        var cases: [(PNGPixelFormat, Image, UInt8, UInt8)] = [
            (.rgba(bitDepth: 8), rgba, 8, 6), (.rgba(bitDepth: 16), rgba, 16, 6),
            (.rgb(bitDepth: 8), rgb, 8, 2), (.rgb(bitDepth: 16), rgb, 16, 2),
            (.gray(bitDepth: 8), gray8, 8, 0), (.gray(bitDepth: 16), gray8, 16, 0),
            (.grayAlpha(bitDepth: 8), grayAlpha, 8, 4), (.grayAlpha(bitDepth: 16), grayAlpha, 16, 4),
        ]
        for depth in [1, 2, 4] {
            let levels = (1 << depth) - 1
            let g = TestSupport.image(width: 13, height: 5) { x, y in let v = UInt8((x + y) % (levels + 1) * (255 / levels)); return (v, v, v, 255) }
            cases.append((.gray(bitDepth: depth), g, UInt8(depth), 0))
        }
        for depth in [1, 2, 4, 8] {
            let colors = min(1 << depth, 40)
            let p = TestSupport.image(width: 17, height: 7) { x, y in
                let k = (x + 3 * y) % colors
                return (UInt8(k * 6), UInt8(255 - k * 5), UInt8(k * 77 & 255), k == 0 ? 0 : (k == 1 ? 100 : 255))
            }
            cases.append((.palette(bitDepth: depth), p, UInt8(depth), 3))
        }
        for (format, image, depth, colorType) in cases {
            let bytes = try PNGEncoder.encode(image, format: format, compression: .fast)
            #expect(bytes[24] == depth, "\(format)")
            #expect(bytes[25] == colorType, "\(format)")
            #expect(try PNGDecoder.decode(bytes) == image, "\(format)")
        }
    }

    @Test func forcedFormatsRefuseLossyConversions() {
        let colored = TestSupport.image(width: 4, height: 4) { x, _ in (UInt8(x * 60), 0, 0, 255) }
        #expect(throws: (any Error).self) { try PNGEncoder.encode(colored, format: .gray(bitDepth: 8)) }
        let translucent = TestSupport.image(width: 4, height: 4) { _, _ in (10, 10, 10, 100) }
        #expect(throws: (any Error).self) { try PNGEncoder.encode(translucent, format: .rgb(bitDepth: 8)) }
        #expect(throws: (any Error).self) { try PNGEncoder.encode(translucent, format: .gray(bitDepth: 8)) }
        let gray = TestSupport.image(width: 4, height: 4) { _, _ in (100, 100, 100, 255) }
        #expect(throws: (any Error).self, "100 is not a multiple of 85") { try PNGEncoder.encode(gray, format: .gray(bitDepth: 2)) }
        let many = TestSupport.image(width: 16, height: 2) { x, y in (UInt8(x * 16), UInt8(y), 0, 255) }
        if let error = #expect(throws: (any Error).self, performing: { try PNGEncoder.encode(many, format: .palette(bitDepth: 4)) }) {
            #expect("\(error)".contains("more than 16 colors"), "\(error)")
        }
        #expect(throws: (any Error).self) { try PNGEncoder.encode(gray, format: .rgb(bitDepth: 4)) }
        #expect(throws: (any Error).self) { try PNGEncoder.encode(Image(width: 0, height: 3), format: .automatic) }
        #expect(PNGEncoder.encode(Image(width: 3, height: 0)) == [])
    }

    @Test func adaptiveFiltersUseSeveralFilterTypesAndDefaultCompressesHarder() throws {
        // A smooth gradient favours Sub/Up/Paeth over None.
        let image = TestSupport.image(width: 64, height: 64) { x, y in (UInt8(x * 4), UInt8(y * 4), UInt8((x + y) * 2), 255) }
        let fast = PNGEncoder.encode(image, compression: .fast)
        let def = PNGEncoder.encode(image, compression: .default)
        #expect(def.count <= fast.count)
        // Inflate the image data with zlib through our own decoder path is covered elsewhere; here check
        // that the raw size shrank well below the 12 KB of unfiltered RGB.
        #expect(def.count < 64 * 64 * 3 / 4)
        #expect(try PNGDecoder.decode(def) == image)
    }

    @Test func chunkListingReportsTheWrittenStructure() throws {
        let chunks = try PNGChunk.chunks(in: PNGEncoder.encode(translucent(3, 3)))
        #expect(chunks.first?.type == "IHDR")
        #expect(chunks.last?.type == "IEND")
        #expect(chunks.first?.data.count == 13)
        #expect(chunks.contains { $0.type == "IDAT" })
    }
}
