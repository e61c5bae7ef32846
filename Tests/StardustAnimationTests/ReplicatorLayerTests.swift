import Foundation
import Testing
import StardustCore
@testable import StardustAnimation

/// `CAReplicatorLayer`: copy positions by matrix algebra, time shifts, colors, nesting.
@Suite struct ReplicatorLayerTests {
    /// A 100×100 replicator at the origin holding one 10×10 square whose anchor sits at (50, 20).
    static func replicator(count: Int) -> (ReplicatorLayer, Layer) {
        let r = ReplicatorLayer()
        r.bounds = Rect(0, 0, 100, 100); r.anchorPoint = .zero
        r.instanceCount = count
        let dot = Layer()
        dot.bounds = Rect(0, 0, 10, 10); dot.position = Point(50, 20); dot.backgroundColor = .red
        r.addSublayer(dot)
        return (r, dot)
    }

    static func origins(_ r: Layer, at t: Double = 0) -> [Point] {
        r.displayList(size: Size(100, 100), at: t).commands.compactMap {
            if case .path(let d) = $0 { return d.transform.apply(to: Point(5, 5)) } else { return nil }
        }
    }

    @Test("Core Animation's defaults")
    func defaults() {
        let r = ReplicatorLayer()
        #expect(r.instanceCount == 1 && r.instanceDelay == 0 && r.instanceTransform == .identity && r.instanceColor == .white)
        #expect(r.instanceRedOffset == 0 && r.instanceGreenOffset == 0 && r.instanceBlueOffset == 0 && r.instanceAlphaOffset == 0)
    }

    @Test("copy i of a rotated replicator sits at center + Rⁱ·(p − center)")
    func rotationAboutCenter() {
        let (r, _) = Self.replicator(count: 6)
        let angle = Double.pi / 3
        r.instanceTransform = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1)
        let got = Self.origins(r)
        #expect(got.count == 6)
        for (i, p) in got.enumerated() {
            // The dot's center (50, 20) about the replicator's center (50, 50), turned i·60°, y down.
            let a = Double(i) * angle, dx = 0.0, dy = -30.0
            let want = Point(50 + dx * cos(a) - dy * sin(a), 50 + dx * sin(a) + dy * cos(a))
            #expect(abs(p.x - want.x) < 1e-9 && abs(p.y - want.y) < 1e-9, "copy \(i): \(p) vs \(want)")
        }
    }

    @Test("translations accumulate: copy i is moved i times")
    func translationsAccumulate() {
        let (r, _) = Self.replicator(count: 4)
        r.instanceTransform = Transform3D(translationX: 12, y: -3, z: 0)
        for (i, p) in Self.origins(r).enumerated() {
            #expect(abs(p.x - (50 + 12 * Double(i))) < 1e-9 && abs(p.y - (20 - 3 * Double(i))) < 1e-9)
        }
    }

    @Test("instanceDelay shifts each copy's time back by i × delay")
    func delayShiftsTime() {
        let (r, dot) = Self.replicator(count: 3)
        r.instanceDelay = 0.1
        let move = BasicAnimation(keyPath: "position.x")
        move.fromValue = .number(0); move.toValue = .number(100); move.timing.duration = 1
        dot.add(move, forKey: "move")
        let xs = Self.origins(r, at: 0.5).map(\.x)
        #expect(xs.count == 3)
        for (i, x) in xs.enumerated() { #expect(abs(x - (50 - 10 * Double(i))) < 1e-9, "copy \(i): \(x)") }
    }

    @Test("instanceColor plus i × offsets tints copy i (clamped); white copies draw without a group")
    func colors() {
        let (r, _) = Self.replicator(count: 3)
        r.instanceRedOffset = -0.25; r.instanceAlphaOffset = -0.5
        let tints: [Color?] = r.displayList(size: Size(100, 100), at: 0).commands.compactMap {
            if case .beginCompositeGroup(let g) = $0 { return g.tint } else { return nil }
        }
        #expect(tints == [Color(red: 0.75, green: 1, blue: 1, alpha: 0.5), Color(red: 0.5, green: 1, blue: 1, alpha: 0)])
    }

    @Test("nested replicators multiply: 3 × 4 copies, each at the sum of both translations")
    func nested() {
        let (inner, _) = Self.replicator(count: 4)
        inner.instanceTransform = Transform3D(translationX: 0, y: 10, z: 0)
        let outer = ReplicatorLayer()
        outer.bounds = Rect(0, 0, 100, 100); outer.anchorPoint = .zero
        outer.instanceCount = 3
        outer.instanceTransform = Transform3D(translationX: 20, y: 0, z: 0)
        outer.addSublayer(inner)
        let got = Set(Self.origins(outer).map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" })
        var want = Set<String>()
        for i in 0..<3 { for j in 0..<4 { want.insert("\(50 + 20 * i),\(20 + 10 * j)") } }
        #expect(got == want)
    }

    @Test("key paths read and write the replicator's properties")
    func keyPaths() {
        let r = ReplicatorLayer()
        r.setValue(.number(7), forKeyPath: "instanceCount")
        r.setValue(.number(0.25), forKeyPath: "instanceDelay")
        r.setValue(.color(.red), forKeyPath: "instanceColor")
        #expect(r.instanceCount == 7 && r.instanceDelay == 0.25 && r.instanceColor == .red)
        #expect(r.value(forKeyPath: "instanceGreenOffset") == .number(0))
        #expect(r.value(forKeyPath: "position") == .point(.zero))
    }
}
