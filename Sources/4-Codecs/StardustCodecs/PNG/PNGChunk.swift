/// One chunk of a PNG (or APNG) file, as listed by ``PNGChunk/chunks(in:)``.
public struct PNGChunk: Hashable, Sendable {
    /// The four-letter chunk type, e.g. "IHDR", "fcTL".
    public var type: String
    /// The chunk's data (without length, type and CRC).
    public var data: [UInt8]

    /// Lists the chunks of a PNG file in order, checking the signature, every length and every CRC.
    ///
    /// Stops after `IEND`. Throws ``CodecError/invalidData(format:reason:)`` on a bad signature,
    /// truncation or a CRC mismatch. O(bytes).
    public static func chunks(in bytes: [UInt8]) throws -> [PNGChunk] {
        var result: [PNGChunk] = []
        try PNGChunkScanner.scan(bytes) { type, range in
            result.append(PNGChunk(type: PNGBytes.typeName(type), data: Array(bytes[range])))
            return true
        }
        return result
    }
}

/// Walks the chunks of a PNG, validating framing and CRCs.
enum PNGChunkScanner {
    /// Calls `visit(type, dataRange)` for each chunk until it returns false or `IEND` is seen.
    /// Throws if the file ends before `IEND`.
    static func scan(_ bytes: [UInt8], _ visit: (UInt32, Range<Int>) throws -> Bool) throws {
        guard bytes.count >= 8, bytes[0..<8].elementsEqual(PNGBytes.signature) else {
            throw CodecError.invalidData(format: "PNG", reason: "data does not start with the PNG signature")
        }
        let iend = PNGBytes.type("IEND")
        var pos = 8
        while true {
            guard bytes.count - pos >= 12 else {
                throw CodecError.invalidData(format: "PNG", reason: "file is truncated (it ends before the IEND chunk)")
            }
            let length = Int(PNGBytes.readUInt32(bytes, pos))
            let type = PNGBytes.readUInt32(bytes, pos + 4)
            let name = PNGBytes.typeName(type)
            guard length <= Int(Int32.max) else {
                throw CodecError.invalidData(format: "PNG", reason: "chunk \(name) declares an invalid length \(length)")
            }
            guard bytes.count - pos - 12 >= length else {
                throw CodecError.invalidData(format: "PNG", reason: "chunk \(name) is truncated (it declares \(length) bytes)")
            }
            let dataStart = pos + 8, dataEnd = dataStart + length
            let stored = PNGBytes.readUInt32(bytes, dataEnd)
            let computed = bytes.withUnsafeBytes { Zlib.crc32(UnsafeRawBufferPointer(rebasing: $0[(pos + 4)..<dataEnd])) }
            guard stored == computed else {
                throw CodecError.invalidData(format: "PNG", reason: "chunk \(name) has a bad CRC")
            }
            pos = dataEnd + 4
            if try !visit(type, dataStart..<dataEnd) { return }
            if type == iend { return }
        }
    }
}
