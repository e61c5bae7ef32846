import Testing
@testable import StardustPhysics

@Suite("Broad phase")
struct BroadPhaseTests {
    /// Pair finding against brute force: after `updatePairs()` every pair of
    /// shapes whose fat boxes overlap and that may collide has a contact,
    /// also when both shapes moved in the same step (the broad phase then
    /// examines the pair once, from the earlier of the two).
    @Test("every overlapping pair of fat boxes has a contact (brute force over all shape pairs)")
    func pairsMatchBruteForce() throws {
        var w = World(WorldDefinition(gravity: Vec2(0, 10)))
        let ground = w.createBody(BodyDefinition(type: .static))
        _ = try w.createShape(ground, ShapeDefinition(), .polygon(.box(halfWidth: 11, halfHeight: 0.5, center: Vec2(0, 0.5))))
        _ = try w.createShape(ground, ShapeDefinition(), .polygon(.box(halfWidth: 0.5, halfHeight: 20, center: Vec2(-10.5, -20))))
        _ = try w.createShape(ground, ShapeDefinition(), .polygon(.box(halfWidth: 0.5, halfHeight: 20, center: Vec2(10.5, -20))))
        for i in 0..<240 {
            let jitter = hashUniform(seed: 7, index: UInt64(2 * i)) - 0.5
            let size = hashUniform(seed: 7, index: UInt64(2 * i + 1))
            let p = Vec2(-9 + 1.2 * Double(i % 16) + 0.2 * jitter, -1 - 1.1 * Double(i / 16))
            var bd = BodyDefinition(type: .dynamic, position: p)
            // Sideways speeds so that neighbours move in the same step.
            bd.linearVelocity = Vec2(8 * jitter, 0)
            let b = w.createBody(bd)
            let geometry: ShapeGeometry = i % 2 == 0
                ? .circle(Circle(radius: 0.2 + 0.25 * size))
                : .polygon(.box(halfWidth: 0.2 + 0.25 * size, halfHeight: 0.2 + 0.25 * size))
            _ = try w.createShape(b, ShapeDefinition(), geometry)
        }
        var checkedPairs = 0
        for step in 0..<40 {
            w.step(1.0 / 60)
            let moved = w.moveBuffer.count
            w.updatePairs()
            let n = Int32(w.shapes.count)
            var missing = 0
            for a in 0..<n where w.shapeIDs.alive[Int(a)] {
                for b in (a + 1)..<n where w.shapeIDs.alive[Int(b)] {
                    guard w.shapes[Int(a)].fatAABB.overlaps(w.shapes[Int(b)].fatAABB), w.shouldPair(a, b) else { continue }
                    checkedPairs += 1
                    if !w.pairSet.contains(PairSet.key(a, b)) { missing += 1 }
                }
            }
            #expect(missing == 0, "step \(step): \(missing) overlapping pairs without a contact (\(moved) proxies moved)")
        }
        #expect(checkedPairs > 1000)
    }
}
