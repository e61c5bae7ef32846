import Foundation
import StardustCore
import Testing
@testable import StardustAnimation

/// `Layer.setValue(_:forKeyPath:)`'s shortcut for common key paths (``Layer/setCommonValue(_:forKeyPath:)``)
/// against its general path (``Layer/setValueByParsing(_:forKeyPath:)``): the same model values bit for bit and the
/// same change reports, for random and special values (±0, ±∞, NaN, the smallest subnormal), values of every other
/// kind, transforms with perspective, and layer subclasses; key paths the shortcut does not take fall through.
@Suite struct LayerCommonKeyPathsTests {
    static let common = ["position", "position.x", "position.y", "opacity", "bounds.origin", "transform.rotation",
                         "transform.rotation.x", "transform.rotation.y", "transform.rotation.z", "transform.scale.x",
                         "transform.scale.y"]
    static let specials: [Double] = [0, -0.0, 1, -1, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, 1e300, 0.1]

    static func number(_ rng: inout SplitMix64) -> Double {
        Bool.random(using: &rng) ? specials.randomElement(using: &rng)! : Double.random(in: -1e4...1e4, using: &rng)
    }

    /// A value of any kind (most often the kinds the common key paths take).
    static func value(_ rng: inout SplitMix64) -> AnimatableValue {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0, 1, 2: return .number(number(&rng))
        case 3, 4: return .point(Point(number(&rng), number(&rng)))
        case 5: return .bool(Bool.random(using: &rng))
        case 6: return .size(Size(number(&rng), number(&rng)))
        case 7: return .rect(Rect(number(&rng), number(&rng), number(&rng), number(&rng)))
        case 8: return .transform(transform(&rng))
        default: return .color(Color(red: number(&rng), green: 0.5, blue: 0, alpha: 1))
        }
    }

    /// A transform from random components, sometimes with perspective, sometimes with special entries.
    static func transform(_ rng: inout SplitMix64) -> Transform3D {
        let small = { (r: inout SplitMix64) in Double.random(in: -4...4, using: &r) }
        var m = TransformComponents(translation: Vector3(small(&rng), small(&rng), small(&rng)),
                                    rotation: Vector3(small(&rng), small(&rng), small(&rng)),
                                    scale: Vector3(small(&rng), small(&rng), Bool.random(using: &rng) ? 1 : small(&rng))).transform()
        if Bool.random(using: &rng) { m.m34 = -1 / 500 }
        if Int.random(in: 0..<8, using: &rng) == 0 { m.m11 = number(&rng) }
        return m
    }

    /// Every model value the general path can write for these key paths, as bits.
    static func bits(_ l: Layer) -> [UInt64] {
        let t = l.transform
        return [l.position.x, l.position.y, l.opacity, l.bounds.origin.x, l.bounds.origin.y, l.bounds.size.width,
                l.bounds.size.height, t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34,
                t.m41, t.m42, t.m43, t.m44].map(\.bitPattern)
    }

    /// The change reports `body` makes, as text (a NaN is not equal to itself).
    static func reports(_ body: () -> Void) -> [String] {
        var out: [String] = []
        Transaction.capture({ _, keyPath, old, new in out.append("\(keyPath) \(old) \(new)") }, body)
        return out
    }

    @Test("the shortcut sets what the general path sets, bit for bit, with the same change reports")
    func commonKeyPathsAsTheGeneralPath() {
        var rng = SplitMix64(seed: 2020)
        for _ in 0..<400 {
            for keyPath in Self.common {
                for make in [{ Layer() }, { ShapeLayer() as Layer }, { TextLayer() as Layer }] {
                    let a = make(), b = make()
                    let position = Point(Self.number(&rng), Self.number(&rng))
                    let bounds = Rect(Self.number(&rng), Self.number(&rng), Self.number(&rng), Self.number(&rng))
                    let opacity = Self.number(&rng), transform = Self.transform(&rng)
                    for l in [a, b] { l.position = position; l.bounds = bounds; l.opacity = opacity; l.transform = transform }
                    let value = Self.value(&rng)
                    let fast = Self.reports { a.setValue(value, forKeyPath: keyPath) }
                    let general = Self.reports { b.setValueByParsing(value, forKeyPath: keyPath) }
                    #expect(Self.bits(a) == Self.bits(b), "\(keyPath) \(value)")
                    #expect(fast == general, "\(keyPath) \(value)")
                }
            }
        }
    }

    @Test("transform components set from the identity, one after another, as the general path sets them")
    func transformComponentsFromTheIdentity() {
        let keyPaths = ["transform.rotation", "transform.rotation.x", "transform.rotation.y", "transform.rotation.z",
                        "transform.scale.x", "transform.scale.y"]
        // The identity's component values (rotation 0, scale 1) and their neighbours most often, as a Lottie
        // layer's are; −0 and the smallest values, which the identity's bits tell apart from +0.
        let values: [Double] = [0, 1, -0.0, -1, 1.0.nextUp, 1.0.nextDown, .leastNonzeroMagnitude, 0.5, .pi / 2, .nan, .infinity]
        // Starting transforms: the identity, and ones that are equal to it but not its bits.
        var negativeZero = Transform3D.identity
        negativeZero.m12 = -0.0
        var negativeZeroPerspective = Transform3D.identity
        negativeZeroPerspective.m34 = -0.0
        let starts = [Transform3D.identity, negativeZero, negativeZeroPerspective]
        var rng = SplitMix64(seed: 2_323)
        for trial in 0..<3_000 {
            let a = Layer(), b = Layer()
            let start = starts[trial % 3 == 0 ? Int.random(in: 0..<3, using: &rng) : 0]
            for l in [a, b] { l.transform = start }
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let keyPath = keyPaths.randomElement(using: &rng)!
                let number = Bool.random(using: &rng) ? values[Int.random(in: 0..<2, using: &rng)]
                    : Bool.random(using: &rng) ? values.randomElement(using: &rng)! : Double.random(in: -4...4, using: &rng)
                let value: AnimatableValue = Int.random(in: 0..<10, using: &rng) == 0 ? .bool(number != 0) : .number(number)
                let fast = Self.reports { a.setValue(value, forKeyPath: keyPath) }
                let general = Self.reports { b.setValueByParsing(value, forKeyPath: keyPath) }
                #expect(Self.bits(a) == Self.bits(b), "\(keyPath) \(value) from \(start)")
                #expect(fast == general, "\(keyPath) \(value)")
            }
        }
    }

    @Test("every common key path takes the shortcut; others fall through to the general path")
    func otherKeyPathsFallThrough() {
        for keyPath in Self.common { #expect(Layer().setCommonValue(.number(0.5), forKeyPath: keyPath), "\(keyPath)") }
        var rng = SplitMix64(seed: 2021)
        let others = ["position.z", "transform.scale", "transform.scale.z", "transform.rotation.w", "Position", "opacity.x",
                      "bounds", "bounds.size", "anchorPoint", "hidden", "isHidden", "transform", "transform.translation.x", ""]
        for keyPath in others {
            #expect(!Layer().setCommonValue(.number(0.5), forKeyPath: keyPath), "\(keyPath)")
            for _ in 0..<50 {
                let a = Layer(), b = Layer()
                let value = Self.value(&rng)
                let fast = Self.reports { a.setValue(value, forKeyPath: keyPath) }
                let general = Self.reports { b.setValueByParsing(value, forKeyPath: keyPath) }
                // Anchor point by its bits too: a NaN is not equal to itself.
                #expect(Self.bits(a) == Self.bits(b) && a.isHidden == b.isHidden, "\(keyPath) \(value)")
                #expect([a.anchorPoint.x, a.anchorPoint.y].map(\.bitPattern) == [b.anchorPoint.x, b.anchorPoint.y].map(\.bitPattern))
                #expect(fast == general, "\(keyPath) \(value)")
            }
        }
    }
}
