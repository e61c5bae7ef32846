// PairSet.swift — an open-addressing set of 64-bit shape-pair keys.
//
// Used only for membership ("is there already a contact for this pair?"),
// never iterated, so its layout cannot leak into iteration order. A custom
// table avoids Swift's per-process hash seeding and SipHash cost in the
// broad phase's inner loop.

struct PairSet: Sendable {
    private var keys: [UInt64] = [UInt64](repeating: 0, count: 64)   // 0 = empty
    private(set) var count = 0

    @inline(__always) static func key(_ a: Int32, _ b: Int32) -> UInt64 {
        let lo = UInt64(UInt32(min(a, b))), hi = UInt64(UInt32(max(a, b)))
        return (hi << 32 | lo) &+ 1   // +1 keeps 0 free as the empty marker
    }

    @inline(__always) private func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 20) & (keys.count - 1)
    }

    func contains(_ key: UInt64) -> Bool {
        var i = slot(key)
        while true {
            let k = keys[i]
            if k == key { return true }
            if k == 0 { return false }
            i = (i + 1) & (keys.count - 1)
        }
    }

    /// Returns false when already present. Amortized O(1).
    @discardableResult mutating func insert(_ key: UInt64) -> Bool {
        if 2 * (count + 1) > keys.count { grow() }
        var i = slot(key)
        while true {
            let k = keys[i]
            if k == key { return false }
            if k == 0 { keys[i] = key; count += 1; return true }
            i = (i + 1) & (keys.count - 1)
        }
    }

    /// Backward-shift deletion keeps probe chains intact without tombstones.
    mutating func remove(_ key: UInt64) {
        let mask = keys.count - 1
        var i = slot(key)
        while true {
            let k = keys[i]
            if k == 0 { return }
            if k == key { break }
            i = (i + 1) & mask
        }
        count -= 1
        var hole = i
        var j = i
        while true {
            j = (j + 1) & mask
            let k = keys[j]
            if k == 0 { break }
            let home = slot(k)
            // Move k into the hole if its home is not in (hole, j].
            let inRange = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j)
            if !inRange { keys[hole] = k; hole = j }
        }
        keys[hole] = 0
    }

    private mutating func grow() {
        let old = keys
        keys = [UInt64](repeating: 0, count: old.count * 2)
        count = 0
        for k in old where k != 0 { insert(k) }
    }
}
