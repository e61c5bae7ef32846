import Foundation
import StardustTestSupport
import StardustCodecs
import StardustCore
import Testing

/// Corrupt, truncated and hostile inputs must throw typed errors, never crash or trap.
@Suite struct DecoderRobustnessTests {
    private func smallPNG() -> [UInt8] {
        PNGEncoder.encode(TestSupport.image(width: 12, height: 9) { x, y in (UInt8(x * 20), UInt8(y * 28), UInt8(x * y), UInt8(100 + x * 10)) })
    }

    @Test func crcCorruptionIsDetectedAndNamed() {
        var bytes = smallPNG()
        // Flip a bit inside the IHDR data (offset 8 + 8 + 5).
        bytes[21] ^= 0x01
        if let error = #expect(throws: (any Error).self, performing: { try PNGDecoder.decode(bytes) }) {
            #expect("\(error)" == "PNG chunk IHDR has a bad CRC.")
        }
        var idat = smallPNG()
        let chunks = try? PNGChunk.chunks(in: idat)
        #expect(chunks != nil)
        // IDAT data begins after signature (8) + IHDR (25) + IDAT length/type (8).
        idat[8 + 25 + 8 + 2] ^= 0x40
        if let error = #expect(throws: (any Error).self, performing: { try PNGDecoder.decode(idat) }) {
            #expect("\(error)" == "PNG chunk IDAT has a bad CRC.")
        }
    }

    @Test func everyTruncationThrows() {
        let png = smallPNG()
        for n in 0..<png.count {
            #expect(throws: (any Error).self, "PNG prefix of \(n) bytes") { try PNGDecoder.decode(Array(png[0..<n])) }
        }
        let gif = (try? GIFWriter.encode([TestSupport.image(width: 9, height: 7) { x, y in (UInt8(x * 25), UInt8(y * 30), 9, 255) }], fps: 10)) ?? []
        #expect(!gif.isEmpty)
        for n in 0..<gif.count {
            #expect(throws: (any Error).self, "GIF prefix of \(n) bytes") { try GIFDecoder.decode(Array(gif[0..<n])) }
        }
    }

    @Test func truncatedJPEGsThrow() throws {
        let jpeg = try TestSupport.fixture("pil_rgb.jpg")
        // Every prefix shorter than the whole file lacks scan data or the EOI marker.
        for n in stride(from: 0, to: jpeg.count - 2, by: 3) {
            #expect(throws: (any Error).self, "JPEG prefix of \(n) bytes") { try JPEGDecoder.decode(Array(jpeg[0..<n])) }
        }
        #expect(throws: Never.self) { try JPEGDecoder.decode(jpeg) }
    }

    /// Fixed-seed random byte flips: the decoders may accept or reject, but must not crash.
    @Test func randomCorruptionNeverCrashes() throws {
        var rng = SplitMix64(seed: 0x5EED)
        let inputs: [(String, [UInt8])] = [
            ("png", smallPNG()),
            ("interlaced png", try TestSupport.fixture("adam7_rgba8.png")),
            ("palette png", try TestSupport.fixture("pil_palette8_trns.png")),
            ("jpeg", try TestSupport.fixture("pil_rgb.jpg")),
            ("gif", try TestSupport.fixture("pil_anim.gif")),
            ("interlaced gif", try TestSupport.fixture("hand_disposal.gif")),
        ]
        var rejected = 0
        for (_, original) in inputs {
            for _ in 0..<300 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let i = Int.random(in: 0..<bytes.count, using: &rng)
                    bytes[i] = UInt8.random(in: 0...255, using: &rng)
                }
                do { _ = try ImageDecoder.decode(bytes, maxPixels: 1 << 20) } catch { rejected += 1 }
                do { _ = try GIFDecoder.decode(bytes, maxPixels: 1 << 20) } catch {}
                // Skipping the CRC check: rewrite CRCs so corruption reaches the PNG internals.
                if original.starts(with: [137, 80, 78, 71]) {
                    _ = try? PNGDecoder.decode(Self.fixingCRCs(bytes), maxPixels: 1 << 20)
                }
            }
        }
        #expect(rejected > 900, "most corruptions are detected")
    }

    /// Recomputes every chunk CRC (when the framing is intact) so that fuzzing reaches the decoder.
    static func fixingCRCs(_ input: [UInt8]) -> [UInt8] {
        var bytes = input
        var pos = 8
        while pos + 12 <= bytes.count {
            let length = Int(bytes[pos]) << 24 | Int(bytes[pos + 1]) << 16 | Int(bytes[pos + 2]) << 8 | Int(bytes[pos + 3])
            guard length <= bytes.count - pos - 12 else { break }
            var crc: UInt32 = 0xFFFF_FFFF
            for b in bytes[(pos + 4)..<(pos + 8 + length)] {
                crc ^= UInt32(b)
                for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            crc ^= 0xFFFF_FFFF
            let at = pos + 8 + length
            bytes[at] = UInt8(crc >> 24); bytes[at + 1] = UInt8((crc >> 16) & 0xFF)
            bytes[at + 2] = UInt8((crc >> 8) & 0xFF); bytes[at + 3] = UInt8(crc & 0xFF)
            pos = at + 4
        }
        return bytes
    }

    @Test func corruptFilterAndPaletteIndexAreReported() throws {
        // Build a 2×1 palette PNG by hand whose second pixel uses index 5 of a 2-entry palette,
        // and one whose row uses filter type 9.
        func png(ihdr: [UInt8], plte: [UInt8]?, raw: [UInt8]) -> [UInt8] {
            var out: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
            func chunk(_ t: String, _ d: [UInt8]) {
                var body = Array(t.utf8) + d
                out += [UInt8(d.count >> 24), UInt8(d.count >> 16 & 0xFF), UInt8(d.count >> 8 & 0xFF), UInt8(d.count & 0xFF)]
                out += body
                body = DecoderRobustnessTests.fixingCRCs([137, 80, 78, 71, 13, 10, 26, 10] + [UInt8(d.count >> 24), UInt8(d.count >> 16 & 0xFF), UInt8(d.count >> 8 & 0xFF), UInt8(d.count & 0xFF)] + body + [0, 0, 0, 0])
                out += body.suffix(4)
            }
            chunk("IHDR", ihdr)
            if let plte { chunk("PLTE", plte) }
            // Stored (uncompressed) deflate block inside a zlib stream.
            let n = raw.count
            var z: [UInt8] = [0x78, 0x01, 0x01, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)] + raw
            var a: UInt32 = 1, b: UInt32 = 0
            for v in raw { a = (a + UInt32(v)) % 65521; b = (b + a) % 65521 }
            let adler = b << 16 | a
            z += [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)]
            chunk("IDAT", z)
            chunk("IEND", [])
            return out
        }
        let ihdrPalette: [UInt8] = [0, 0, 0, 2, 0, 0, 0, 1, 8, 3, 0, 0, 0]
        let good = png(ihdr: ihdrPalette, plte: [255, 0, 0, 0, 0, 255], raw: [0, 1, 0])
        #expect(try PNGDecoder.decodeStraightRGBA(good).pixels == [0, 0, 255, 255, 255, 0, 0, 255])
        if let error = #expect(throws: (any Error).self, performing: {
            try PNGDecoder.decode(png(ihdr: ihdrPalette, plte: [255, 0, 0, 0, 0, 255], raw: [0, 1, 5]))
        }) {
            #expect("\(error)" == "PNG pixel uses palette index 5 but the palette has 2 entries.")
        }
        if let error = #expect(throws: (any Error).self, performing: {
            try PNGDecoder.decode(png(ihdr: ihdrPalette, plte: [255, 0, 0, 0, 0, 255], raw: [9, 1, 0]))
        }) {
            #expect("\(error)" == "PNG row 0 uses unknown filter type 9.")
        }
        if let error = #expect(throws: (any Error).self, performing: { try PNGDecoder.decode(png(ihdr: ihdrPalette, plte: nil, raw: [0, 1, 0])) }) {
            #expect("\(error)".contains("no PLTE"), "\(error)")
        }
        if let error = #expect(throws: (any Error).self, performing: {
            try PNGDecoder.decode(png(ihdr: [0, 0, 0, 2, 0, 0, 0, 1, 3, 2, 0, 0, 0], plte: nil, raw: [0]))
        }) {
            #expect("\(error)".contains("bit depth 3"), "\(error)")
        }
        if let error = #expect(throws: (any Error).self, performing: {
            try PNGDecoder.decode(png(ihdr: ihdrPalette, plte: [255, 0, 0, 0, 0, 255], raw: [0, 1]))
        }) {
            #expect("\(error)".contains("truncated"), "\(error)")
        }
    }

    @Test func hugeDeclaredSizesAreRejectedBeforeAllocation() throws {
        // PNG: patch the IHDR of a small file to 100000×100000 and fix its CRC.
        var png = smallPNG()
        for (i, v) in [UInt8(0x00), 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0].enumerated() { png[16 + i] = v }
        png = Self.fixingCRCs(png)
        let hugePNG = png
        if let error = #expect(throws: (any Error).self, performing: { try PNGDecoder.decode(hugePNG) }) {
            #expect("\(error)" == "PNG is 100000×100000 pixels, over the 100-megapixel limit.")
            #expect((error as? CodecError) == .tooLarge(format: "PNG", width: 100000, height: 100000, limit: ImageLimits.defaultMaxPixels))
        }
        // A configurable limit.
        #expect(throws: (any Error).self) { try PNGDecoder.decode(smallPNG(), maxPixels: 50) }
        #expect(throws: Never.self) { try PNGDecoder.decode(smallPNG(), maxPixels: 108) }
        // Maximal 31-bit dimensions must not overflow.
        var maxed = smallPNG()
        for (i, v) in [UInt8(0x7F), 0xFF, 0xFF, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF].enumerated() { maxed[16 + i] = v }
        let maxedPNG = Self.fixingCRCs(maxed)
        if let error = #expect(throws: (any Error).self, performing: { try PNGDecoder.decode(maxedPNG) }) {
            #expect("\(error)".contains("over the"))
        }

        // JPEG: the SOF0 height/width fields of the fixture set to 60000×60000 (> 100 MP).
        var jpeg = try TestSupport.fixture("pil_rgb.jpg")
        let sof = try #require((0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg[sof + 5] = 0xEA; jpeg[sof + 6] = 0x60; jpeg[sof + 7] = 0xEA; jpeg[sof + 8] = 0x60
        let hugeJPEG = jpeg
        if let error = #expect(throws: (any Error).self, performing: { try JPEGDecoder.decode(hugeJPEG) }) {
            #expect("\(error)" == "JPEG is 60000×60000 pixels, over the 100-megapixel limit.")
        }

        // GIF: a 65535×65535 logical screen.
        var gif = try TestSupport.fixture("pil_anim.gif")
        gif[6] = 0xFF; gif[7] = 0xFF; gif[8] = 0xFF; gif[9] = 0xFF
        let hugeGIF = gif
        if let error = #expect(throws: (any Error).self, performing: { try GIFDecoder.decode(hugeGIF) }) {
            #expect("\(error)" == "GIF is 65535×65535 pixels, over the 100-megapixel limit.")
        }
    }
}
