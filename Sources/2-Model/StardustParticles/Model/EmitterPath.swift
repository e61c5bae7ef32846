import Foundation
import StardustCore

/// An emitter shape made of any path — typically another layer's geometry (a button's rounded
/// rectangle, a shape layer's path) — in place of Core Animation's six shapes (docs/PARTICLE-MODEL.md §2.14).
///
/// The path is in the emitter layer's coordinates; `emitterPosition`, `emitterSize` and
/// `emitterShape` are not used while a path is set (`emitterZPosition` still gives the depth).
/// Curves are flattened once, within ``flatteningTolerance`` points, when the value is made.
///
/// - ``Placement/outline``: birth points uniform by arc length over every subpath (closed subpaths
///   include their closing edge).
/// - ``Placement/area``: birth points uniform over the filled area under ``fillRule`` (open subpaths
///   are closed for filling, as when a shape layer fills them).
/// - ``Placement/tracing``: every particle is born at the one point that runs along the outline: at
///   arc length `(phase · length + speed · t) mod length` at layer time `t`, in the path's direction.
public struct EmitterPath: Hashable, Sendable {
    /// Where on the path particles are born.
    public enum Placement: String, Hashable, Sendable, CaseIterable {
        /// Uniformly by arc length along the outline.
        case outline
        /// Uniformly inside, under the fill rule.
        case area
        /// At a point running along the outline at ``EmitterPath/speed`` (sparks tracing around a button).
        case tracing
    }

    /// The path in the emitter layer's coordinates.
    public let path: Path
    /// The rule that says what is inside, for ``Placement/area``.
    public let fillRule: FillRule
    /// Where particles are born.
    public let placement: Placement
    /// For ``Placement/tracing``: points per second along the outline (negative runs backwards).
    public let speed: Double
    /// For ``Placement/tracing``: where the running point is at t = 0, as a fraction of the outline's
    /// length from the start of the first subpath (0…1).
    public let phase: Double

    /// The precomputed segments and trapezoids (derived from the values above).
    let geometry: EmitterPathGeometry

    /// The flattening tolerance in points: the flattened outline is within it of the true curves.
    public static let flatteningTolerance = 0.02
    /// At most this many segments after flattening (the area's decomposition is quadratic in them).
    public static let maximumSegments = 4096
    /// At most this many trapezoids in the area's decomposition (bounded memory for self-crossing paths).
    public static let maximumTrapezoids = 1 << 20
    /// At most this many (event height × edge) visits while cutting the area into trapezoids.
    public static let maximumAreaWork = 1 << 26

    /// Why a path cannot be an emitter shape.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The path has no segment of positive length (or, for the area, encloses no area).
        case empty(Placement)
        /// A coordinate is not finite.
        case notFinite
        /// Too many segments or trapezoids (the limit is given).
        case tooComplex(limit: Int, what: String)
        /// A tracing speed or phase that is not finite.
        case invalidTracing
        /// The source layer is the emitter itself.
        case sameLayer
        /// The source layer has no geometry: a shape layer without a path, or another layer with empty bounds.
        case noGeometry(isShape: Bool)
        /// The two layers are not related by flat (2D, invertible) transforms without a sublayer transform.
        case notFlat

        public var description: String {
            switch self {
            case .empty(.area): return "the path encloses no area"
            case .empty: return "the path has no length"
            case .notFinite: return "the path has a coordinate that is not a finite number"
            case .tooComplex(let limit, let what): return "the path has more than \(limit) \(what) once flattened"
            case .invalidTracing: return "the tracing speed and phase must be finite numbers"
            case .sameLayer: return "an emitter cannot emit from its own geometry"
            case .noGeometry(true): return "the shape layer has no path to emit from"
            case .noGeometry(false): return "the layer has no geometry: empty bounds and no path"
            case .notFlat: return "the emitter and the layer must be related by flat (2D, invertible) transforms without sublayerTransform"
            }
        }
    }

    /// A path shape; throws when it has nothing to emit from (no length, or no area for ``Placement/area``)
    /// or is too complex. `phase` is taken modulo 1.
    public init(path: Path, fillRule: FillRule = .nonZero, placement: Placement = .outline,
                speed: Double = 0, phase: Double = 0) throws(Problem) {
        guard speed.isFinite, phase.isFinite else { throw .invalidTracing }
        self.path = path; self.fillRule = fillRule; self.placement = placement
        self.speed = speed
        self.phase = phase - phase.rounded(.down)
        geometry = try EmitterPathGeometry(path, fillRule: fillRule, needsArea: placement == .area)
        if placement == .area ? !(geometry.area > 0) : !(geometry.length > 0) { throw .empty(placement) }
    }

    /// The outline's total length in points (flattened).
    public var length: Double { geometry.length }
    /// The filled area in square points under ``fillRule`` (0 unless the placement is ``Placement/area``).
    public var area: Double { geometry.area }

    /// The point at arc length `s` (taken modulo ``length``) along the outline.
    public func point(atArcLength s: Double) -> Point { geometry.point(atArcLength: s) }

    /// For ``Placement/tracing``: the running point at layer time `t`.
    public func tracingPoint(at t: Double) -> Point { geometry.point(atArcLength: phase * length + speed * t) }

    /// A birth position from uniforms in [0, 1) at birth time `t` (docs/PARTICLE-MODEL.md §2.14). O(log n).
    @inline(__always)
    func position(choice: Double, u: Double, v: Double, time t: Double, z: Double) -> SIMD3<Double> {
        let q: Point
        switch placement {
        case .outline: q = geometry.point(atArcLength: choice * geometry.length)
        case .area: q = geometry.point(inArea: choice, u, v)
        case .tracing: q = tracingPoint(at: t)
        }
        return SIMD3(q.x, q.y, z)
    }

    public static func == (a: EmitterPath, b: EmitterPath) -> Bool {
        a.path == b.path && a.fillRule == b.fillRule && a.placement == b.placement && a.speed == b.speed && a.phase == b.phase
    }

    public func hash(into h: inout Hasher) {
        h.combine(path); h.combine(fillRule); h.combine(placement); h.combine(speed); h.combine(phase)
    }
}

