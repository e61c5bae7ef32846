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
    /// The dictionary as a trie too (first child, next sibling, last symbol per code), for lossy matching.
    private var firstChild = [Int16](repeating: -1, count: 4096)
    private var nextSibling = [Int16](repeating: -1, count: 4096)
    private var symbolOf = [UInt8](repeating: 0, count: 4096)
    private var runCode = [Int16](repeating: 0, count: 4097)

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

    /// Per-pixel freedom for ``encode(_:choices:minCodeSize:into:)``: which other symbols may stand for
    /// a pixel without changing what it shows (or changing it by at most `tolerance`).
    struct Choices {
        /// Per pixel: a second symbol showing exactly the same color (equal to the first when none).
        var alternative: UnsafeBufferPointer<UInt8>
        /// Per pixel: the color to approximate (little-endian RGBA word), or 0 when the pixel is not lossy.
        var target: UnsafeBufferPointer<UInt32>
        /// The palette as words (0 for the transparent index).
        var table: UnsafeBufferPointer<UInt32>
        /// Largest squared RGB distance accepted for lossy pixels.
        var tolerance: Int
        /// The transparent index: runs of it are matched through a direct table instead of the hash.
        var transparent: UInt8?
    }

    /// Appends the LZW minimum code size byte, the data sub-blocks and the block terminator to `out`.
    mutating func encode(_ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int, into out: inout [UInt8]) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: indices.count)
        defer { copy.deallocate() }
        _ = copy.initialize(from: indices)
        encode(copy, choices: nil, minCodeSize: minCodeSize, into: &out)
    }

    /// Encodes `symbols`, and where `choices` allow, replaces a pixel's symbol by one that extends the
    /// current dictionary string (greedy): the exact symbol first, then its alternative, then — for
    /// lossy pixels — the child symbol closest to the target color within the tolerance. `symbols` is
    /// overwritten with what was actually encoded. O(pixels · (1 + children on a miss of a lossy pixel)).
    mutating func encode(_ symbols: UnsafeMutableBufferPointer<UInt8>, choices: Choices?, minCodeSize: Int, into out: inout [UInt8]) {
        // At most one 12-bit code per pixel, plus clear codes and the end code.
        let bound = symbols.count * 2 + 64
        if packed.count < bound { packed = [UInt8](repeating: 0, count: bound) }
        let clear = 1 << minCodeSize
        let end = clear + 1
        let n = symbols.count
        if let c = choices { precondition(c.alternative.count >= n && c.target.count >= n && c.table.count == 256) }
        let produced: Int = packed.withUnsafeMutableBufferPointer { packedBuf in
            table.withUnsafeMutableBufferPointer { table in
                firstChild.withUnsafeMutableBufferPointer { firstChild in
                    nextSibling.withUnsafeMutableBufferPointer { nextSibling in
                        symbolOf.withUnsafeMutableBufferPointer { symbolOf in
                        runCode.withUnsafeMutableBufferPointer { runCode in
                    let empty = GIFLZWEncoder.empty
                    var writer = BitWriter(out: packedBuf.baseAddress!)
                    let mask = table.count - 1
                    var codeSize = minCodeSize + 1
                    var next = clear + 2
                    writer.emit(clear, codeSize)
                    guard n > 0 else {
                        writer.emit(end, codeSize)
                        writer.flush()
                        return writer.count
                    }
                    firstChild.update(repeating: -1)
                    var prefix = Int(symbols[0])
                    var i = 1
                    // Runs of the transparent index: runCode[L] is the code of L transparent pixels
                    // (0 = not in the dictionary); `runLength` is L when the prefix is such a run, else 0.
                    let runSymbol = choices?.transparent.map(Int.init) ?? -1
                    var runLength = prefix == runSymbol ? 1 : 0
                    var longestRun = 1
                    if runSymbol >= 0 { runCode[1] = Int16(runSymbol) }
                    /// The slot of (prefix, c) in the hash, and whether it holds an entry (then `code`).
                    @inline(__always) func find(_ prefix: Int, _ c: Int) -> (slot: Int, code: Int) {
                        let key = UInt32(truncatingIfNeeded: prefix << 8 | c)
                        var slot = Int((key &* 0x9E37_79B1) >> 19) & mask
                        while true {
                            let entry = table[slot]
                            if entry == empty { return (slot, -1) }
                            if entry >> 12 == key { return (slot, Int(entry & 0xFFF)) }
                            slot = (slot &+ 1) & mask
                        }
                    }
                    while i < n {
                        let c = Int(symbols[i])
                        if runLength > 0 && c == runSymbol && runLength < longestRun {
                            // Jump along the run as far as the dictionary's longest transparent string.
                            var j = i &+ 1
                            let stop = min(n, i &+ (longestRun &- runLength))
                            while j < stop && Int(symbols[j]) == runSymbol { j &+= 1 }
                            runLength &+= j &- i
                            prefix = Int(runCode[runLength])
                            i = j
                            continue
                        }
                        var (slot, code) = find(prefix, c)
                        if code < 0, let ch = choices {
                            let a = Int(ch.alternative[i])
                            if a != c {
                                let alt = find(prefix, a)
                                if alt.code >= 0 { code = alt.code; symbols[i] = UInt8(truncatingIfNeeded: a) }
                            } else {
                                let want = ch.target[i]
                                if want != 0 {
                                    var child = Int(firstChild[prefix])
                                    var bestErr = ch.tolerance &+ 1
                                    var best = -1
                                    while child >= 0 {
                                        let w = ch.table[Int(symbolOf[child])]
                                        if w != 0 {
                                            let dr = Int(w & 0xFF) &- Int(want & 0xFF)
                                            let dg = Int((w >> 8) & 0xFF) &- Int((want >> 8) & 0xFF)
                                            let db = Int((w >> 16) & 0xFF) &- Int((want >> 16) & 0xFF)
                                            let e = dr &* dr &+ dg &* dg &+ db &* db
                                            if e < bestErr { bestErr = e; best = child }
                                        }
                                        child = Int(nextSibling[child])
                                    }
                                    if best >= 0 { code = best; symbols[i] = symbolOf[best] }
                                }
                            }
                        }
                        i &+= 1
                        if code >= 0 {
                            prefix = code
                            runLength = 0
                            continue
                        }
                        writer.emit(prefix, codeSize)
                        if next < 4096 {
                            if runLength > 0 && c == runSymbol {
                                runCode[runLength &+ 1] = Int16(truncatingIfNeeded: next)
                                longestRun = runLength &+ 1
                            }
                            table[slot] = UInt32(truncatingIfNeeded: prefix << 8 | c) << 12 | UInt32(next)
                            symbolOf[next] = UInt8(truncatingIfNeeded: c)
                            nextSibling[next] = firstChild[prefix]
                            firstChild[prefix] = Int16(truncatingIfNeeded: next)
                            next += 1
                            if next > 1 << codeSize && codeSize < 12 { codeSize += 1 }
                        } else {
                            writer.emit(clear, codeSize)
                            table.update(repeating: empty)
                            firstChild.update(repeating: -1)
                            codeSize = minCodeSize + 1
                            next = clear + 2
                            longestRun = 1
                        }
                        prefix = c
                        runLength = c == runSymbol ? 1 : 0
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
                    }
                }
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
