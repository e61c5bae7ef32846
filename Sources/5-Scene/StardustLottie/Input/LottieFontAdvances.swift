/// The advance widths of a TrueType/OpenType font file's characters, read from its `cmap` (Unicode to glyph:
/// format 4 segments and format 12 groups) and `hmtx` tables, so that text in that font can be laid out one
/// character at a time with Lottie's tracking (docs/LOTTIE.md, "Text"), with the pair kerning of its `GPOS` table
/// (``LottieFontKerning``) as CoreText applies it. The tables are copied
/// out of the file once; every offset is checked, so a damaged file gives fewer characters, never a trap.
struct LottieFontAdvances: Equatable, Sendable {
    /// Ranges of Unicode scalars and the glyph of each: `glyph = (delta + scalar) mod 65536` (format 4 without a
    /// glyph array, format 12), or the glyphs listed one per scalar from `first`.
    struct Range: Equatable, Sendable {
        var first: UInt32, last: UInt32
        var delta: Int
        var glyphs: [UInt16]
    }
    var ranges: [Range] = []
    /// Advance widths in font units by glyph (the last one repeats for the glyphs after it).
    var widths: [UInt16] = []
    var unitsPerEm: Double
    var kerning: LottieFontKerning?

    /// At most this many ranges, listed glyphs and advance widths are kept (a hostile table cannot make the reader
    /// allocate or loop more).
    static let maxRanges = 1 << 16

    init?(_ b: [UInt8], cmap: Int, hmtx: Int, metrics: Int, unitsPerEm: Int) {
        func u16(_ o: Int) -> Int? { o >= 0 && o + 2 <= b.count ? Int(b[o]) << 8 | Int(b[o + 1]) : nil }
        func u32(_ o: Int) -> Int? { guard let h = u16(o), let l = u16(o + 2) else { return nil }; return h << 16 | l }
        self.unitsPerEm = Double(unitsPerEm)
        guard metrics > 0 else { return nil }
        for g in 0..<min(metrics, Self.maxRanges) {
            guard let w = u16(hmtx + 4 * g) else { break }
            widths.append(UInt16(w))
        }
        guard !widths.isEmpty, let count = u16(cmap + 2) else { return nil }
        // The Unicode subtable: full repertoire (3, 10 or 0, 4+) in format 12 first, else BMP in format 4.
        var best: (rank: Int, offset: Int)?
        for k in 0..<min(count, 64) {
            guard let platform = u16(cmap + 4 + 8 * k), let encoding = u16(cmap + 6 + 8 * k),
                  let offset = u32(cmap + 8 + 8 * k), let format = u16(cmap + offset) else { continue }
            let unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
            guard unicode, format == 4 || format == 12 else { continue }
            let rank = format == 12 ? 2 : 1
            if best == nil || rank > best!.rank { best = (rank, cmap + offset) }
        }
        guard let table = best?.offset, let format = u16(table) else { return nil }
        if format == 12 {
            guard let groups = u32(table + 12) else { return nil }
            for g in 0..<min(groups, Self.maxRanges) {
                let r = table + 16 + 12 * g
                guard let start = u32(r), let end = u32(r + 4), let glyph = u32(r + 8), start <= end else { break }
                ranges.append(Range(first: UInt32(start), last: UInt32(end), delta: glyph - start, glyphs: []))
            }
        } else {
            guard let segX2 = u16(table + 6) else { return nil }
            let segments = segX2 / 2
            let ends = table + 14, starts = ends + segX2 + 2, deltas = starts + segX2, rangeOffsets = deltas + segX2
            var listed = 0
            for s in 0..<segments {
                guard let end = u16(ends + 2 * s), let start = u16(starts + 2 * s), let delta = u16(deltas + 2 * s),
                      let ro = u16(rangeOffsets + 2 * s), start <= end, start != 0xFFFF else { continue }
                if ro == 0 {
                    // Glyph = (scalar + delta) mod 65536.
                    let d = delta >= 0x8000 ? delta - 0x10000 : delta
                    ranges.append(Range(first: UInt32(start), last: UInt32(end), delta: d, glyphs: []))
                } else {
                    var glyphs: [UInt16] = []
                    for c in start...end {
                        // All listed glyphs together count against the same bound as the ranges.
                        guard listed < Self.maxRanges, let g = u16(rangeOffsets + 2 * s + ro + 2 * (c - start)) else { break }
                        listed += 1
                        glyphs.append(g == 0 ? 0 : UInt16(truncatingIfNeeded: g + delta))
                    }
                    if !glyphs.isEmpty {
                        ranges.append(Range(first: UInt32(start), last: UInt32(start + glyphs.count - 1), delta: 0, glyphs: glyphs))
                    }
                }
                if ranges.count >= Self.maxRanges { break }
            }
        }
        if ranges.isEmpty { return nil }
    }

    /// The glyph of a Unicode scalar (0, the missing glyph, when the font has none).
    func glyph(_ scalar: UInt32) -> Int {
        for r in ranges where r.first <= scalar && scalar <= r.last {
            if r.glyphs.isEmpty { return (Int(scalar) + r.delta) & 0xFFFF }  // glyph ids are 16 bits
            return Int(r.glyphs[Int(scalar - r.first)])
        }
        return 0
    }

    /// The kerning between two characters in ems (their first scalars' glyphs; 0 without kerning).
    func kern(_ left: Character, _ right: Character) -> Double {
        guard let k = kerning, let l = left.unicodeScalars.first, let r = right.unicodeScalars.first else { return 0 }
        return Double(k.adjustment(glyph(l.value), glyph(r.value))) / unitsPerEm
    }

    /// The advance of a character in ems: the sum over its scalars' glyphs (a character is usually one scalar).
    func advance(_ c: Character) -> Double {
        var units = 0
        for s in c.unicodeScalars {
            let g = glyph(s.value)
            units += Int(widths[min(max(g, 0), widths.count - 1)])
        }
        return Double(units) / unitsPerEm
    }
}
