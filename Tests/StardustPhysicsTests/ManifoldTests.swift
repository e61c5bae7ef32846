import Testing
@testable import StardustPhysics
import StardustPhysicsTestSupport

@Suite("Contact manifolds")
struct ManifoldTests {
    /// `polygon` mapped by `xf` and shifted by `-origin`, as the narrow phase lays it out.
    static func lanes(_ polygon: Polygon, _ xf: RigidTransform, origin: Vec2, into buffer: UnsafeMutablePointer<SIMD2<Double>>) -> PolygonLanes {
        let lanes = PolygonLanes(lanes: buffer, count: polygon.count, radius: polygon.radius)
        for k in 0..<4 {
            let v0 = xf.apply(polygon.vertices[2 * k]) - origin, v1 = xf.apply(polygon.vertices[2 * k + 1]) - origin
            let n0 = xf.q.rotate(polygon.normals[2 * k]), n1 = xf.q.rotate(polygon.normals[2 * k + 1])
            buffer[k] = SIMD2(v0.x, v1.x)
            buffer[4 + k] = SIMD2(v0.y, v1.y)
            buffer[8 + k] = SIMD2(n0.x, n1.x)
            buffer[12 + k] = SIMD2(n0.y, n1.y)
        }
        return lanes
    }

    /// The same polygon as a plain `Polygon` (the scalar reference's input).
    static func moved(_ polygon: Polygon, _ xf: RigidTransform, origin: Vec2) -> Polygon {
        var p = polygon
        for i in 0..<p.count {
            p.vertices[i] = xf.apply(polygon.vertices[i]) - origin
            p.normals[i] = xf.q.rotate(polygon.normals[i])
        }
        return p
    }

