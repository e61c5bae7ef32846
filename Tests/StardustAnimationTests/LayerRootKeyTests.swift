import Foundation
import Testing
import StardustCore
@testable import StardustAnimation

/// ``LayerRootKey``: every root of ``Layer/animatableKeys`` and nothing else is matched, and setting or reading a
/// model value through it is what the key names (a wrong match would move a value to another property).
@Suite struct LayerRootKeyTests {
    @Test func everyAnimatableRootAndNothingElse() {
        let matched = Layer.animatableKeys.map { LayerRootKey(Substring($0)) }
        #expect(matched.allSatisfy { $0 != nil })
        #expect(Set(matched.compactMap { $0.map { "\($0)" } }) == Set(Layer.animatableKeys))
        #expect(LayerRootKey.allCases.count == Layer.animatableKeys.count)
        for other in ["", "hidden", "Position", "position ", "transform.rotation", "shadowPath", "contents", "frame"] {
            #expect(LayerRootKey(Substring(other)) == nil, "\(other)")
        }
    }

    @Test func valuesGoToTheirOwnProperty() {
        let layer = Layer()
        let values: [String: AnimatableValue] = [
            "position": .point(Point(3, 4)), "bounds": .rect(Rect(x: 1, y: 2, width: 30, height: 40)),
            "anchorPoint": .point(Point(0.25, 0.75)), "anchorPointZ": .number(2), "zPosition": .number(5),
            "transform": .transform(Transform3D(translationX: 7, y: 8, z: 0)),
            "sublayerTransform": .transform(Transform3D(translationX: -1, y: 2, z: 3)), "opacity": .number(0.5),
            "isHidden": .bool(true), "backgroundColor": .color(Color(red: 1, green: 0, blue: 0, alpha: 1)),
            "cornerRadius": .number(6), "borderWidth": .number(2), "borderColor": .color(Color(red: 0, green: 1, blue: 0, alpha: 1)),
            "contentsRect": .rect(Rect(x: 0.1, y: 0.2, width: 0.5, height: 0.5)),
            "shadowColor": .color(Color(red: 0, green: 0, blue: 1, alpha: 0.5)), "shadowOpacity": .number(0.3),
            "shadowRadius": .number(4), "shadowOffset": .size(Size(2, -2)),
        ]
        #expect(values.count == Layer.animatableKeys.count)
        for (key, v) in values { layer.setValue(v, forKeyPath: key) }
        for (key, v) in values { #expect(layer.value(forKeyPath: key) == v, "\(key)") }
        #expect(layer.position == Point(3, 4) && layer.opacity == 0.5 && layer.isHidden && layer.shadowRadius == 4)
        // Components and wrong types as before: a part is written back into its root, a wrong type is ignored.
        layer.setValue(.number(9), forKeyPath: "position.y")
        #expect(layer.position == Point(3, 9))
        layer.setValue(.point(Point(1, 1)), forKeyPath: "opacity")
        #expect(layer.opacity == 0.5)
        layer.setValue(.number(0), forKeyPath: "hidden")
        #expect(!layer.isHidden)
    }
}
