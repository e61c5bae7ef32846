/// The GIF variant of LZW compression: variable code width growing from `minCodeSize + 1` to 12 bits,
/// a clear code at the start and whenever the 4096-entry table fills, and an end code.
///
/// The dictionary is an open-addressing hash of (prefix code, next index) pairs; codes are packed LSB
/// first into a scratch buffer and then framed into 255-byte data sub-blocks. O(pixels), no allocation
/// per pixel.
struct GIFLZWEncoder {
    /// Hash slots: `(prefix << 8 | index) << 12 | code`, or `empty`. A prefix is always smaller than the
    /// code it leads to, so no real entry equals `empty` (prefix 4095 would need code 4096).
    private var table = [UInt32](repeating: GIFLZWEncoder.empty, count: 1 << 13) // 2^13 slots: the 32-bit hash keeps its top 13 bits
    private static let empty = UInt32.max
    private var packed: [UInt8] = []

    /// Bit packer over a preallocated buffer.
    private struct BitWriter {
        var out: UnsafeMutablePointer<UInt8>
        var count = 0
        var buffer: UInt64 = 0
        var bits = 0

        @inline(__always) mutating func emit(_ code: Int, _ size: Int) {
            buffer |= UInt64(code) << UInt64(bits)
            bits += size
            while bits >= 8 {
                out[count] = UInt8(truncatingIfNeeded: buffer)
                count += 1
                buffer >>= 8
                bits -= 8
            }
        }

        mutating func flush() {
            if bits > 0 { out[count] = UInt8(truncatingIfNeeded: buffer); count += 1; buffer = 0; bits = 0 }
        }
    }

    /// Appends the LZW minimum code size byte, the data sub-blocks and the block terminator to `out`.
    mutating func encode(_ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int, into out: inout [UInt8]) {
        // At most one 12-bit code per pixel, plus clear codes and the end code.
        let bound = indices.count * 2 + 64
        if packed.count < bound { packed = [UInt8](repeating: 0, count: bound) }
        let clear = 1 << minCodeSize
        let end = clear + 1
        let produced: Int = packed.withUnsafeMutableBufferPointer { packedBuf in
            table.withUnsafeMutableBufferPointer { table in
                    let empty = GIFLZWEncoder.empty
                    var writer = BitWriter(out: packedBuf.baseAddress!)
                    let mask = table.count - 1
                    var codeSize = minCodeSize + 1
                    var next = clear + 2
                    writer.emit(clear, codeSize)
                    guard !indices.isEmpty else {
                        writer.emit(end, codeSize)
                        writer.flush()
                        return writer.count
                    }
                    var prefix = Int(indices[0])
                    var i = 1
                    let n = indices.count
                    while i < n {
                        let c = Int(indices[i])
                        i += 1
                        let key = UInt32(truncatingIfNeeded: prefix << 8 | c)
                        var slot = Int((key &* 0x9E37_79B1) >> 19) & mask
                        var found = false
                        while true {
                            let entry = table[slot]
                            if entry == empty { break }
                            if entry >> 12 == key { found = true; prefix = Int(entry & 0xFFF); break }
                            slot = (slot + 1) & mask
                        }
                        if found { continue }
                        writer.emit(prefix, codeSize)
                        if next < 4096 {
                            table[slot] = key << 12 | UInt32(next)
                            next += 1
                            if next > 1 << codeSize && codeSize < 12 { codeSize += 1 }
                        } else {
                            writer.emit(clear, codeSize)
                            table.update(repeating: empty)
                            codeSize = minCodeSize + 1
                            next = clear + 2
                        }
                        prefix = c
                    }
                    writer.emit(prefix, codeSize)
                    // The decoder adds one more entry after reading the last code, which may widen the codes.
                    if next < 4096 && next >= 1 << codeSize && codeSize < 12 { codeSize += 1 }
                    writer.emit(end, codeSize)
                    writer.flush()
                    table.update(repeating: empty)
                    return writer.count
            }
        }
        // Frame into sub-blocks of at most 255 bytes.
        out.reserveCapacity(out.count + produced + produced / 255 + 3)
        out.append(UInt8(minCodeSize))
        var start = 0
        while start < produced {
            let size = min(255, produced - start)
            out.append(UInt8(size))
            out.append(contentsOf: packed[start..<(start + size)])
            start += size
        }
        out.append(0)
    }
}