    @Test("the two-edges-at-a-time SAT equals the scalar SAT bit for bit")
    func laneSATMatchesScalar() {
        var polygons: [Polygon] = [.box(halfWidth: 0.5, halfHeight: 0.5), .box(halfWidth: 2, halfHeight: 0.25, angle: 0.3)]
        for n in 3...8 {
            // A regular n-gon with a little jitter: odd and even counts, up to the maximum.
            var pts: [Vec2] = []
            for i in 0..<n {
                let a = 2 * Double.pi * Double(i) / Double(n)
                let r = 0.6 + 0.3 * hashUniform(seed: 7, index: UInt64(10 * n + i))
                pts.append(Vec2(r * Rotation(angle: a).c, r * Rotation(angle: a).s))
            }
            if let p = Polygon(hull: pts) { polygons.append(p) }
        }
        polygons.append(Polygon(capsule: Capsule(point1: Vec2(-0.4, 0), point2: Vec2(0.4, 0.1), radius: 0.1)))
        let buffer = UnsafeMutablePointer<SIMD2<Double>>.allocate(capacity: 32)
        defer { buffer.deallocate() }
        var checked = 0
        for (i, a) in polygons.enumerated() {
            for (j, b) in polygons.enumerated() {
                for k in 0..<12 {
                    let u = { (m: Int) in hashUniform(seed: 99, index: UInt64(1000 * i + 100 * j + 8 * k + m)) }
                    let xfA = RigidTransform(p: Vec2(4 * u(0) - 2, 4 * u(1) - 2), q: Rotation(angle: 6.3 * u(2)))
                    let xfB = RigidTransform(p: Vec2(4 * u(3) - 2, 4 * u(4) - 2), q: Rotation(angle: 6.3 * u(5)))
                    let origin = xfA.apply(a.vertices[0])
                    let la = Self.lanes(a, xfA, origin: origin, into: buffer)
                    let lb = Self.lanes(b, xfB, origin: origin, into: buffer + 16)
                    let pa = Self.moved(a, xfA, origin: origin), pb = Self.moved(b, xfB, origin: origin)
                    let lanesAB = findMaxSeparation(la, lb), scalarAB = findMaxSeparation(pa, pb)
                    #expect(lanesAB.edge == scalarAB.edge && lanesAB.separation == scalarAB.separation,
                            "polygons \(i), \(j), case \(k): \(lanesAB) vs \(scalarAB)")
                    let lanesBA = findMaxSeparation(lb, la), scalarBA = findMaxSeparation(pb, pa)
                    #expect(lanesBA.edge == scalarBA.edge && lanesBA.separation == scalarBA.separation,
                            "polygons \(j), \(i), case \(k): \(lanesBA) vs \(scalarBA)")
                    checked += 1
                }
            }
        }
        #expect(checked == polygons.count * polygons.count * 12)
    }

    /// The general polygon path as it was before the box path: stored counts, edge-major SAT.
    enum ReferencePairPath: PolygonPairPath {
        static func counts(_ a: PolygonLanes, _ b: PolygonLanes) -> (Int, Int) { (a.count, b.count) }
        static func maxSeparation(_ p1: PolygonLanes, _ p2: PolygonLanes) -> (edge: Int, separation: Double) {
            findMaxSeparationEdgeMajor(p1, p2)
        }
    }

    /// Every field of a pair function's result as bits (the two must be identical, not just equal).
    static func bits(_ m: LocalManifold) -> [UInt64] {
        [m.normal.x.bitPattern, m.normal.y.bitPattern, UInt64(m.pointCount), m.hasNormal ? 1 : 0, UInt64(m.id0), UInt64(m.id1),
         m.anchor0.x.bitPattern, m.anchor0.y.bitPattern, m.anchor1.x.bitPattern, m.anchor1.y.bitPattern,
         m.separation0.bitPattern, m.separation1.bitPattern]
    }

    @Test("the box-box path gives the general path's manifold bit for bit")
    func boxPathMatchesGeneralPath() {
        let speculative = 0.02, slop = 0.005
        // Exact quarter turns (no rounding in the rotation), as in stacked scenes, and arbitrary angles.
        let quarterTurns = [Rotation(c: 1, s: 0), Rotation(c: 0, s: 1), Rotation(c: -1, s: 0), Rotation(c: 0, s: -1)]
        var cases = 0, twoPoints = 0, onePoint = 0, empty = 0, normalFromB = 0
        let scratch = UnsafeMutablePointer<SIMD2<Double>>.allocate(capacity: 32)
        defer { scratch.deallocate() }
        for k in 0..<4000 {
            let u = { (m: Int) in hashUniform(seed: 4242, index: UInt64(16 * k + m)) }
            let exact = k % 2 == 0   // half the cases: axis-aligned boxes on a grid, the resting-stack configuration
            let wA = exact ? 0.5 : 0.05 + 2 * u(0), hA = exact ? 0.5 : 0.05 + 2 * u(1)
            let wB = exact ? [0.25, 0.5, 1.0][k % 3] : 0.05 + 2 * u(2), hB = exact ? 0.5 : 0.05 + 2 * u(3)
            let rA = k % 5 == 0 ? 0.02 * u(4) : 0, rB = k % 7 == 0 ? 0.02 * u(5) : 0
            let a = Polygon.box(halfWidth: wA, halfHeight: hA, radius: rA)
            let b = Polygon.box(halfWidth: wB, halfHeight: hB, center: exact ? .zero : Vec2(u(6) - 0.5, u(7) - 0.5),
                                angle: exact ? 0 : 6.3 * u(8), radius: rB)
            let xfA: RigidTransform, xfB: RigidTransform
            if exact {
                // B on top of A (y down), resting, slightly apart or overlapping by multiples of the slop, shifted sideways.
                xfA = RigidTransform(p: Vec2(Double(k % 11) - 5, Double(k % 13)), q: quarterTurns[k % 4])
                let gap = Double(k % 9 - 4) * 0.25 * slop
                let side = Double(k % 17 - 8) * 0.125
                xfB = RigidTransform(p: xfA.p + Vec2(side, -(hA + hB) - gap), q: quarterTurns[(k / 4) % 4])
            } else {
                xfA = RigidTransform(p: Vec2(4 * u(9) - 2, 4 * u(10) - 2), q: Rotation(angle: 6.3 * u(11)))
                let reach = wA + hA + wB + hB
                xfB = RigidTransform(p: xfA.p + Vec2((2 * u(12) - 1) * reach, (2 * u(13) - 1) * reach), q: Rotation(angle: 6.3 * u(14)))
            }
            var pa = a, pb = b
            let fast = collidePolygons(&pa, xfA, &pb, xfB, speculative: speculative, linearSlop: slop)
            let (la, lb, origin) = writeLocalLanes(&pa, xfA, &pb, xfB, countA: 4, countB: 4, into: scratch)
            let reference = collideLocalPolygons(la, lb, origin, speculative: speculative, linearSlop: slop, path: ReferencePairPath.self)
            #expect(Self.bits(fast) == Self.bits(reference), "case \(k): \(fast) vs \(reference)")
            cases += 1
            switch reference.pointCount {
            case 2: twoPoints += 1
            case 1: onePoint += 1
            default: empty += 1
            }
            // B as the reference polygon (or a vertex-vertex pair): the normal is none of A's edge normals.
            if reference.pointCount > 0 && (0..<4).allSatisfy({ la.normal($0) != reference.normal }) { normalFromB += 1 }
        }
        // Every branch was exercised: two-point clips, single points, misses, B as the reference polygon.
        #expect(cases == 4000 && twoPoints > 500 && onePoint > 50 && empty > 200 && normalFromB > 100,
                "two \(twoPoints), one \(onePoint), none \(empty), normal from B \(normalFromB)")
    }

    @Test("a box resting 0.005 above the ground: two corner points at the true gap, normal along y")
    func boxOnGroundManifold() throws {
        var w = makeWorld()
        addGround(&w)
        let gap = 0.005
        let box = addBox(&w, at: Vec2(0.25, -0.5 - gap))
        w.step(1.0 / 60)
        let touching = try w.touchingContacts(of: box)
        #expect(touching.count == 1)
        guard let m = touching.first?.manifold else { return }
        #expect(m.pointCount == 2)
        // The normal points from shape A to shape B: along ±y whichever shape is A.
        #expect(abs(abs(m.normal.y) - 1) < 1e-12 && abs(m.normal.x) < 1e-12)
        let xs = [m.point0.point.x, m.point1.point.x].sorted()
        #expect(abs(xs[0] - (-0.25)) < 1e-9 && abs(xs[1] - 0.75) < 1e-9, "points at x = \(xs)")
        for p in [m.point0, m.point1] {
            // Midway between the surfaces (y = 0 and y = -gap), separated by the gap.
            #expect(abs(p.point.y - (-gap / 2)) < 1e-9, "point at \(p.point)")
            #expect(abs(p.separation - gap) < 1e-9, "separation \(p.separation)")
        }
    }
}
