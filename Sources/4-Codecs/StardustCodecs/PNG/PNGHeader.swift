/// The contents of a PNG `IHDR` chunk.
struct PNGHeader: Equatable {
    var width: Int
    var height: Int
    var bitDepth: Int
    /// 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA.
    var colorType: Int
    var interlaced: Bool

    var channels: Int {
        switch colorType {
        case 0, 3: return 1
        case 2: return 3
        case 4: return 2
        default: return 4
        }
    }

    var bitsPerPixel: Int { channels * bitDepth }
    /// Bytes between a pixel and the one to its left used by the filters (at least 1).
    var filterStride: Int { max(1, bitsPerPixel / 8) }

    /// Bytes in one row of `columns` pixels, without the filter byte (overflow-checked by the caller's limits).
    func rowBytes(columns: Int) -> Int { (columns * bitsPerPixel + 7) / 8 }

    /// Parses and validates the 13 data bytes of `IHDR`.
    init(ihdr d: ArraySlice<UInt8>) throws {
        guard d.count == 13 else { throw CodecError.invalidData(format: "PNG", reason: "IHDR chunk has length \(d.count), not 13") }
        let b = d.startIndex
        let w = Int(PNGBytes.readUInt32(d, b))
        let h = Int(PNGBytes.readUInt32(d, b + 4))
        guard w > 0, h > 0, w <= Int(Int32.max), h <= Int(Int32.max) else {
            throw CodecError.invalidData(format: "PNG", reason: "declares an invalid size \(w)×\(h)")
        }
        width = w; height = h
        bitDepth = Int(d[b + 8]); colorType = Int(d[b + 9])
        let allowed: [Int]
        switch colorType {
        case 0: allowed = [1, 2, 4, 8, 16]
        case 3: allowed = [1, 2, 4, 8]
        case 2, 4, 6: allowed = [8, 16]
        default: throw CodecError.invalidData(format: "PNG", reason: "has an invalid color type \(colorType)")
        }
        guard allowed.contains(bitDepth) else {
            throw CodecError.invalidData(format: "PNG", reason: "has bit depth \(bitDepth), which is invalid for color type \(colorType)")
        }
        guard d[b + 10] == 0 else { throw CodecError.invalidData(format: "PNG", reason: "uses unknown compression method \(d[b + 10])") }
        guard d[b + 11] == 0 else { throw CodecError.invalidData(format: "PNG", reason: "uses unknown filter method \(d[b + 11])") }
        guard d[b + 12] <= 1 else { throw CodecError.invalidData(format: "PNG", reason: "uses unknown interlace method \(d[b + 12])") }
        interlaced = d[b + 12] == 1
    }
}

/// Byte helpers shared by the PNG reader and writers.
enum PNGBytes {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    @inline(__always) static func readUInt32<C: RandomAccessCollection>(_ d: C, _ i: C.Index) -> UInt32 where C.Element == UInt8, C.Index == Int {
        UInt32(d[i]) << 24 | UInt32(d[i + 1]) << 16 | UInt32(d[i + 2]) << 8 | UInt32(d[i + 3])
    }

    static func appendUInt32(_ v: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(v >> 24)); out.append(UInt8((v >> 16) & 0xFF)); out.append(UInt8((v >> 8) & 0xFF)); out.append(UInt8(v & 0xFF))
    }

    static func appendUInt16(_ v: UInt16, to out: inout [UInt8]) {
        out.append(UInt8(v >> 8)); out.append(UInt8(v & 0xFF))
    }

    static func typeName(_ t: UInt32) -> String {
        let scalars = [t >> 24, (t >> 16) & 0xFF, (t >> 8) & 0xFF, t & 0xFF].map { v -> Character in
            (65...90).contains(v) || (97...122).contains(v) ? Character(UnicodeScalar(UInt8(v))) : "?"
        }
        return String(scalars)
    }

    static func type(_ name: String) -> UInt32 {
        name.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Appends a complete chunk (length, type, data, CRC) to `out`.
    static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        appendUInt32(UInt32(data.count), to: &out)
        let start = out.count
        out.append(contentsOf: Array(type.utf8))
        out.append(contentsOf: data)
        let crc = out.withUnsafeBytes { Zlib.crc32(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        appendUInt32(crc, to: &out)
    }
}

/// The Adam7 passes: (x start, y start, x step, y step); a non-interlaced image is one pass (0, 0, 1, 1).
enum Adam7 {
    static let passes: [(x: Int, y: Int, dx: Int, dy: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    /// Size of a pass sub-image for an image of `width`×`height`.
    static func passSize(_ p: (x: Int, y: Int, dx: Int, dy: Int), width: Int, height: Int) -> (width: Int, height: Int) {
        (width > p.x ? (width - p.x + p.dx - 1) / p.dx : 0, height > p.y ? (height - p.y + p.dy - 1) / p.dy : 0)
    }
}
