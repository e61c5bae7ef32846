/// The five PNG row filters (None, Sub, Up, Average, Paeth): reversing them when reading and
/// choosing one per row when writing.
enum PNGFilter {
    @inline(__always) static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let ia = Int(a), ib = Int(b), ic = Int(c)
        let p = ia + ib - ic
        let pa = abs(p - ia), pb = abs(p - ib), pc = abs(p - ic)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Reverses the filters in place on `rows` rows laid out as `[filter byte, rowBytes bytes]`.
    ///
    /// Each row's filter byte is left as is; the reconstructed bytes replace the filtered ones. O(rows · rowBytes).
    static func unfilter(_ buffer: UnsafeMutablePointer<UInt8>, rows: Int, rowBytes: Int, bpp: Int) throws {
        let stride = rowBytes + 1
        for y in 0..<rows {
            let row = buffer + y * stride + 1
            let filter = row[-1]
            let prev: UnsafeMutablePointer<UInt8>? = y > 0 ? buffer + (y - 1) * stride + 1 : nil
            switch filter {
            case 0: break
            case 1:
                var i = bpp
                while i < rowBytes { row[i] = row[i] &+ row[i - bpp]; i += 1 }
            case 2:
                if let prev {
                    for i in 0..<rowBytes { row[i] = row[i] &+ prev[i] }
                }
            case 3:
                if let prev {
                    for i in 0..<min(bpp, rowBytes) { row[i] = row[i] &+ prev[i] >> 1 }
                    var i = bpp
                    while i < rowBytes { row[i] = row[i] &+ UInt8((Int(row[i - bpp]) + Int(prev[i])) >> 1); i += 1 }
                } else {
                    var i = bpp
                    while i < rowBytes { row[i] = row[i] &+ row[i - bpp] >> 1; i += 1 }
                }
            case 4:
                if let prev {
                    for i in 0..<min(bpp, rowBytes) { row[i] = row[i] &+ prev[i] }
                    var i = bpp
                    while i < rowBytes { row[i] = row[i] &+ paeth(row[i - bpp], prev[i], prev[i - bpp]); i += 1 }
                } else {
                    var i = bpp
                    while i < rowBytes { row[i] = row[i] &+ row[i - bpp]; i += 1 }
                }
            default:
                throw CodecError.invalidData(format: "PNG", reason: "row \(y) uses unknown filter type \(filter)")
            }
        }
    }

    /// Filters one row into `out` (filter byte + `count` bytes), choosing the filter with the smallest
    /// sum of absolute differences (bytes read as signed). For the first row pass a zeroed `prev`.
    /// `scratch` must hold `5 · count` bytes. O(count), no allocation.
    static func filterRowAdaptive(_ row: UnsafePointer<UInt8>, prev: UnsafePointer<UInt8>, count: Int, bpp: Int,
                                  out: UnsafeMutablePointer<UInt8>, scratch: UnsafeMutablePointer<UInt8>) {
        @inline(__always) func cost(_ v: UInt8) -> Int { let s = Int(Int8(bitPattern: v)); return s < 0 ? -s : s }
        let head = min(bpp, count)
        var sums = (0, 0, 0, 0, 0)
        // None
        let d0 = scratch, d1 = scratch + count, d2 = scratch + 2 * count, d3 = scratch + 3 * count, d4 = scratch + 4 * count
        for i in 0..<head {
            let x = row[i], b = prev[i]
            d0[i] = x; d1[i] = x; d2[i] = x &- b; d3[i] = x &- (b >> 1); d4[i] = x &- b
            sums.0 += cost(d0[i]); sums.1 += cost(d1[i]); sums.2 += cost(d2[i]); sums.3 += cost(d3[i]); sums.4 += cost(d4[i])
        }
        // One simple loop per filter so that the compiler can vectorize each of them. Indices run
        // over `head ..< count` with `head = bpp`, so `i − bpp ≥ 0`: wrapping index math, and
        // Paeth's differences of bytes fit in Int16, so wrapping ops and `magnitude` are exact.
        // (Checked `-` and `abs` would each add an overflow branch that stops vectorization.)
        if head < count {
            d0.advanced(by: head).update(from: row + head, count: count - head)
            for i in head..<count { d1[i] = row[i] &- row[i &- bpp] }
            for i in head..<count { d2[i] = row[i] &- prev[i] }
            for i in head..<count {
                let a = row[i &- bpp], b = prev[i]
                d3[i] = row[i] &- ((a & b) &+ ((a ^ b) >> 1))
            }
            for i in head..<count {
                let a = Int16(row[i &- bpp]), b = Int16(prev[i]), c = Int16(prev[i &- bpp])
                let pa = (b &- c).magnitude, pb = (a &- c).magnitude, pc = (a &+ b &- c &- c).magnitude
                let bc = pb <= pc ? b : c
                let pred = pa <= pb && pa <= pc ? a : bc
                d4[i] = row[i] &- UInt8(truncatingIfNeeded: pred)
            }
            @inline(__always) func costSum(_ d: UnsafeMutablePointer<UInt8>) -> Int {
                var total: UInt32 = 0 // ≤ 128 per byte: exact for rows under 32 MB
                for i in head..<count { let v = d[i]; total &+= UInt32(min(v, 0 &- v)) }
                return Int(total)
            }
            sums.0 += costSum(d0); sums.1 += costSum(d1); sums.2 += costSum(d2); sums.3 += costSum(d3); sums.4 += costSum(d4)
        }
        var best = 0, bestSum = sums.0
        if sums.1 < bestSum { best = 1; bestSum = sums.1 }
        if sums.2 < bestSum { best = 2; bestSum = sums.2 }
        if sums.3 < bestSum { best = 3; bestSum = sums.3 }
        if sums.4 < bestSum { best = 4; bestSum = sums.4 }
        out[0] = UInt8(best)
        (out + 1).update(from: scratch + best * count, count: count)
    }
}
