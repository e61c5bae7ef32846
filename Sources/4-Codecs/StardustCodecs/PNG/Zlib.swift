import CStardustZlib

/// Thin wrappers over the system zlib (`deflate`, `inflate`, `crc32`).
enum Zlib {
    /// CRC-32 (ISO 3309, as used by PNG) of `bytes`, continuing from `crc`.
    static func crc32(_ bytes: UnsafeRawBufferPointer, crc: UInt32 = 0) -> UInt32 {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return crc }
        var result = UInt(crc)
        var offset = 0
        while offset < bytes.count {
            let n = min(bytes.count - offset, 1 << 30)
            result = CStardustZlib.crc32(result, base.advanced(by: offset).assumingMemoryBound(to: Bytef.self), uInt(n))
            offset += n
        }
        return UInt32(truncatingIfNeeded: result)
    }

    static func crc32(_ bytes: [UInt8], crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { crc32($0, crc: crc) }
    }

    /// Compresses `input` to a zlib stream at `level` (1…9) with the given strategy.
    static func deflate(_ input: UnsafeRawBufferPointer, level: Int32, strategy: Int32 = Z_DEFAULT_STRATEGY) -> [UInt8] {
        var stream = z_stream()
        let initResult = deflateInit2_(&stream, level, Z_DEFLATED, 15, 8, strategy, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        precondition(initResult == Z_OK, "zlib deflateInit2 failed (\(initResult))")
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(input.count)))
        var output = [UInt8](repeating: 0, count: max(bound, 64))
        let produced: Int = output.withUnsafeMutableBufferPointer { out in
            // zlib counts in 32-bit units: feed and drain in pieces of at most 1 GiB.
            let piece = 1 << 30
            var consumed = 0
            var written = 0
            while true {
                let inCount = min(piece, input.count - consumed)
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.advanced(by: consumed).assumingMemoryBound(to: Bytef.self))
                stream.avail_in = uInt(inCount)
                let last = consumed + inCount == input.count
                repeat {
                    let outCount = min(piece, out.count - written)
                    stream.next_out = out.baseAddress! + written
                    stream.avail_out = uInt(outCount)
                    let r = CStardustZlib.deflate(&stream, last ? Z_FINISH : Z_NO_FLUSH)
                    written += outCount - Int(stream.avail_out)
                    precondition(r == Z_OK || r == Z_STREAM_END || r == Z_BUF_ERROR, "zlib deflate failed (\(r))")
                    if r == Z_STREAM_END { return written }
                } while stream.avail_in > 0 || (last && written < out.count)
                precondition(!last, "zlib output exceeded deflateBound")
                consumed += inCount
            }
        }
        output.removeSubrange(produced...)
        return output
    }

    /// Inflates the zlib stream formed by concatenating `pieces` of `data` into exactly `outBuf.count` bytes at
    /// `outBuf` (the caller's memory: a PNG decode inflates into the tail of its pixel buffer).
    ///
    /// Throws when the stream is invalid or ends before `outBuf.count` bytes; extra output is ignored.
    static func inflate(_ data: [UInt8], pieces: [Range<Int>], into outBuf: UnsafeMutableBufferPointer<UInt8>, format: String) throws {
        let outputSize = outBuf.count
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw CodecError.invalidData(format: format, reason: "image data could not be inflated (zlib init failed)")
        }
        defer { inflateEnd(&stream) }
        var filled = 0
        var ended = false
        try data.withUnsafeBufferPointer { inBuf in
            for piece in pieces where !ended && filled < outputSize {
                stream.next_in = UnsafeMutablePointer(mutating: inBuf.baseAddress! + piece.lowerBound)
                stream.avail_in = uInt(piece.count)
                while stream.avail_in > 0 && filled < outputSize {
                    let chunk = min(outputSize - filled, 1 << 30)
                    stream.next_out = outBuf.baseAddress! + filled
                    stream.avail_out = uInt(chunk)
                    let r = CStardustZlib.inflate(&stream, Z_NO_FLUSH)
                    filled += chunk - Int(stream.avail_out)
                    if r == Z_STREAM_END { ended = true; break }
                    if r == Z_BUF_ERROR { break }
                    if r != Z_OK {
                        let message = stream.msg.map { String(cString: $0) } ?? "code \(r)"
                        throw CodecError.invalidData(format: format, reason: "image data is not a valid zlib stream (\(message))")
                    }
                }
            }
        }
        if filled < outputSize {
            throw CodecError.invalidData(format: format, reason: "image data is truncated (\(filled) of \(outputSize) bytes)")
        }
    }
}
