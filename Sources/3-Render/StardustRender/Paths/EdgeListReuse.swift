import StardustCore

/// The edge lists already made while preparing one display list, by what they are a function of: the path's
/// storage, its transform, the scale and the fill rule (``PathPainter/prepare(_:scale:reusing:)``).
///
/// The storage is named by its address: every path of the list is alive while the list is prepared, and a
/// path's elements never change in place (copy on write), so one address and count is one sequence of
/// elements. A Lottie file whose masks are built from copies of one outline (docs/LOTTIE.md, "Using it") then
/// holds one edge list per outline instead of one per copy; the edges are the same values either way.
struct EdgeListReuse {
    struct Key: Hashable {
        var storage: UInt, count: Int
        /// The transform's six coefficients and the scale, as bits: values that compare equal but differ in sign
        /// (−0 and +0) are not taken for one another.
        var a: UInt64, b: UInt64, c: UInt64, d: UInt64, tx: UInt64, ty: UInt64, scale: UInt64
        var rule: FillRule

        /// `nil` for a stroke: only fills are reused (their edges depend on the path and the mapping alone).
        init?(_ command: PathDraw, scale: Double) {
            guard case .fill(let r) = command.style else { return nil }
            let elements = command.path.elements
            storage = elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            count = elements.count
            let t = command.transform
            a = t.a.bitPattern; b = t.b.bitPattern; c = t.c.bitPattern; d = t.d.bitPattern
            tx = t.tx.bitPattern; ty = t.ty.bitPattern; self.scale = scale.bitPattern
            rule = r
        }
    }

    var lists: [Key: EdgeList] = [:]
}