/// The flattened outline with cumulative lengths, and the filled area cut into trapezoids between
/// horizontal lines (through every vertex and every crossing of two edges) with cumulative areas.
final class EmitterPathGeometry: Sendable {
    /// Segment start and end points, and the arc length at each segment's end.
    let starts: [Point], ends: [Point], cumulativeLength: [Double]
    /// Trapezoids: y range, left and right x at the top (`y0`) and bottom (`y1`), and cumulative areas.
    let trapezoids: [Trapezoid], cumulativeArea: [Double]
    let length: Double, area: Double

    struct Trapezoid: Sendable {
        var y0: Double, y1: Double, left0: Double, left1: Double, right0: Double, right1: Double
    }

    init(_ path: Path, fillRule: FillRule, needsArea: Bool) throws(EmitterPath.Problem) {
        var starts: [Point] = [], ends: [Point] = [], cum: [Double] = []
        var fillEdges: [(Point, Point)] = []
        var total = 0.0
        for line in path.flattened(tolerance: EmitterPath.flatteningTolerance) {
            let pts = line.points
            guard pts.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { throw .notFinite }
            var pairs: [(Point, Point)] = []
            for i in 1..<max(1, pts.count) { pairs.append((pts[i - 1], pts[i])) }
            if let f = pts.first, let l = pts.last {
                // The closing edge belongs to the outline of a closed subpath, and to every subpath's fill.
                if line.isClosed { pairs.append((l, f)) } else { fillEdges.append((l, f)) }
            }
            for (a, b) in pairs {
                fillEdges.append((a, b))
                let d = a.distance(to: b)
                guard d > 0 else { continue }
                total += d
                starts.append(a); ends.append(b); cum.append(total)
            }
            guard starts.count <= EmitterPath.maximumSegments else {
                throw .tooComplex(limit: EmitterPath.maximumSegments, what: "segments")
            }
        }
        self.starts = starts; self.ends = ends; cumulativeLength = cum; length = total
        var traps: [Trapezoid] = [], areas: [Double] = []
        if needsArea {
            traps = try Self.trapezoids(fillEdges, fillRule)
            var a = 0.0
            for t in traps {
                a += (t.y1 - t.y0) * ((t.right0 - t.left0) + (t.right1 - t.left1)) / 2
                areas.append(a)
            }
        }
        trapezoids = traps; cumulativeArea = areas; area = areas.last ?? 0
    }

