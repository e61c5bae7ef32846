/// Maps straight RGBA8 pixels to palette indices, optionally with ordered (Bayer 8×8) dithering.
///
/// The result for a pixel is a function of its position and color only — never of its neighbours or of
/// earlier frames — so a pixel that does not change between frames maps to the same index in every frame
/// (temporal stability; error diffusion would not have this property).
///
/// For each distinct color the mapper finds, once, the nearest palette entry `i1` (Euclidean RGB, exact)
/// and the second nearest `i2`, and the position `t ∈ [0, ½]` of the color's projection on the segment
/// from `i1` to `i2`. With dithering the pixel takes `i2` when `t` exceeds the Bayer threshold at
/// `(x mod 8, y mod 8)`, so a region of that color mixes the two entries in the right proportion. The
/// thresholds can be squeezed towards ½ by ``ditherStrength`` (1 = classic ordered dithering). Pairs
/// closer than ``minDitherDistance`` are not mixed (such steps do not band visibly, and mixing them only
/// adds noise that costs LZW bytes), nor pairs farther apart than ``maxDitherDistance`` (no speckles
/// between unrelated colors). Colors in the palette map exactly (`t = 0`).
///
/// The per-color results live in an open-addressed hash table keyed by the 24-bit color, plus a
/// one-entry memo for runs: O(1) per pixel after the first use of a color; the first use searches only
/// the entries that can be nearest (``NearestEntries``).
/// Pixels with alpha < 128 map to `transparentIndex`.
struct PaletteMapper {
    let palette: [SIMD3<UInt8>]
    let transparentIndex: UInt8?
    let dither: Bool
    /// Entry colors as little-endian RGBA words (alpha 255); the transparent index maps to 0.
    let words: [UInt32]
    /// 64 thresholds (0…255 scale) in Bayer order, row-major over (y mod 8, x mod 8).
    private let thresholds: [UInt8]
    /// Hash table: `keys` hold `color | 1 << 24` (0 = empty), `values` hold `i1 | i2 << 8 | t << 16`.
    private var keys: [UInt32]
    private var values: [UInt32]
    private var used = 0
    /// Finds the two nearest entries of a color without scanning the whole palette.
    private let search: NearestEntries

    /// 1 = classic ordered dithering; smaller values dither only colors that are far from both entries.
    static let ditherStrength = 1.0
    /// Entries closer than this are not mixed: the step between them is below visible banding.
    static let minDitherDistance = 8
    /// Entries farther apart than this (Euclidean RGB levels) are never mixed.
    static let maxDitherDistance = 48

    init(palette: [SIMD3<UInt8>], transparentIndex: UInt8?, dither: Bool) {
        self.palette = palette
        self.transparentIndex = transparentIndex
        self.dither = dither && palette.count > 1
        words = PaletteMapper.words(of: palette)
        search = NearestEntries(palette)
        var th = [UInt8](repeating: 255, count: 64)
        if dither {
            for y in 0..<8 {
                for x in 0..<8 {
                    // Bayer matrix value by bit interleaving of x ^ y and y, 0…63.
                    let v = x ^ y
                    var b = 0
                    for bit in 0..<3 { b |= ((v >> bit) & 1) << (5 - 2 * bit); b |= ((y >> bit) & 1) << (4 - 2 * bit) }
                    let u = (Double(b) + 0.5) / 64
                    let s = 0.5 + (u - 0.5) * PaletteMapper.ditherStrength
                    th[y * 8 + x] = UInt8(min(255, max(0, (s * 255).rounded(.down))))
                }
            }
        }
        thresholds = th
        keys = [UInt32](repeating: 0, count: 1 << 12)
        values = [UInt32](repeating: 0, count: 1 << 12)
    }

    /// 256 table words: the colors as opaque little-endian RGBA, then 0 (transparent).
    static func words(of palette: [SIMD3<UInt8>]) -> [UInt32] {
        var w = [UInt32](repeating: 0, count: 256)
        for (i, c) in palette.enumerated() { w[i] = UInt32(c.x) | UInt32(c.y) << 8 | UInt32(c.z) << 16 | 0xFF00_0000 }
        return w
    }

