import Foundation
import StardustCore
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
