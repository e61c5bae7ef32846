import StardustCore
import StardustAnimation

/// The key-path-addressable properties of an ``EmitterCell`` (the last component of
/// `emitterCells.NAME.PROPERTY`), with Core Animation's key names.
public enum CellProperty: String, Hashable, Sendable, CaseIterable {
    case birthRate, lifetime, lifetimeRange
    case emissionLatitude, emissionLongitude, emissionRange
    case velocity, velocityRange
    case xAcceleration, yAcceleration, zAcceleration
    case scale, scaleRange, scaleSpeed
    case spin, spinRange
    case color
    case redRange, greenRange, blueRange, alphaRange
    case redSpeed, greenSpeed, blueSpeed, alphaSpeed
    case contentsRect, contentsScale
    /// Core Animation's key is `enabled`; `isEnabled` is accepted too.
    case enabled

    /// Parses a key (`"birthRate"`, `"enabled"`, `"isEnabled"`).
    public init?(key: String) {
        if key == "isEnabled" { self = .enabled; return }
        self.init(rawValue: key)
    }

    /// Whether the property is sampled when a particle is born, so that a timed change
    /// (``EmitterLayer/setEmitterValue(_:forKeyPath:at:)``) applies to particles born after it.
    /// The others (`contentsRect`, `contentsScale`, `enabled`) apply to the whole history.
    public var isSampledAtBirth: Bool {
        switch self {
        case .contentsRect, .contentsScale, .enabled: return false
        default: return true
        }
    }

    /// The property's value on `cell`.
    public func value(of cell: EmitterCell) -> AnimatableValue {
        switch self {
        case .color: return .color(cell.color)
        case .contentsRect: return .rect(cell.contentsRect)
        case .enabled: return .bool(cell.isEnabled)
        default: return .number(number(of: cell))
        }
    }

    /// Sets the property on `cell`; returns false when `value` has the wrong kind.
    @discardableResult
    public func set(_ value: AnimatableValue, on cell: EmitterCell) -> Bool {
        switch (self, value) {
        case (.color, .color(let c)): cell.color = c
        case (.contentsRect, .rect(let r)): cell.contentsRect = r
        case (.enabled, .bool(let b)): cell.isEnabled = b
        case (.enabled, .number(let n)): cell.isEnabled = n != 0
        case (.color, _), (.contentsRect, _), (.enabled, _): return false
        case (_, .number(let n)): setNumber(n, on: cell)
        default: return false
        }
        return true
    }

    func number(of c: EmitterCell) -> Double {
        switch self {
        case .birthRate: return c.birthRate
        case .lifetime: return c.lifetime
        case .lifetimeRange: return c.lifetimeRange
        case .emissionLatitude: return c.emissionLatitude
        case .emissionLongitude: return c.emissionLongitude
        case .emissionRange: return c.emissionRange
        case .velocity: return c.velocity
        case .velocityRange: return c.velocityRange
        case .xAcceleration: return c.xAcceleration
        case .yAcceleration: return c.yAcceleration
        case .zAcceleration: return c.zAcceleration
        case .scale: return c.scale
        case .scaleRange: return c.scaleRange
        case .scaleSpeed: return c.scaleSpeed
        case .spin: return c.spin
        case .spinRange: return c.spinRange
        case .redRange: return c.redRange
        case .greenRange: return c.greenRange
        case .blueRange: return c.blueRange
        case .alphaRange: return c.alphaRange
        case .redSpeed: return c.redSpeed
        case .greenSpeed: return c.greenSpeed
        case .blueSpeed: return c.blueSpeed
        case .alphaSpeed: return c.alphaSpeed
        case .contentsScale: return c.contentsScale
        case .color, .contentsRect, .enabled: return 0
        }
    }

    func setNumber(_ v: Double, on c: EmitterCell) {
        switch self {
        case .birthRate: c.birthRate = v
        case .lifetime: c.lifetime = v
        case .lifetimeRange: c.lifetimeRange = v
        case .emissionLatitude: c.emissionLatitude = v
        case .emissionLongitude: c.emissionLongitude = v
        case .emissionRange: c.emissionRange = v
        case .velocity: c.velocity = v
        case .velocityRange: c.velocityRange = v
        case .xAcceleration: c.xAcceleration = v
        case .yAcceleration: c.yAcceleration = v
        case .zAcceleration: c.zAcceleration = v
        case .scale: c.scale = v
        case .scaleRange: c.scaleRange = v
        case .scaleSpeed: c.scaleSpeed = v
        case .spin: c.spin = v
        case .spinRange: c.spinRange = v
        case .redRange: c.redRange = v
        case .greenRange: c.greenRange = v
        case .blueRange: c.blueRange = v
        case .alphaRange: c.alphaRange = v
        case .redSpeed: c.redSpeed = v
        case .greenSpeed: c.greenSpeed = v
        case .blueSpeed: c.blueSpeed = v
        case .alphaSpeed: c.alphaSpeed = v
        case .contentsScale: c.contentsScale = v
        case .color, .contentsRect, .enabled: break
        }
    }
}
