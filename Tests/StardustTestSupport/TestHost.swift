import StardustAnimation
import StardustCore

/// A tiny host for tests: a dictionary of model values and an ordered list of keyed animations.
public final class TestHost: AnimationHost {
    public var values: [String: AnimatableValue] = [:]
    public var animations: [(key: String, animation: Animation)] = []

    public init(_ values: [String: AnimatableValue] = [:]) { self.values = values }

    public func value(forKeyPath keyPath: String) -> AnimatableValue? { values[keyPath] }

    public func setValue(_ value: AnimatableValue, forKeyPath keyPath: String) {
        let old = values[keyPath]
        values[keyPath] = value
        if let old { Transaction.recordChange(host: self, keyPath: keyPath, from: old, to: value) }
    }

    public func add(_ animation: Animation, forKey key: String?) {
        let k = key ?? "anonymous.\(animations.count)"
        if let i = animations.firstIndex(where: { $0.key == k }) { animations[i] = (k, animation) } else { animations.append((k, animation)) }
    }

    public func removeAnimation(forKey key: String) { animations.removeAll { $0.key == key } }

    public func presentationValue(forKeyPath keyPath: String, at time: Double) -> AnimatableValue? {
        guard var v = values[keyPath] else { return nil }
        for (_, a) in animations { if let r = a.value(forKeyPath: keyPath, on: v, at: time) { v = r } }
        return v
    }

    public func number(_ keyPath: String, at time: Double) -> Double? {
        if case .number(let n)? = presentationValue(forKeyPath: keyPath, at: time) { return n }
        return nil
    }

    public func model(_ keyPath: String) -> Double? {
        if case .number(let n)? = values[keyPath] { return n }
        return nil
    }
}

extension AnimatableValue {
    public var number: Double? { if case .number(let n) = self { return n }; return nil }
    public var point: Point? { if case .point(let p) = self { return p }; return nil }
    public var transform: Transform3D? { if case .transform(let t) = self { return t }; return nil }
}
