import Foundation
import StardustCore

/// Every collider of a cell prepared for evaluation (docs/PARTICLE-MODEL.md §2.10): lines and the
/// edges of each rectangle and polygon as ``CollisionLine``s, circles as ``CollisionCircle``s. Pieces are numbered
/// lines first, then circles; a contact is the earliest over all pieces, a tie going to the lower number.
///
/// A class, so that ``ParticleMotion``, read for every particle, stays small.
final class ColliderSet: Sendable {
    let lines: ContiguousArray<CollisionLine>
    let circles: ContiguousArray<CollisionCircle>
    /// True when some piece has the `die` response.
    let canKill: Bool
    /// True when some piece bounces (a particle can then meet colliders up to ``ParticleCollider/maximumBounces`` times).
    let canBounce: Bool

    /// The bodies that move (docs/PARTICLE-MODEL.md §2.10, "Moving bodies"): their pieces in their own frames,
    /// numbered after the pieces that stay, body after body. Only the integrated path reads them.
    let moving: ContiguousArray<MovingPieces>
    /// Every piece, the moving ones included (a piece number is below it).
    let count: Int
    /// True when the set is a single line that stays (a floor, a wall): the integrated path then tests
    /// ``soleLine`` inline in its step, without the general ``contact(from:to:at:duration:velocity:_:last:)``
    /// call and its optional result (docs/PARTICLES-PERFORMANCE.md, "Integrated fields").
    let hasSoleLine: Bool
    /// That line (unused otherwise). Not an optional: unwrapping one copied it through an outlined
    /// function for every particle (7 % of playback in a profile).
    let soleLine: CollisionLine

    init(_ colliders: [ParticleCollider]) {
        let (lines, circles) = Self.pieces(colliders.filter { $0.motion == nil })
        self.lines = lines; self.circles = circles
        var moving = ContiguousArray<MovingPieces>()
        var first = lines.count + circles.count
        for c in colliders {
            guard let motion = c.motion, !moving.contains(where: { $0.motion === motion }) else { continue }
            let (l, r) = Self.pieces(colliders.filter { $0.motion === motion })
            moving.append(MovingPieces(motion: motion, lines: l, circles: r, first: first))
            first += l.count + r.count
        }
        self.moving = moving
        count = first
        hasSoleLine = lines.count == 1 && circles.isEmpty && moving.isEmpty
        soleLine = lines.first ?? CollisionLine(.floor(y: 0))
        canKill = colliders.contains { $0.response == .die }
        canBounce = colliders.contains { $0.response == .bounce }
    }

    /// The pieces of `colliders`: lines and the edges of rectangles and polygons, then circles.
    private static func pieces(_ colliders: [ParticleCollider])
        -> (ContiguousArray<CollisionLine>, ContiguousArray<CollisionCircle>) {
        var lines = ContiguousArray<CollisionLine>(), circles = ContiguousArray<CollisionCircle>()
        for c in colliders {
            switch c.shape {
            case .line:
                lines.append(CollisionLine(c))
            case .rectangle(let r0):
                let r = r0.standardized
                let a = Point(r.origin.x, r.origin.y), b = Point(r.origin.x + r.size.width, r.origin.y)
                let cc = Point(b.x, r.origin.y + r.size.height), d = Point(a.x, cc.y)
                let mid = SIMD3(r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2, 0)
                Self.appendEdges([a, b, cc, d], inside: mid, of: c, to: &lines)
            case .polygon(let vertices):
                // The vertices' mean lies inside a convex polygon.
                let n = Double(vertices.count)
                let mid = SIMD3(vertices.reduce(0) { $0 + $1.x } / n, vertices.reduce(0) { $0 + $1.y } / n, 0)
                Self.appendEdges(vertices, inside: mid, of: c, to: &lines)
            case .circle(let center, let radius):
                circles.append(CollisionCircle(center: SIMD3(center.x, center.y, 0), radius: radius,
                                               isContainer: c.isContainer, c))
            }
        }
        return (lines, circles)
    }