    /// The point at arc length `s` modulo the length (binary search over the segments).
    func point(atArcLength s0: Double) -> Point {
        guard length > 0 else { return starts.first ?? .zero }
        var s = s0.truncatingRemainder(dividingBy: length)
        if s < 0 { s += length }
        let i = Self.firstIndex(in: cumulativeLength, above: s)
        let end = cumulativeLength[i], start = i > 0 ? cumulativeLength[i - 1] : 0
        let f = end > start ? min(max((s - start) / (end - start), 0), 1) : 0
        let a = starts[i], b = ends[i]
        return Point(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
    }

    /// A point uniform in the area: `choice` picks a trapezoid by area, `u` the height by the inverse of
    /// the area below it (the width is linear in y), `v` the position across.
    func point(inArea choice: Double, _ u: Double, _ v: Double) -> Point {
        guard area > 0 else { return starts.first ?? .zero }
        let target = choice * area
        let i = Self.firstIndex(in: cumulativeArea, above: target)
        let t = trapezoids[i]
        let w0 = t.right0 - t.left0, w1 = t.right1 - t.left1
        // Area fraction below height s ∈ [0, 1] is (w0·s + (w1 − w0)·s²/2) / ((w0 + w1)/2); solved for s
        // in the form without cancellation.
        let rhs = u * (w0 + w1)
        let disc = max(0, w0 * w0 + (w1 - w0) * rhs)
        let den = w0 + disc.squareRoot()
        let s = den > 0 ? min(max(rhs / den, 0), 1) : u
        let y = t.y0 + (t.y1 - t.y0) * s
        let l = t.left0 + (t.left1 - t.left0) * s, r = t.right0 + (t.right1 - t.right0) * s
        return Point(l + (r - l) * v, y)
    }

    /// The first index whose cumulative value exceeds `x` (the last one when none does).
    private static func firstIndex(in cumulative: [Double], above x: Double) -> Int {
        var lo = 0, hi = cumulative.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if cumulative[mid] > x { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// Cuts the filled region into trapezoids: between two consecutive event heights no two edges cross,
    /// so the edges spanning the slab keep their order and the fill rule selects spans between neighbours.
    private static func trapezoids(_ raw: [(Point, Point)], _ rule: FillRule) throws(EmitterPath.Problem) -> [Trapezoid] {
        // Edges from top to bottom with their winding direction; horizontal edges bound no span.
        struct Edge { var top: Point, bottom: Point, winding: Int }
        let edges: [Edge] = raw.compactMap { a, b in
            if a.y == b.y { return nil }
            return a.y < b.y ? Edge(top: a, bottom: b, winding: 1) : Edge(top: b, bottom: a, winding: -1)
        }
        func x(_ e: Edge, at y: Double) -> Double {
            let f = (y - e.top.y) / (e.bottom.y - e.top.y)
            return e.top.x + (e.bottom.x - e.top.x) * min(max(f, 0), 1)
        }
        var ys: [Double] = edges.flatMap { [$0.top.y, $0.bottom.y] }
        for i in edges.indices {
            let e = edges[i]
            for j in (i + 1)..<max(i + 1, edges.count) {
                let g = edges[j]
                let lo = max(e.top.y, g.top.y), hi = min(e.bottom.y, g.bottom.y)
                guard hi > lo else { continue }
                // The difference of the two x's is linear in y: a sign change is a crossing.
                let d0 = x(e, at: lo) - x(g, at: lo), d1 = x(e, at: hi) - x(g, at: hi)
                if (d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0) {
                    ys.append(lo + (hi - lo) * d0 / (d0 - d1))
                    // Bounded work and memory for self-crossing paths: every slab scans every edge.
                    guard ys.count * edges.count <= EmitterPath.maximumAreaWork else {
                        throw .tooComplex(limit: EmitterPath.maximumAreaWork, what: "edge × crossing pairs in its area")
                    }
                }
            }
        }
        guard ys.count * max(edges.count, 1) <= EmitterPath.maximumAreaWork else {
            throw .tooComplex(limit: EmitterPath.maximumAreaWork, what: "edge × crossing pairs in its area")
        }
        ys.sort()
        var result: [Trapezoid] = []
        var active: [(mid: Double, edge: Edge)] = []
        var k = 0
        while k + 1 < ys.count {
            let y0 = ys[k], y1 = ys[k + 1]
            k += 1
            guard y1 > y0 else { continue }
            let ym = (y0 + y1) / 2
            active.removeAll(keepingCapacity: true)
            for e in edges where e.top.y <= y0 && e.bottom.y >= y1 { active.append((x(e, at: ym), e)) }
            active.sort { $0.mid < $1.mid }
            var winding = 0
            var leftEdge: Edge? = nil
            for (_, e) in active {
                let wasInside = rule == .nonZero ? winding != 0 : winding & 1 != 0
                winding += e.winding
                let isInside = rule == .nonZero ? winding != 0 : winding & 1 != 0
                if !wasInside && isInside {
                    leftEdge = e
                } else if wasInside && !isInside, let l = leftEdge {
                    result.append(Trapezoid(y0: y0, y1: y1, left0: x(l, at: y0), left1: x(l, at: y1),
                                            right0: x(e, at: y0), right1: x(e, at: y1)))
                    guard result.count <= EmitterPath.maximumTrapezoids else {
                        throw .tooComplex(limit: EmitterPath.maximumTrapezoids, what: "trapezoids in its area")
                    }
                }
            }
        }
        return result
    }
}
