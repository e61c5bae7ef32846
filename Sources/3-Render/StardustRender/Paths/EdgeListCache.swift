import Foundation
import StardustCore

/// The edge lists of the paths drawn lately, kept from one display list to the next by what they are a function of:
/// the path's storage, its transform, the scale and the style (``PathPainter/prepare(_:scale:cache:)``;
/// docs/RENDERER.md, "Edge lists of copies, and from frame to frame").
///
/// A player draws a Lottie file's frames one after the other, and a shape that does not move between two frames
/// hands the renderer the same path storage (the layer's model value) with the same transform: its edges — flattened,
/// stroked, mapped and sorted — are the same values, so they are taken from here instead of being made again.
///
/// The storage is named by its address, which is safe because every entry holds its path: the storage stays alive
/// while it is named here, so no other path can be given that address, and a path's elements never change in place
/// (copy on write: an element array that the cache shares is copied before any write). One address and count is
/// then one sequence of elements. Numbers are compared by their bits, so −0 and +0 are not taken for one another.
///
/// Bounded by the edges it holds (``capacity``): a list that would exceed it first drops the lists no display list
/// has used since the one before, and is not kept if that is not enough. A lock guards it, since a renderer may be
/// used from several threads.
final class EdgeListCache: @unchecked Sendable {
    /// The one cache the frame preparer uses.
    static let shared = EdgeListCache(capacity: 1 << 15)

    /// What an edge list is a function of.
    struct Key: Hashable {
        var storage: UInt, count: Int
        /// The transform's six coefficients and the scale, as bits.
        var a: UInt64, b: UInt64, c: UInt64, d: UInt64, tx: UInt64, ty: UInt64, scale: UInt64
        var style: Style

        /// The style with its numbers as bits.
        enum Style: Hashable {
            case fill(FillRule)
            case stroke(width: UInt64, cap: StrokeStyle.LineCap, join: StrokeStyle.LineJoin, miterLimit: UInt64,
                        dashes: [UInt64], phase: UInt64)
        }

        init(_ command: PathDraw, scale: Double) {
            let elements = command.path.elements
            storage = elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            count = elements.count
            let t = command.transform
            a = t.a.bitPattern; b = t.b.bitPattern; c = t.c.bitPattern; d = t.d.bitPattern
            tx = t.tx.bitPattern; ty = t.ty.bitPattern; self.scale = scale.bitPattern
            switch command.style {
            case .fill(let rule): style = .fill(rule)
            case .stroke(let s):
                style = .stroke(width: s.width.bitPattern, cap: s.cap, join: s.join, miterLimit: s.miterLimit.bitPattern,
                                dashes: s.dashPattern.map(\.bitPattern), phase: s.dashPhase.bitPattern)
            }
        }
    }

    private struct Entry {
        /// Keeps the storage the key names alive.
        let path: Path
        let edges: EdgeList
        var lastUse: UInt64
    }

    /// The most edges the kept lists hold together.
    let capacity: Int
    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    private var edgeCount = 0
    private var generation: UInt64 = 0
    private var sweptAt: UInt64 = .max

    init(capacity: Int) { self.capacity = capacity }

    /// Starts a display list: the lists used from here on are its own.
    func beginList() { lock.withLock { generation &+= 1 } }

    /// The edge list made for `key`, if it is kept.
    func edges(for key: Key) -> EdgeList? {
        lock.withLock {
            guard var e = entries[key] else { return nil }
            e.lastUse = generation
            entries[key] = e
            return e.edges
        }
    }

    /// Keeps `edges`, made for `key` from `path`, if there is room.
    func keep(_ edges: EdgeList, for key: Key, path: Path) {
        let cost = max(edges.count, 1)
        guard cost <= capacity else { return }
        lock.withLock {
            if edgeCount + cost > capacity && sweptAt != generation {
                // Once per display list: drop what neither it nor the one before has used.
                sweptAt = generation
                let recent = generation > 0 ? generation - 1 : 0
                entries = entries.filter { $0.value.lastUse >= recent }
                edgeCount = entries.values.reduce(0) { $0 + max($1.edges.count, 1) }
            }
            guard edgeCount + cost <= capacity, entries[key] == nil else { return }
            entries[key] = Entry(path: path, edges: edges, lastUse: generation)
            edgeCount += cost
        }
    }

    /// How many lists and edges are kept (for tests).
    var counts: (lists: Int, edges: Int) { lock.withLock { (entries.count, edgeCount) } }

    /// Drops every kept list (for tests).
    func removeAll() { lock.withLock { entries = [:]; edgeCount = 0 } }
}