    /// Appends the edges of the convex polygon through `corners` (in order) as segments met from the side
    /// away from `inside` (an interior point), or from its side for a container.
    private static func appendEdges(_ corners: [Point], inside mid: SIMD3<Double>, of c: ParticleCollider,
                                    to lines: inout ContiguousArray<CollisionLine>) {
        for i in corners.indices {
            var e = c
            e.shape = .line; e.from = corners[i]; e.to = corners[(i + 1) % corners.count]; e.isInfinite = false
            var line = CollisionLine(e)
            // The interior lies on the inside of every edge: solid shapes face away from it.
            let inside: Double = line.distance(mid) > 0 ? 1 : -1
            line.fixedSide = c.isContainer ? inside : -inside
            lines.append(line)
        }
    }

    /// The first contact of motion `m` with any piece within `limit`: its age and piece, or (+∞, −1).
    /// `last` is the piece the motion starts on (its previous contact), −1 at the birth, where every
    /// line counts as started on when the particle is on it (it then collides from the side it moves to).
    @inline(__always)
    func firstContact(_ m: DragMotion, _ b: ParticleBirth, limit: Double, last: Int) -> (Double, Int) {
        var best = Double.infinity, which = -1
        for i in lines.indices {
            let line = lines[i]
            let onLine = i == last || (last < 0 && line.fixedSide == 0)
            guard var h = line.firstHit(m, side: line.side(b.position, b.velocity), limit: limit, onLine: onLine) else { continue }
            if h.isFinite, !line.covers(m.position(h)) { h = .infinity }  // past the segment's end
            if h < best { best = h; which = i }
        }
        for j in circles.indices {
            let i = lines.count + j
            guard let h = circles[j].firstHit(m, limit: limit, onCircle: i == last), h < best else { continue }
            best = h; which = i
        }
        return (best, which)
    }

    /// The first piece the straight step from `old` to `new` meets, as (fraction of the step, piece), or
    /// (+∞, −1): the integrated path's test (docs/PARTICLE-MODEL.md §2.11). The earliest crossing wins and a
    /// tie goes to the lower piece number, the closed form's rule (``firstContact(_:_:limit:last:)``). Lines
    /// are met from the side `b` was born on, as there; `last` is the piece the step starts on (its
    /// previous contact), −1 for none.
    @inline(__always)
    func firstCrossing(from old: SIMD3<Double>, to new: SIMD3<Double>, _ b: ParticleBirth, last: Int) -> (Double, Int) {
        var best = Double.infinity, which = -1
        for i in lines.indices {
            let line = lines[i]
            guard let u = line.crossing(from: old, to: new, side: line.side(b.position, b.velocity), onLine: i == last),
                  u < best else { continue }
            best = u; which = i
        }
        for j in circles.indices {
            let i = lines.count + j
            guard let u = circles[j].crossing(from: old, to: new, onCircle: i == last), u < best else { continue }
            best = u; which = i
        }
        return (best, which)
    }

    /// The response, the velocity after a bounce and the normal speed it keeps, for a contact with
    /// `piece` (one that stays) at `p` with velocity `v`.
    @inline(__always)
    func contact(_ piece: Int, at p: SIMD3<Double>, velocity v: SIMD3<Double>) -> (ParticleCollider.Response, SIMD3<Double>, Double) {
        if piece < lines.count {
            let line = lines[piece]
            guard line.response == .bounce else { return (line.response, v, 0) }
            let out = line.bounce(v)
            return (.bounce, out, (out * line.normal).sum())
        }
        let circle = circles[piece - lines.count]
        guard circle.response == .bounce else { return (circle.response, v, 0) }
        let (out, vn) = circle.bounce(v, at: p)
        return (.bounce, out, vn)
    }
}
