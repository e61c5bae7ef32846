import StardustCore

/// Converts one unfiltered PNG row of any color type and bit depth to straight RGBA8 pixels (a palette's pixels
/// premultiplied, when asked).
struct PNGRowExpander {
    let colorType: Int
    let bitDepth: Int
    /// 256 RGBA entries, straight or premultiplied; entries past the palette are never read (indices are checked).
    let paletteRGBA: [UInt8]
    let paletteCount: Int
    /// Color key from `tRNS` for gray (one value) or RGB (three values), at the file's bit depth.
    let key: (Int, Int, Int)?

    /// `premultiplied`: the palette's entries are premultiplied (``Image/premultiply(_:)``), so that a palette
    /// image expands to premultiplied pixels; other color types are not changed by it.
    init(header: PNGHeader, palette: [UInt8], transparency: [UInt8]?, premultiplied: Bool = false) throws {
        colorType = header.colorType
        bitDepth = header.bitDepth
        paletteCount = palette.count / 3
        var table = [UInt8](repeating: 0, count: 1024)
        for i in 0..<paletteCount {
            table[4 * i] = palette[3 * i]; table[4 * i + 1] = palette[3 * i + 1]; table[4 * i + 2] = palette[3 * i + 2]
            table[4 * i + 3] = 255
        }
        var key: (Int, Int, Int)?
        if let t = transparency {
            switch header.colorType {
            case 3:
                guard t.count <= paletteCount else {
                    throw CodecError.invalidData(format: "PNG", reason: "tRNS chunk has \(t.count) entries but the palette has \(paletteCount)")
                }
                for i in 0..<t.count { table[4 * i + 3] = t[i] }
            case 0:
                guard t.count == 2 else { throw CodecError.invalidData(format: "PNG", reason: "tRNS chunk for a gray image has length \(t.count), not 2") }
                let g = Int(t[0]) << 8 | Int(t[1])
                key = (g, g, g)
            case 2:
                guard t.count == 6 else { throw CodecError.invalidData(format: "PNG", reason: "tRNS chunk for an RGB image has length \(t.count), not 6") }
                key = (Int(t[0]) << 8 | Int(t[1]), Int(t[2]) << 8 | Int(t[3]), Int(t[4]) << 8 | Int(t[5]))
            default:
                break // tRNS is not allowed with an alpha channel; ignore it.
            }
        }
        self.key = key
        if premultiplied { table.withUnsafeMutableBufferPointer { Image.premultiply($0) } }
        paletteRGBA = table
    }

    @inline(__always) static func scale16(_ v: Int) -> UInt8 { UInt8((v * 255 + 32767) / 65535) }

