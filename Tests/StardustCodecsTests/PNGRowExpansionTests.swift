import Foundation
import StardustCore
import StardustTestSupport
import Testing
@testable import StardustCodecs

/// ``PNGRowExpander``'s direct rows (4- and 8-bit palette indices, RGBA8 side by side) against the pixels PNG
/// defines, written here one sample at a time: the same bytes for every row length, palette size, transparency
/// table and pixel step (interlaced passes write every 2ⁿth pixel), the bytes between pixels untouched, and the
/// same error at the first index past the palette.
@Suite struct PNGRowExpansionTests {
    /// The header of a one-row image, through the decoder's own `IHDR` reader.
    static func header(width: Int, depth: Int, colorType: Int) throws -> PNGHeader {
        let w = UInt32(width)
        let bytes: [UInt8] = [UInt8(w >> 24), UInt8(w >> 16 & 255), UInt8(w >> 8 & 255), UInt8(w & 255), 0, 0, 0, 1,
                              UInt8(depth), UInt8(colorType), 0, 0, 0]
        return try PNGHeader(ihdr: bytes[...])
    }

    /// The straight RGBA8 pixels of a palette row, or the error the decoder gives for its first bad index.
    static func expectedPalette(_ row: [UInt8], depth: Int, count: Int, palette: [UInt8], alpha: [UInt8]) -> Result<[UInt8], CodecError> {
        var out: [UInt8] = []
        let entries = palette.count / 3
        for x in 0..<count {
            let bit = x * depth
            let i = (Int(row[bit >> 3]) >> (8 - depth - (bit & 7))) & ((1 << depth) - 1)
            guard i < entries else {
                return .failure(.invalidData(format: "PNG", reason: "pixel uses palette index \(i) but the palette has \(entries) entries"))
            }
            out += [palette[3 * i], palette[3 * i + 1], palette[3 * i + 2], i < alpha.count ? alpha[i] : 255]
        }
        return .success(out)
    }

    /// What `expand` writes into a buffer filled with 0xAB, read back at every pixel; the gaps must keep 0xAB.
    static func run(_ e: PNGRowExpander, _ row: [UInt8], count: Int, step: Int) -> Result<[UInt8], CodecError> {
        var buffer = [UInt8](repeating: 0xAB, count: max(1, count * step))
        do {
            try row.withUnsafeBufferPointer { r in
                try buffer.withUnsafeMutableBufferPointer { b in try e.expand(r.baseAddress!, count: count, into: b.baseAddress!, step: step) }
            }
        } catch let error as CodecError { return .failure(error) } catch { Issue.record("\(error)"); return .success([]) }
        var pixels: [UInt8] = []
        for x in 0..<count {
            pixels += buffer[(x * step)..<(x * step + 4)]
            #expect(buffer[(x * step + 4)..<(x * step + step)].allSatisfy { $0 == 0xAB })
        }
        return .success(pixels)
    }

    @Test func paletteRowsMatchTheDefinition() throws {
        var rng = SplitMix64(seed: 4)
        for _ in 0..<600 {
            let depth = [4, 8].randomElement(using: &rng)!
            let entries = Int.random(in: 1...(1 << depth), using: &rng)
            let palette = (0..<(3 * entries)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let alpha = Bool.random(using: &rng) ? (0..<Int.random(in: 0...entries, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) } : nil
            let count = Int.random(in: 1...37, using: &rng)
            // Mostly indices inside the palette; sometimes any index, so that some rows are refused.
            let wild = Int.random(in: 0..<4, using: &rng) == 0
            var indices = (0..<count).map { _ in Int.random(in: 0..<(wild ? 1 << depth : entries), using: &rng) }
            if depth == 4 && count % 2 == 1 { indices.append(Int.random(in: 0..<16, using: &rng)) }  // the last byte's unused half
            let row: [UInt8] = depth == 8 ? indices.map { UInt8($0) } : stride(from: 0, to: indices.count, by: 2).map { UInt8(indices[$0] << 4 | indices[$0 + 1]) }
            let e = try PNGRowExpander(header: Self.header(width: count, depth: depth, colorType: 3),
                                       palette: palette, transparency: alpha)
            let expected = Self.expectedPalette(row, depth: depth, count: count, palette: palette, alpha: alpha ?? [])
            for step in [4, 8, 32] { #expect(Self.run(e, row, count: count, step: step) == expected, "depth \(depth) step \(step)") }
        }
    }

    @Test func rgbaRowsAreCopied() throws {
        var rng = SplitMix64(seed: 6)
        for count in [1, 2, 3, 7, 64, 301] {
            let row = (0..<(4 * count)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let e = try PNGRowExpander(header: Self.header(width: count, depth: 8, colorType: 6),
                                       palette: [], transparency: nil)
            for step in [4, 8, 16] { #expect(Self.run(e, row, count: count, step: step) == .success(row), "count \(count) step \(step)") }
        }
    }
}

extension PNGRowExpansionTests {
    /// Straight RGBA8 bytes premultiplied as PNG decoding defines it, one channel at a time (the reference).
    static func premultiplied(_ straight: [UInt8]) -> [UInt8] {
        var out = straight
        for p in stride(from: 0, to: out.count, by: 4) {
            let a = Int(out[p + 3])
            for c in p..<(p + 3) { out[c] = UInt8((Int(out[c]) * a + 127) / 255) }
        }
        return out
    }

    @Test("a palette image decodes to its premultiplied palette's pixels: the straight decode premultiplied")
    func premultipliedPaletteAsPremultipliedPixels() throws {
        // Files another encoder wrote (Pillow, and by hand), against its own straight pixels.
        var files = 0
        for entry in try TestSupport.manifest() where entry.file.hasSuffix(".png") {
            let bytes = try TestSupport.fixture(entry.file)
            guard bytes.count > 25, bytes[25] == 3, entry.tolerance == 0 else { continue }
            files += 1
            let name = (entry.file as NSString).deletingPathExtension + ".rgba"
            let theirs = try TestSupport.fixture(name)
            let image = try PNGDecoder.decode(bytes)
            #expect(image.pixels == Self.premultiplied(theirs), "\(entry.file)")
            #expect(image.pixels == Self.premultiplied(try PNGDecoder.decodeStraightRGBA(bytes).pixels), "\(entry.file)")
        }
        #expect(files >= 4)
        // Random translucent palettes at every depth, through our encoder.
        var encoded = 0
        var rng = SplitMix64(seed: 2_323)
        for trial in 0..<200 {
            let depth = [1, 2, 4, 8][trial % 4]
            let colors = Int.random(in: 1...min(1 << depth, 60), using: &rng)
            let alphas: [UInt8] = [0, 1, 127, 128, 254, 255]
            let palette = (0..<colors).map { _ in
                (UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                 Bool.random(using: &rng) ? alphas.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng))
            }
            let w = Int.random(in: 1...40, using: &rng), h = Int.random(in: 1...9, using: &rng)
            let picks = (0..<(w * h)).map { _ in Int.random(in: 0..<colors, using: &rng) }
            let source = TestSupport.image(width: w, height: h) { x, y in palette[picks[y * w + x]] }
            guard let bytes = try? PNGEncoder.encode(source, format: .palette(bitDepth: depth), compression: .fast) else { continue }
            encoded += 1
            let straight = try PNGDecoder.decodeStraightRGBA(bytes)
            let image = try PNGDecoder.decode(bytes)
            #expect(image.width == w && image.height == h)
            #expect(image.pixels == Self.premultiplied(straight.pixels), "trial \(trial)")
        }
        #expect(encoded > 100)
    }
}
