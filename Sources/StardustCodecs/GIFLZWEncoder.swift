/// The GIF variant of LZW compression: variable code width growing from `minCodeSize + 1` to 12 bits,
/// a clear code at the start and whenever the 4096-entry table fills, and an end code.
///
/// The dictionary is an open-addressing hash of (prefix code, next index) pairs; output codes are packed
/// LSB first into 255-byte data sub-blocks. O(pixels), no allocation per pixel.
struct GIFLZWEncoder {
    private var keys = [Int32](repeating: -1, count: 1 << 14)
    private var codes = [Int16](repeating: 0, count: 1 << 14)

    /// Appends the LZW minimum code size byte, the data sub-blocks and the block terminator to `out`.
    mutating func encode(_ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int, into out: inout [UInt8]) {
        out.append(UInt8(minCodeSize))
        let clear = 1 << minCodeSize
        let end = clear + 1
        var block = [UInt8](repeating: 0, count: 256)
        var blockCount = 0
        var bitBuffer: UInt64 = 0
        var bitCount = 0
        var codeSize = minCodeSize + 1
        var next = clear + 2

        func flushBlock(_ block: inout [UInt8], _ blockCount: inout Int, _ out: inout [UInt8]) {
            out.append(UInt8(blockCount))
            out.append(contentsOf: block[0..<blockCount])
            blockCount = 0
        }
        @inline(__always) func emit(_ code: Int, _ size: Int) {
            bitBuffer |= UInt64(code) << UInt64(bitCount)
            bitCount += size
            while bitCount >= 8 {
                block[blockCount] = UInt8(truncatingIfNeeded: bitBuffer)
                blockCount += 1
                bitBuffer >>= 8
                bitCount -= 8
                if blockCount == 255 { flushBlock(&block, &blockCount, &out) }
            }
        }

        keys.withUnsafeMutableBufferPointer { keys in
            codes.withUnsafeMutableBufferPointer { codes in
                let mask = keys.count - 1
                func reset() { keys.update(repeating: -1) }
                emit(clear, codeSize)
                guard !indices.isEmpty else { emit(end, codeSize); return }
                var prefix = Int(indices[0])
                var i = 1
                while i < indices.count {
                    let c = Int(indices[i])
                    i += 1
                    let key = Int32(prefix << 8 | c)
                    var slot = (prefix << 8 ^ c &* 0x9E37) & mask
                    var found = false
                    while keys[slot] >= 0 {
                        if keys[slot] == key { found = true; break }
                        slot = (slot + 1) & mask
                    }
                    if found { prefix = Int(codes[slot]); continue }
                    emit(prefix, codeSize)
                    if next < 4096 {
                        keys[slot] = key
                        codes[slot] = Int16(next)
                        next += 1
                        if next > 1 << codeSize && codeSize < 12 { codeSize += 1 }
                    } else {
                        emit(clear, codeSize)
                        reset()
                        codeSize = minCodeSize + 1
                        next = clear + 2
                    }
                    prefix = c
                }
                emit(prefix, codeSize)
                // The decoder adds one more entry after reading the last code, which may widen the codes.
                if next < 4096 && next + 1 > 1 << codeSize && codeSize < 12 { codeSize += 1 }
                emit(end, codeSize)
            }
        }
        if bitCount > 0 {
            block[blockCount] = UInt8(truncatingIfNeeded: bitBuffer)
            blockCount += 1
        }
        if blockCount > 0 { flushBlock(&block, &blockCount, &out) }
        out.append(0)
        keys.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
    }
}
