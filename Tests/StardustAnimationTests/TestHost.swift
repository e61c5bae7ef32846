import StardustAnimation
import StardustCore

/// A tiny host for tests: a dictionary of model values and an ordered list of keyed animations.
final class TestHost: AnimationHost {
    var values: [String: AnimatableValue] = [:]
    var animations: [(key: String, animation: Animation)] = []

    init(_ values: [String: AnimatableValue] = [:]) { self.values = values }

    func value(forKeyPath keyPath: String) -> AnimatableValue? { values[keyPath] }

    func setValue(_ value: AnimatableValue, forKeyPath keyPath: String) {
        let old = values[keyPath]
        values[keyPath] = value
        if let old { Transaction.recordChange(host: self, keyPath: keyPath, from: old, to: value) }
    }

    func add(_ animation: Animation, forKey key: String?) {
        let k = key ?? "anonymous.\(animations.count)"
        if let i = animations.firstIndex(where: { $0.key == k }) { animations[i] = (k, animation) } else { animations.append((k, animation)) }
    }

    func removeAnimation(forKey key: String) { animations.removeAll { $0.key == key } }

    func presentationValue(forKeyPath keyPath: String, at time: Double) -> AnimatableValue? {
        guard var v = values[keyPath] else { return nil }
        for (_, a) in animations { if let r = a.value(forKeyPath: keyPath, on: v, at: time) { v = r } }
        return v
    }

    func number(_ keyPath: String, at time: Double) -> Double? {
        if case .number(let n)? = presentationValue(forKeyPath: keyPath, at: time) { return n }
        return nil
    }

    func model(_ keyPath: String) -> Double? {
        if case .number(let n)? = values[keyPath] { return n }
        return nil
    }
}

extension AnimatableValue {
    var number: Double? { if case .number(let n) = self { return n }; return nil }
    var point: Point? { if case .point(let p) = self { return p }; return nil }
    var transform: Transform3D? { if case .transform(let t) = self { return t }; return nil }
}