    /// Nearest and second-nearest entries and the projection position (0…127, i.e. t·255 with t ≤ ½).
    private func resolve(_ rgb: UInt32) -> UInt32 {
        let r = Int(rgb & 0xFF), g = Int((rgb >> 8) & 0xFF), b = Int((rgb >> 16) & 0xFF)
        let (best, bestD, second, secondD) = search.nearestTwo(r: r, g: g, b: b)
        var t = 0
        if dither && bestD > 0 && secondD != Int.max {
            let p1 = palette[best], p2 = palette[second]
            let er = Int(p2.x) - Int(p1.x), eg = Int(p2.y) - Int(p1.y), eb = Int(p2.z) - Int(p1.z)
            let len2 = er * er + eg * eg + eb * eb
            if len2 >= PaletteMapper.minDitherDistance * PaletteMapper.minDitherDistance && len2 <= PaletteMapper.maxDitherDistance * PaletteMapper.maxDitherDistance {
                let dot = (r - Int(p1.x)) * er + (g - Int(p1.y)) * eg + (b - Int(p1.z)) * eb
                if dot > 0 { t = min(255, (dot * 255 + len2 / 2) / len2) }
            }
        }
        return UInt32(best) | UInt32(second) << 8 | UInt32(t) << 16
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        let n = keys.count * 2
        keys = [UInt32](repeating: 0, count: n)
        values = [UInt32](repeating: 0, count: n)
        let mask = n - 1
        for (k, v) in zip(oldKeys, oldValues) where k != 0 {
            var s = Int((k &* 0x9E37_79B1) >> 8) & mask
            while keys[s] != 0 { s = (s + 1) & mask }
            keys[s] = k; values[s] = v
        }
    }

    /// The cached `i1 | i2 << 8 | t << 16` of a 24-bit color.
    @inline(__always) private mutating func entry(_ rgb: UInt32) -> UInt32 {
        let key = rgb | 0x0100_0000
        let mask = keys.count - 1
        var s = Int((key &* 0x9E37_79B1) >> 8) & mask
        while true {
            let k = keys[s]
            if k == key { return values[s] }
            if k == 0 { break }
            s = (s + 1) & mask
        }
        let v = resolve(rgb)
        keys[s] = key; values[s] = v
        used += 1
        if used * 2 > keys.count { grow() }
        return v
    }

    /// Writes one index per pixel of the `width`×`height` straight RGBA8 `pixels` (as little-endian
    /// words) into `indices`, and its color word (0 for transparent) into `colors`. The pixels are a whole
    /// canvas, so the dither pattern is anchored to it. With `previous` (the pixels mapped last time into
    /// the same `indices` and `colors`), only pixels that differ from it are mapped again — the result
    /// is the same, because the mapping depends on position and color only. Only the rows in `rows`
    /// (default: all) are mapped, so that bands of one canvas can be mapped in parallel, each with
    /// its own mapper: the result does not depend on the banding.
    mutating func map(_ pixels: UnsafeBufferPointer<UInt32>, previous: UnsafeBufferPointer<UInt32>?, width: Int, height: Int,
                      rows: Range<Int>? = nil, indices: UnsafeMutableBufferPointer<UInt8>, colors: UnsafeMutableBufferPointer<UInt32>) {
        let n = width * height
        let rows = rows ?? 0..<height
        precondition(pixels.count >= n && indices.count >= n && colors.count >= n && (previous?.count ?? n) >= n)
        precondition(rows.lowerBound >= 0 && rows.upperBound <= height)
        let t = transparentIndex.map(UInt32.init)
        var lastKey: UInt32 = 0xFFFF_FFFF
        var last: UInt32 = 0
        let useDither = dither
        thresholds.withUnsafeBufferPointer { th in
            words.withUnsafeBufferPointer { tab in
                let raw = UnsafeRawPointer(pixels.baseAddress!)
                let rawPrevious = previous.map { UnsafeRawPointer($0.baseAddress!) }
                for y in rows {
                    let row = y &* width
                    let trow = (y & 7) << 3
                    var x = 0
                    while x < width {
                        let p = row &+ x
                        if let rawPrevious {
                            // Skip unchanged pixels eight at a time.
                            if x & 7 == 0 && x &+ 8 <= width {
                                if eightWordsEqual(raw, rawPrevious, 4 &* p) { x &+= 8; continue }
                            }
                            if rawPrevious.load(fromByteOffset: 4 &* p, as: UInt32.self) == pixels[p] { x &+= 1; continue }
                        }
                        defer { x &+= 1 }
                        let c = pixels[p]
                        if c < 0x8000_0000, let t {
                            indices[p] = UInt8(truncatingIfNeeded: t)
                            colors[p] = 0
                            continue
                        }
                        let rgb = c & 0x00FF_FFFF
                        if rgb != lastKey { lastKey = rgb; last = entry(rgb) }
                        var i = last & 0xFF
                        if useDither && (last >> 16) > UInt32(th[trow | (x & 7)]) { i = (last >> 8) & 0xFF }
                        indices[p] = UInt8(truncatingIfNeeded: i)
                        colors[p] = tab[Int(i)]
                    }
                }
            }
        }
    }
}

/// Whether the eight 32-bit words at byte offset `offset` of `a` and `b` are equal (four 64-bit loads;
/// no SIMD mask types, which the optimizer does not always lower well).
@inline(__always) func eightWordsEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ offset: Int) -> Bool {
    let x0 = a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    let x1 = a.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self)
    let x2 = a.loadUnaligned(fromByteOffset: offset &+ 16, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: offset &+ 16, as: UInt64.self)
    let x3 = a.loadUnaligned(fromByteOffset: offset &+ 24, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: offset &+ 24, as: UInt64.self)
    return (x0 | x1 | x2 | x3) == 0
}
