import StardustCore
import Testing
@testable import StardustAnimation

/// The fourteen snapshot properties stored together (``LayerSnapshotValues``): each public property reads and
/// writes its own field, reports its change with the old and the new value as its `didSet` did, and a snapshot
/// copies the model values read in one access.
@Suite struct LayerSnapshotValuesTests {
    /// One distinct value per property, from `k`.
    func assign(_ l: Layer, _ k: Double) {
        l.position = Point(k, k + 1); l.bounds = Rect(k, 2, k + 3, 4); l.anchorPoint = Point(k / 10, 0.25)
        l.anchorPointZ = k + 5; l.zPosition = k + 6
        l.transform = Transform3D(translationX: k, y: 1, z: 2); l.sublayerTransform = Transform3D(scaleX: k + 1, y: 2, z: 1)
        l.opacity = k / 100; l.isHidden = Int(k) % 2 == 1
        l.backgroundColor = Color(red: k / 100, green: 0.5, blue: 0.25); l.cornerRadius = k + 7; l.borderWidth = k + 8
        l.borderColor = Color(red: 0.1, green: k / 100, blue: 0.3); l.contentsRect = Rect(0, 0, k / 100, 1)
    }

    @Test("each property reads and writes its own field") func propertiesRoundTrip() {
        let l = Layer()
        let m = LayerSnapshotValues()
        #expect(l.position == m.position && l.bounds == m.bounds && l.anchorPoint == m.anchorPoint)
        #expect(l.opacity == 1 && l.anchorPoint == Point(0.5, 0.5) && l.borderColor == .black && l.contentsRect == .unit)
        #expect(l.backgroundColor == nil && !l.isHidden && l.transform == .identity)
        for k in [3.0, 42.0] {
            assign(l, k)
            let v = l.snapshotValues
            #expect(v.position == Point(k, k + 1) && v.bounds == Rect(k, 2, k + 3, 4) && v.anchorPoint == Point(k / 10, 0.25))
            #expect(v.anchorPointZ == k + 5 && v.zPosition == k + 6)
            #expect(v.transform == Transform3D(translationX: k, y: 1, z: 2) && v.sublayerTransform == Transform3D(scaleX: k + 1, y: 2, z: 1))
            #expect(v.opacity == k / 100 && v.isHidden == (Int(k) % 2 == 1))
            #expect(v.backgroundColor == Color(red: k / 100, green: 0.5, blue: 0.25) && v.cornerRadius == k + 7 && v.borderWidth == k + 8)
            #expect(v.borderColor == Color(red: 0.1, green: k / 100, blue: 0.3) && v.contentsRect == Rect(0, 0, k / 100, 1))
            // The public getters and the key paths see the same values.
            #expect(l.position == v.position && l.value(forKeyPath: "position") == .point(v.position))
            #expect(l.value(forKeyPath: "transform") == .transform(v.transform))
            #expect(l.value(forKeyPath: "backgroundColor") == .color(v.backgroundColor!))
            // A snapshot without animations holds the model values.
            let s = l.snapshot(atLocalTime: 0)
            #expect(s.position == v.position && s.bounds == v.bounds && s.anchorPoint == v.anchorPoint)
            #expect(s.anchorPointZ == v.anchorPointZ && s.zPosition == v.zPosition && s.transform == v.transform)
            #expect(s.sublayerTransform == v.sublayerTransform && s.opacity == v.opacity && s.isHidden == v.isHidden)
            #expect(s.backgroundColor == v.backgroundColor && s.cornerRadius == v.cornerRadius && s.borderWidth == v.borderWidth)
            #expect(s.borderColor == v.borderColor && s.contentsRect == v.contentsRect)
        }
        // Changing one field through its sub-value (a `modify`) changes only that property.
        l.position.x = -9
        #expect(l.snapshotValues.position == Point(-9, 43) && l.snapshotValues.bounds == Rect(42, 2, 45, 4))
        l.backgroundColor = nil
        #expect(l.snapshotValues.backgroundColor == nil && l.value(forKeyPath: "backgroundColor") == .color(.clear))
    }

    @Test("every change is reported with its old and new value") func changesAreReported() {
        let l = Layer()
        assign(l, 3)
        var seen: [String: (AnimatableValue, AnimatableValue)] = [:]
        Transaction.capture({ _, key, old, new in seen[key] = (old, new) }) { assign(l, 42) }
        let expected: [(String, AnimatableValue, AnimatableValue)] = [
            ("position", .point(Point(3, 4)), .point(Point(42, 43))),
            ("bounds", .rect(Rect(3, 2, 6, 4)), .rect(Rect(42, 2, 45, 4))),
            ("anchorPoint", .point(Point(0.3, 0.25)), .point(Point(4.2, 0.25))),
            ("anchorPointZ", .number(8), .number(47)), ("zPosition", .number(9), .number(48)),
            ("transform", .transform(Transform3D(translationX: 3, y: 1, z: 2)), .transform(Transform3D(translationX: 42, y: 1, z: 2))),
            ("sublayerTransform", .transform(Transform3D(scaleX: 4, y: 2, z: 1)), .transform(Transform3D(scaleX: 43, y: 2, z: 1))),
            ("opacity", .number(0.03), .number(0.42)), ("isHidden", .bool(true), .bool(false)),
            ("backgroundColor", .color(Color(red: 0.03, green: 0.5, blue: 0.25)), .color(Color(red: 0.42, green: 0.5, blue: 0.25))),
            ("cornerRadius", .number(10), .number(49)), ("borderWidth", .number(11), .number(50)),
            ("borderColor", .color(Color(red: 0.1, green: 0.03, blue: 0.3)), .color(Color(red: 0.1, green: 0.42, blue: 0.3))),
            ("contentsRect", .rect(Rect(0, 0, 0.03, 1)), .rect(Rect(0, 0, 0.42, 1))),
        ]
        #expect(seen.count == 14)
        for (key, old, new) in expected {
            #expect(seen[key]?.0 == old && seen[key]?.1 == new, "\(key)")
        }
        // A background colour set to nil reports `.clear`, as before.
        seen = [:]
        Transaction.capture({ _, key, old, new in seen[key] = (old, new) }) { l.backgroundColor = nil }
        #expect(seen["backgroundColor"]?.1 == .color(.clear))
    }
}
