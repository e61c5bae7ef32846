/// Maps straight RGBA8 pixels to palette indices, optionally with Floyd–Steinberg dithering.
///
/// Nearest colors (Euclidean RGB) are cached per 6-bit-per-channel cell, computed for the cell's
/// center: a lookup costs O(1) after the first use of a cell, O(palette) before. When the palette was
/// built from the image's own exact colors (`exact`), a pixel whose color is in the palette always maps
/// to that entry. Pixels with alpha < 128 map to `transparentIndex` and pass no dither error on.
struct PaletteMapper {
    let palette: [SIMD3<UInt8>]
    let transparentIndex: UInt8?
    let exactColors: [UInt32: UInt8]?
    private var cache: [Int16]

    init(palette: [SIMD3<UInt8>], transparentIndex: UInt8?, exact: Bool) {
        self.palette = palette
        self.transparentIndex = transparentIndex
        cache = [Int16](repeating: -1, count: 1 << 18)
        if exact {
            var table: [UInt32: UInt8] = [:]
            for (i, c) in palette.enumerated() { table[UInt32(c.x) << 16 | UInt32(c.y) << 8 | UInt32(c.z)] = UInt8(i) }
            exactColors = table
        } else {
            exactColors = nil
        }
    }

    private func nearest(_ r: Int, _ g: Int, _ b: Int) -> Int {
        var best = 0
        var bestD = Int.max
        for (i, c) in palette.enumerated() {
            let dr = Int(c.x) - r, dg = Int(c.y) - g, db = Int(c.z) - b
            let d = dr * dr + dg * dg + db * db
            if d < bestD { bestD = d; best = i }
        }
        return best
    }

    @inline(__always) private mutating func lookup(_ r: Int, _ g: Int, _ b: Int) -> Int {
        if let exactColors, let i = exactColors[UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)] { return Int(i) }
        let key = (r >> 2) << 12 | (g >> 2) << 6 | (b >> 2)
        let cached = cache[key]
        if cached >= 0 { return Int(cached) }
        let i = nearest((r & ~3) + 2, (g & ~3) + 2, (b & ~3) + 2)
        cache[key] = Int16(i)
        return i
    }

    /// Writes one index per pixel of the `width`×`height` straight RGBA8 `pixels` into `indices`.
    mutating func map(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, dither: Bool,
                      into indices: UnsafeMutableBufferPointer<UInt8>) {
        let transparent = transparentIndex
        guard dither else {
            for p in 0..<(width * height) {
                let s = 4 * p
                if pixels[s + 3] < 128, let t = transparent { indices[p] = t; continue }
                indices[p] = UInt8(lookup(Int(pixels[s]), Int(pixels[s + 1]), Int(pixels[s + 2])))
            }
            return
        }
        // Errors in 1/16 units for the current and next row, with one guard cell on each side.
        var errors = [SIMD4<Int32>](repeating: .zero, count: 2 * (width + 2))
        errors.withUnsafeMutableBufferPointer { err in
            var cur = err.baseAddress! + 1
            var next = err.baseAddress! + width + 3
            for y in 0..<height {
                (next - 1).update(repeating: .zero, count: width + 2)
                for x in 0..<width {
                    let p = y * width + x
                    let s = 4 * p
                    if pixels[s + 3] < 128, let t = transparent { indices[p] = t; continue }
                    let e = cur[x]
                    let r = min(255, max(0, Int(pixels[s]) + Int((e.x + 8) >> 4)))
                    let g = min(255, max(0, Int(pixels[s + 1]) + Int((e.y + 8) >> 4)))
                    let b = min(255, max(0, Int(pixels[s + 2]) + Int((e.z + 8) >> 4)))
                    let i = lookup(r, g, b)
                    indices[p] = UInt8(i)
                    let c = palette[i]
                    let d = SIMD4<Int32>(Int32(r) - Int32(c.x), Int32(g) - Int32(c.y), Int32(b) - Int32(c.z), 0)
                    cur[x + 1] &+= d &* 7
                    next[x - 1] &+= d &* 3
                    next[x] &+= d &* 5
                    next[x + 1] &+= d
                }
                swap(&cur, &next)
            }
        }
    }
}