    /// Writes `count` pixels to `dst`, advancing `step` bytes per pixel. Throws on an out-of-range palette index.
    func expand(_ row: UnsafePointer<UInt8>, count: Int, into dst: UnsafeMutablePointer<UInt8>, step: Int) throws {
        var d = dst
        switch (colorType, bitDepth) {
        case (0, 16), (0, 8), (0, 4), (0, 2), (0, 1):
            let mul = bitDepth >= 8 ? 1 : 255 / ((1 << bitDepth) - 1)
            for x in 0..<count {
                let v = sample(row, x)
                let g: UInt8 = bitDepth == 16 ? Self.scale16(v) : UInt8(v * mul)
                d[0] = g; d[1] = g; d[2] = g
                d[3] = key.map { $0.0 == v } == true ? 0 : 255
                d += step
            }
        case (3, 4), (3, 8):
            try expandPalette(row, count: count, into: dst, step: step)
        case (3, _):
            try paletteRGBA.withUnsafeBufferPointer { table in
                for x in 0..<count {
                    let i = sample(row, x)
                    guard i < paletteCount else {
                        throw CodecError.invalidData(format: "PNG", reason: "pixel uses palette index \(i) but the palette has \(paletteCount) entries")
                    }
                    d[0] = table[4 * i]; d[1] = table[4 * i + 1]; d[2] = table[4 * i + 2]; d[3] = table[4 * i + 3]
                    d += step
                }
            }
        case (2, 8):
            var s = row
            for _ in 0..<count {
                d[0] = s[0]; d[1] = s[1]; d[2] = s[2]
                d[3] = key.map { $0 == (Int(s[0]), Int(s[1]), Int(s[2])) } == true ? 0 : 255
                s += 3; d += step
            }
        case (2, 16):
            var s = row
            for _ in 0..<count {
                let r = Int(s[0]) << 8 | Int(s[1]), g = Int(s[2]) << 8 | Int(s[3]), b = Int(s[4]) << 8 | Int(s[5])
                d[0] = Self.scale16(r); d[1] = Self.scale16(g); d[2] = Self.scale16(b)
                d[3] = key.map { $0 == (r, g, b) } == true ? 0 : 255
                s += 6; d += step
            }
        case (4, 8):
            var s = row
            for _ in 0..<count { d[0] = s[0]; d[1] = s[0]; d[2] = s[0]; d[3] = s[1]; s += 2; d += step }
        case (4, 16):
            var s = row
            for _ in 0..<count {
                let g = Self.scale16(Int(s[0]) << 8 | Int(s[1]))
                d[0] = g; d[1] = g; d[2] = g; d[3] = Self.scale16(Int(s[2]) << 8 | Int(s[3]))
                s += 4; d += step
            }
        case (6, 8) where step == 4:
            // Already straight RGBA8, pixels side by side: the row as it is.
            d.update(from: row, count: 4 * count)
        case (6, 8):
            var s = row
            for _ in 0..<count { d[0] = s[0]; d[1] = s[1]; d[2] = s[2]; d[3] = s[3]; s += 4; d += step }
        default: // (6, 16)
            var s = row
            for _ in 0..<count {
                d[0] = Self.scale16(Int(s[0]) << 8 | Int(s[1])); d[1] = Self.scale16(Int(s[2]) << 8 | Int(s[3]))
                d[2] = Self.scale16(Int(s[4]) << 8 | Int(s[5])); d[3] = Self.scale16(Int(s[6]) << 8 | Int(s[7]))
                s += 8; d += step
            }
        }
    }

    /// A palette row of 4 or 8 bits per index (every palette image of the lottie-ios samples): each byte's indices
    /// taken in order, each entry copied as one 32-bit word from the RGBA table. The general loop above extracted
    /// every index through ``sample(_:_:)`` and copied four bytes: 2.7 % of opening those files and drawing their
    /// first frames (docs/BENCHMARKS.md, "lottie", fourteenth round). The same pixels, and the same error at the
    /// first index past the palette.
    private func expandPalette(_ row: UnsafePointer<UInt8>, count: Int, into dst: UnsafeMutablePointer<UInt8>, step: Int) throws {
        let entries = paletteCount, wide = bitDepth == 8
        try paletteRGBA.withUnsafeBytes { table in
            let words = table.baseAddress!
            var d = UnsafeMutableRawPointer(dst)
            for x in 0..<count {
                // Wrapping shifts: the index is 0…255, and a 4-bit row's high half comes first.
                let byte = Int(row[wide ? x : x &>> 1])
                let i = wide ? byte : (x & 1 == 0 ? byte &>> 4 : byte & 15)
                guard i < entries else {
                    throw CodecError.invalidData(format: "PNG", reason: "pixel uses palette index \(i) but the palette has \(entries) entries")
                }
                d.storeBytes(of: words.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self), as: UInt32.self)
                d += step
            }
        }
    }

    /// The `x`-th single-channel sample of a gray or palette row.
    @inline(__always) private func sample(_ row: UnsafePointer<UInt8>, _ x: Int) -> Int {
        switch bitDepth {
        case 8: return Int(row[x])
        case 16: return Int(row[2 * x]) << 8 | Int(row[2 * x + 1])
        default:
            let bit = x * bitDepth
            let shift = 8 - bitDepth - (bit & 7)
            return (Int(row[bit >> 3]) >> shift) & ((1 << bitDepth) - 1)
        }
    }
}
