/// Pair kerning of a font file, as CoreText applies it when lottie-ios draws text in a font (docs/LOTTIE.md,
/// "Text"): the horizontal advance adjustments of the `GPOS` table's pair-positioning lookups (type 2, also
/// behind extension lookups, type 9) under the `kern` feature, formats 1 (glyph pairs) and 2 (class pairs), the
/// first subtable that covers a pair deciding it. The table's bytes are kept and read per pair; every offset is
/// checked, so a damaged table gives no kerning, never a trap.
struct LottieFontKerning: Equatable, Sendable {
    let bytes: [UInt8]
    /// Offsets (into `bytes`) of the pair-positioning subtables, in lookup order.
    let subtables: [Int]

    /// At most this many lookups and subtables are read.
    static let maxSubtables = 512

    init?(gpos: ArraySlice<UInt8>) {
        let b = Array(gpos)
        bytes = b
        func u16(_ o: Int) -> Int? { o >= 0 && o + 2 <= b.count ? Int(b[o]) << 8 | Int(b[o + 1]) : nil }
        func u32(_ o: Int) -> Int? { guard let h = u16(o), let l = u16(o + 2) else { return nil }; return h << 16 | l }
        // Header: version (4 bytes), then the script, feature and lookup list offsets.
        guard let features = u16(6), let lookups = u16(8), let featureCount = u16(features) else { return nil }
        var indices: [Int] = []
        for f in 0..<min(featureCount, Self.maxSubtables) {
            let r = features + 2 + 6 * f
            guard r + 4 <= b.count, String(decoding: b[r..<(r + 4)], as: UTF8.self) == "kern",
                  let off = u16(r + 4), let n = u16(features + off + 2) else { continue }
            for k in 0..<min(n, Self.maxSubtables) {
                if let i = u16(features + off + 4 + 2 * k), !indices.contains(i) { indices.append(i) }
            }
        }
        var found: [Int] = []
        guard let lookupCount = u16(lookups) else { return nil }
        for i in indices.sorted() where i < lookupCount {
            guard let off = u16(lookups + 2 + 2 * i) else { continue }
            let lookup = lookups + off
            guard let type = u16(lookup), let n = u16(lookup + 4) else { continue }
            for k in 0..<min(n, Self.maxSubtables) {
                guard let so = u16(lookup + 6 + 2 * k) else { continue }
                var sub = lookup + so
                if type == 9 {
                    guard u16(sub) == 1, u16(sub + 2) == 2, let ext = u32(sub + 4) else { continue }
                    sub += ext
                } else if type != 2 {
                    continue
                }
                if found.count < Self.maxSubtables { found.append(sub) }
            }
        }
        if found.isEmpty { return nil }
        subtables = found
    }

    private func u16(_ o: Int) -> Int? { o >= 0 && o + 2 <= bytes.count ? Int(bytes[o]) << 8 | Int(bytes[o + 1]) : nil }

    /// The kerning between two glyphs, in font units (negative: closer).
    func adjustment(_ left: Int, _ right: Int) -> Int {
        for sub in subtables {
            guard let format = u16(sub), let cov = u16(sub + 2), let vf1 = u16(sub + 4), let vf2 = u16(sub + 6),
                  let index = coverage(sub + cov, left) else { continue }
            let size1 = (vf1 & 0xFF).nonzeroBitCount * 2, size2 = (vf2 & 0xFF).nonzeroBitCount * 2
            // XAdvance (bit 2) follows XPlacement and YPlacement when those are present.
            func xAdvance(_ record: Int) -> Int? {
                guard vf1 & 4 != 0 else { return vf1 == 0 ? nil : 0 }
                guard let v = u16(record + 2 * (vf1 & 3).nonzeroBitCount) else { return nil }
                return Int(Int16(truncatingIfNeeded: v))
            }
            if format == 1 {
                guard let sets = u16(sub + 8), index < sets, let so = u16(sub + 10 + 2 * index),
                      let count = u16(sub + so) else { continue }
                let stride = 2 + size1 + size2
                // Records are sorted by the second glyph: binary search.
                var lo = 0, hi = count - 1
                while lo <= hi {
                    let mid = (lo + hi) / 2, r = sub + so + 2 + stride * mid
                    guard let g = u16(r) else { break }
                    if g == right { return xAdvance(r + 2) ?? 0 }
                    if g < right { lo = mid + 1 } else { hi = mid - 1 }
                }
            } else if format == 2 {
                guard let cd1 = u16(sub + 8), let cd2 = u16(sub + 10), let n1 = u16(sub + 12), let n2 = u16(sub + 14) else { continue }
                let c1 = classOf(sub + cd1, left), c2 = classOf(sub + cd2, right)
                guard c1 < n1, c2 < n2 else { continue }
                return xAdvance(sub + 16 + (c1 * n2 + c2) * (size1 + size2)) ?? 0
            }
        }
        return 0
    }

    /// The coverage index of a glyph (formats 1 and 2), nil when not covered.
    private func coverage(_ table: Int, _ glyph: Int) -> Int? {
        guard let format = u16(table), let count = u16(table + 2) else { return nil }
        var lo = 0, hi = count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if format == 1 {
                guard let g = u16(table + 4 + 2 * mid) else { return nil }
                if g == glyph { return mid }
                if g < glyph { lo = mid + 1 } else { hi = mid - 1 }
            } else if format == 2 {
                let r = table + 4 + 6 * mid
                guard let start = u16(r), let end = u16(r + 2), let first = u16(r + 4) else { return nil }
                if glyph < start { hi = mid - 1 } else if glyph > end { lo = mid + 1 } else { return first + glyph - start }
            } else {
                return nil
            }
        }
        return nil
    }

    /// The class of a glyph in a class definition table (formats 1 and 2; 0 when not listed).
    private func classOf(_ table: Int, _ glyph: Int) -> Int {
        guard let format = u16(table) else { return 0 }
        if format == 1 {
            guard let start = u16(table + 2), let count = u16(table + 4), glyph >= start, glyph - start < count else { return 0 }
            return u16(table + 6 + 2 * (glyph - start)) ?? 0
        }
        guard format == 2, let count = u16(table + 2) else { return 0 }
        var lo = 0, hi = count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2, r = table + 4 + 6 * mid
            guard let start = u16(r), let end = u16(r + 2) else { return 0 }
            if glyph < start { hi = mid - 1 } else if glyph > end { lo = mid + 1 } else { return u16(r + 4) ?? 0 }
        }
        return 0
    }
}
