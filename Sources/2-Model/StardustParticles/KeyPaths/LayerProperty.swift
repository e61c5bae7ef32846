import StardustCore
import StardustAnimation

/// The emitter properties of an ``EmitterLayer`` addressable by key path, with Core Animation's key names.
public enum LayerProperty: String, Hashable, Sendable, CaseIterable {
    /// Emitter geometry: position (points), z position, size and depth.
    case emitterPosition, emitterZPosition, emitterSize, emitterDepth
    /// Shape, mode, render mode and whether particles keep their depth.
    case emitterShape, emitterMode, renderMode, preservesDepth
    /// Multipliers of every cell (birth rate of top-level cells; lifetime, velocity, scale, spin of every particle) and the seed.
    case birthRate, lifetime, velocity, scale, spin, seed

    /// Whether the property is sampled when a particle is born (a timed change applies to particles
    /// born after it). Shape, mode, render mode, depth flag and seed apply to the whole history.
    public var isSampledAtBirth: Bool {
        switch self {
        case .emitterShape, .emitterMode, .renderMode, .preservesDepth, .seed: return false
        default: return true
        }
    }

    /// The property's value on `layer`.
    public func value(of l: EmitterLayer) -> AnimatableValue {
        switch self {
        case .emitterPosition: return .point(l.emitterPosition)
        case .emitterZPosition: return .number(l.emitterZPosition)
        case .emitterSize: return .size(l.emitterSize)
        case .emitterDepth: return .number(l.emitterDepth)
        case .emitterShape: return .string(l.emitterShape.rawValue)
        case .emitterMode: return .string(l.emitterMode.rawValue)
        case .renderMode: return .string(l.renderMode.rawValue)
        case .preservesDepth: return .bool(l.preservesDepth)
        case .birthRate: return .number(l.birthRate)
        case .lifetime: return .number(l.lifetime)
        case .velocity: return .number(l.velocity)
        case .scale: return .number(l.scale)
        case .spin: return .number(l.spin)
        case .seed: return .number(Double(l.seed))
        }
    }

    /// Sets the property on `layer`; returns false when `value` has the wrong kind or is not a valid name.
    @discardableResult
    public func set(_ value: AnimatableValue, on l: EmitterLayer) -> Bool {
        switch (self, value) {
        case (.emitterPosition, .point(let p)): l.emitterPosition = p
        case (.emitterZPosition, .number(let n)): l.emitterZPosition = n
        case (.emitterSize, .size(let s)): l.emitterSize = s
        case (.emitterDepth, .number(let n)): l.emitterDepth = n
        case (.emitterShape, .string(let s)):
            guard let v = EmitterShape(rawValue: s) else { return false }
            l.emitterShape = v
        case (.emitterMode, .string(let s)):
            guard let v = EmitterMode(rawValue: s) else { return false }
            l.emitterMode = v
        case (.renderMode, .string(let s)):
            guard let v = EmitterRenderMode(rawValue: s) else { return false }
            l.renderMode = v
        case (.preservesDepth, .bool(let b)): l.preservesDepth = b
        case (.birthRate, .number(let n)): l.birthRate = n
        case (.lifetime, .number(let n)): l.lifetime = n
        case (.velocity, .number(let n)): l.velocity = n
        case (.scale, .number(let n)): l.scale = n
        case (.spin, .number(let n)): l.spin = n
        case (.seed, .number(let n)):
            guard n.isFinite, n >= 0, n <= Double(UInt32.max) else { return false }
            l.seed = UInt32(n)
        default: return false
        }
        return true
    }
}
