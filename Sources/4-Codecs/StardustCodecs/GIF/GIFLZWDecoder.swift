/// Decodes GIF LZW data (the concatenated sub-block bytes of one image) into palette indices.
///
/// Every code is validated: a code beyond the next free table entry, a non-literal first code or data
/// that ends before `pixelCount` indices throw ``CodecError/invalidData(format:reason:)``. Codes after
/// the last pixel are ignored. O(pixels); the work tables are fixed-size (4096 entries).
enum GIFLZWDecoder {
    static func decode(_ data: [UInt8], minCodeSize: Int, into out: UnsafeMutableBufferPointer<UInt8>) throws {
        guard (1...11).contains(minCodeSize) else {
            throw CodecError.invalidData(format: "GIF", reason: "image has an invalid LZW minimum code size \(minCodeSize)")
        }
        let pixelCount = out.count
        let clear = 1 << minCodeSize
        let end = clear + 1
        var prefix = [Int16](repeating: 0, count: 4096)
        var suffix = [UInt8](repeating: 0, count: 4096)
        var first = [UInt8](repeating: 0, count: 4096)
        var stack = [UInt8](repeating: 0, count: 4097)
        for i in 0..<clear { suffix[i] = UInt8(truncatingIfNeeded: i); first[i] = UInt8(truncatingIfNeeded: i) }

        var codeSize = minCodeSize + 1
        var next = clear + 2
        var prev = -1
        var written = 0
        var bitBuffer: UInt32 = 0
        var bitCount = 0
        var pos = 0
        try prefix.withUnsafeMutableBufferPointer { prefix in
            try suffix.withUnsafeMutableBufferPointer { suffix in
                try first.withUnsafeMutableBufferPointer { first in
                    try stack.withUnsafeMutableBufferPointer { stack in
                        while written < pixelCount {
                            while bitCount < codeSize {
                                guard pos < data.count else {
                                    throw CodecError.invalidData(format: "GIF", reason: "image data ends after \(written) of \(pixelCount) pixels")
                                }
                                bitBuffer |= UInt32(data[pos]) << UInt32(bitCount)
                                pos += 1
                                bitCount += 8
                            }
                            let code = Int(bitBuffer & ((1 << UInt32(codeSize)) - 1))
                            bitBuffer >>= UInt32(codeSize)
                            bitCount -= codeSize

                            if code == clear { codeSize = minCodeSize + 1; next = clear + 2; prev = -1; continue }
                            if code == end {
                                throw CodecError.invalidData(format: "GIF", reason: "image data ends after \(written) of \(pixelCount) pixels")
                            }
                            if prev < 0 {
                                guard code < clear else {
                                    throw CodecError.invalidData(format: "GIF", reason: "image data starts with an invalid LZW code \(code)")
                                }
                                out[written] = UInt8(truncatingIfNeeded: code)
                                written += 1
                                prev = code
                                continue
                            }
                            guard code <= next && code < 4096 else {
                                throw CodecError.invalidData(format: "GIF", reason: "image data has an invalid LZW code \(code)")
                            }
                            // Unwind the string of `code` (or of `prev` + its first byte when code == next).
                            var depth = 0
                            var c = code
                            if code == next {
                                stack[0] = first[prev]
                                depth = 1
                                c = prev
                            }
                            while c >= clear {
                                stack[depth] = suffix[c]
                                depth += 1
                                c = Int(prefix[c])
                            }
                            stack[depth] = UInt8(truncatingIfNeeded: c)
                            depth += 1
                            let head = stack[depth - 1]
                            while depth > 0 && written < pixelCount {
                                depth -= 1
                                out[written] = stack[depth]
                                written += 1
                            }
                            if next < 4096 {
                                prefix[next] = Int16(prev)
                                suffix[next] = head
                                first[next] = first[prev]
                                next += 1
                                if next == 1 << codeSize && codeSize < 12 { codeSize += 1 }
                            }
                            prev = code
                        }
                    }
                }
            }
        }
    }
}
