import CStardustZlib

/// Decompression of gzip (RFC 1952) and zlib (RFC 1950) streams through the system zlib, for data
/// embedded in other tools' files (Particle Designer's `textureImageData`).
public enum Gunzip {
    /// Inflates a gzip or zlib stream (detected from its header). Output beyond `maxOutput` bytes is
    /// an error (decompression bombs), as is a stream that is invalid or ends early.
    public static func decompress(_ input: [UInt8], maxOutput: Int = 64 << 20) throws -> [UInt8] {
        guard !input.isEmpty else { throw CodecError.invalidData(format: "gzip", reason: "the data is empty") }
        var stream = z_stream()
        // 15 + 32: the largest window, with automatic gzip/zlib header detection.
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw CodecError.invalidData(format: "gzip", reason: "zlib could not be initialised")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        try input.withUnsafeBufferPointer { inBuf in
            stream.next_in = UnsafeMutablePointer(mutating: inBuf.baseAddress!)
            stream.avail_in = uInt(min(inBuf.count, Int(UInt32.max)))
            while true {
                let produced: Int32 = chunk.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress!
                    stream.avail_out = uInt(out.count)
                    return CStardustZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let n = chunk.count - Int(stream.avail_out)
                output.append(contentsOf: chunk[0..<n])
                if output.count > maxOutput {
                    throw CodecError.invalidData(format: "gzip", reason: "the data inflates to more than \(maxOutput) bytes")
                }
                if produced == Z_STREAM_END { return }
                if produced == Z_BUF_ERROR || (produced == Z_OK && n == 0 && stream.avail_in == 0) {
                    throw CodecError.invalidData(format: "gzip", reason: "the stream is truncated")
                }
                if produced != Z_OK {
                    let message = stream.msg.map { String(cString: $0) } ?? "code \(produced)"
                    throw CodecError.invalidData(format: "gzip", reason: "not a valid gzip or zlib stream (\(message))")
                }
            }
        }
        return output
    }

    /// Compresses `input` as a gzip stream (for tests and tools that write embedded data).
    public static func compress(_ input: [UInt8], level: Int32 = 6) -> [UInt8] {
        var stream = z_stream()
        // 15 + 16: gzip header and trailer.
        let r = deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                              Int32(MemoryLayout<z_stream>.size))
        precondition(r == Z_OK, "zlib deflateInit2 failed (\(r))")
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 64)
        let written: Int = input.withUnsafeBufferPointer { inBuf in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: inBuf.baseAddress)
                stream.avail_in = uInt(inBuf.count)
                stream.next_out = out.baseAddress!
                stream.avail_out = uInt(out.count)
                let e = CStardustZlib.deflate(&stream, Z_FINISH)
                precondition(e == Z_STREAM_END, "zlib deflate failed (\(e))")
                return out.count - Int(stream.avail_out)
            }
        }
        return Array(output[0..<written])
    }
}
