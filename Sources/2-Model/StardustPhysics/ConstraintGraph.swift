// ConstraintGraph.swift — graph coloring of the contacts to solve (Box2D v3
// `constraint_graph.c`): within a color no two constraints share a movable
// body, so a color's bundles solve four constraints side by side.

extension World {
    /// Graph colors for the contact solver (Box2D v3's count); constraints
    /// that fit none go to an overflow color solved one per bundle, last.
    static let graphColorCount = 24

    /// Places the contacts to solve by graph color: within a color no two
    /// constraints share a movable body, so a color's constraints can be
    /// solved four at a time (one SIMD lane each) and never wait on each
    /// other's velocity stores. Greedy first-fit, then a stable counting sort:
    /// deterministic, O(contacts + colors). Each movable body keeps a mask of
    /// the colors it is in, so the first color free for both bodies of a
    /// contact is the lowest zero bit of the two masks' union (the same
    /// choice as testing the colors in order). `solved` holds `count` entries,
    /// from index `start`,
    /// of (contact, slot A, slot B) as ``prepareContacts(_:)`` writes them (a
    /// negative slot: infinite mass). Colors are packed into bundles in
    /// order, a color's constraints in slot order four to a bundle, the last
    /// (overflow) color's one to a bundle; each contact's bundle · contactLanes
    /// + lane goes to `place[contact]` in the counting sort's pass (no sorted
    /// list is written). Returns the first bundle of each color
    /// (`graphColorCount + 2` entries, the last the bundle count) and the
    /// number of constraints of each color.
    mutating func colorContacts(_ solved: [Int32], from start: Int, count: Int, place: inout [Int32]) -> (bundleStart: [Int], colorCount: [Int]) {
        let colors = World.graphColorCount
        let allColors: UInt64 = (1 << UInt64(colors)) - 1
        // One word per solver slot: bit `col` set when the body is in color `col`.
        var used = scratch.colorScratchBits
        scratch.colorScratchBits = []
        used.removeAll(keepingCapacity: true)
        used.append(contentsOf: repeatElement(0, count: scratch.awakeBodies.count))
        // Written before read: grown, never cleared.
        var colorOf = scratch.colorScratchColor
        scratch.colorScratchColor = []
        if colorOf.count < count { colorOf.append(contentsOf: repeatElement(0, count: count - colorOf.count)) }
        var colorCount = [Int](repeating: 0, count: colors + 1)
        // Read through pointers: this loop runs once per contact.
        used.withUnsafeMutableBufferPointer { up in
        colorOf.withUnsafeMutableBufferPointer { co in
        colorCount.withUnsafeMutableBufferPointer { cc in
        solved.withUnsafeBufferPointer { sv in
            let used = up.baseAddress!, entries = sv.baseAddress! + start
            for k in 0..<count {
                // Bodies with infinite mass (static, kinematic, sleeping) never conflict.
                let a = Int(entries[3 * k + 1]), b = Int(entries[3 * k + 2])
                let taken = (a >= 0 ? used[a] : 0) | (b >= 0 ? used[b] : 0)
                let free = ~taken & allColors
                var chosen = colors   // overflow bucket, solved last
                if free != 0 {
                    chosen = free.trailingZeroBitCount
                    let bit: UInt64 = 1 << UInt64(chosen)
                    if a >= 0 { used[a] |= bit }
                    if b >= 0 { used[b] |= bit }
                }
                co[k] = UInt8(chosen)
                cc[chosen] += 1
            }
        }
        }
        }
        }
        // Bundles per color: four constraints each, the overflow color one.
        var bundleStart = [Int](repeating: 0, count: colors + 2)
        for col in 0..<colors { bundleStart[col + 1] = bundleStart[col] + (colorCount[col] + contactLanes - 1) / contactLanes }
        bundleStart[colors + 1] = bundleStart[colors] + colorCount[colors]
        // The next place of each color: bundle · contactLanes + lane. Within a
        // color the places run on lane by lane; the overflow color's skip
        // three lanes per constraint.
        var next = [Int](repeating: 0, count: colors + 1)
        for col in 0...colors { next[col] = bundleStart[col] * contactLanes }
        let overflow = colors
        next.withUnsafeMutableBufferPointer { nx in
        place.withUnsafeMutableBufferPointer { pl in
        colorOf.withUnsafeBufferPointer { co in
        solved.withUnsafeBufferPointer { sv in
            let entries = sv.baseAddress! + start
            for k in 0..<count {
                let col = Int(co[k])
                pl[Int(entries[3 * k])] = Int32(nx[col])
                nx[col] += col == overflow ? contactLanes : 1
            }
        }
        }
        }
        }
        scratch.colorScratchBits = used
        scratch.colorScratchColor = colorOf
        return (bundleStart, colorCount)
    }
}
