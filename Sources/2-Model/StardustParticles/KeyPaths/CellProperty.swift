import StardustCore
import StardustAnimation

/// The key-path-addressable properties of an ``EmitterCell`` (the last component of
/// `emitterCells.NAME.PROPERTY`), with Core Animation's key names.
public enum CellProperty: String, Hashable, Sendable, CaseIterable {
    /// Birth rate (particles per second) and lifetime with its range (seconds).
    case birthRate, lifetime, lifetimeRange
    /// Emission direction: latitude, longitude and the longitude's range (radians).
    case emissionLatitude, emissionLongitude, emissionRange
    /// Initial speed and its range (points per second).
    case velocity, velocityRange
    /// Constant acceleration components (points per second²).
    case xAcceleration, yAcceleration, zAcceleration
    /// Scale at birth, its range, and its change per second.
    case scale, scaleRange, scaleSpeed
    /// Rotation speed and its range (radians per second).
    case spin, spinRange
    /// The mean color.
    case color
    /// Per-channel color ranges (±).
    case redRange, greenRange, blueRange, alphaRange
    /// Per-channel color changes per second.
    case redSpeed, greenSpeed, blueSpeed, alphaSpeed
    /// The unit sub-rectangle of the contents, and pixels per point of the contents.
    case contentsRect, contentsScale
    /// Core Animation's key is `enabled`; `isEnabled` is accepted too.
    case enabled
    /// The cell's media timing (for a sub-cell, measured on its parent particle's age).
    case beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode
    /// Texture filters, as strings (`"nearest"`, `"linear"`, `"trilinear"`).
    case minificationFilter, magnificationFilter

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
        case .contentsRect, .contentsScale, .enabled, .beginTime, .duration, .speed, .timeOffset, .repeatCount,
             .repeatDuration, .autoreverses, .fillMode, .minificationFilter, .magnificationFilter:
            return false
        default: return true
        }
    }

    /// The property's value on `cell`.
    public func value(of cell: EmitterCell) -> AnimatableValue {
        switch self {
        case .color: return .color(cell.color)
        case .contentsRect: return .rect(cell.contentsRect)
        case .enabled: return .bool(cell.isEnabled)
        case .autoreverses: return .bool(cell.timing.autoreverses)
        case .fillMode: return .string(cell.timing.fillMode.rawValue)
        case .minificationFilter: return .string(cell.minificationFilter.rawValue)
        case .magnificationFilter: return .string(cell.magnificationFilter.rawValue)
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
        case (.autoreverses, .bool(let b)): cell.timing.autoreverses = b
        case (.fillMode, .string(let v)):
            guard let m = FillMode(rawValue: v) else { return false }
            cell.timing.fillMode = m
        case (.minificationFilter, .string(let v)):
            guard let f = ImageFilter(rawValue: v) else { return false }
            cell.minificationFilter = f
        case (.magnificationFilter, .string(let v)):
            guard let f = ImageFilter(rawValue: v) else { return false }
            cell.magnificationFilter = f
        case (.color, _), (.contentsRect, _), (.enabled, _), (.autoreverses, _), (.fillMode, _),
             (.minificationFilter, _), (.magnificationFilter, _):
            return false
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
        case .beginTime: return c.timing.beginTime
        case .duration: return c.timing.duration
        case .speed: return c.timing.speed
        case .timeOffset: return c.timing.timeOffset
        case .repeatCount: return c.timing.repeatCount
        case .repeatDuration: return c.timing.repeatDuration
        case .color, .contentsRect, .enabled, .autoreverses, .fillMode, .minificationFilter, .magnificationFilter: return 0
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
        case .beginTime: c.timing.beginTime = v
        case .duration: c.timing.duration = v
        case .speed: c.timing.speed = v
        case .timeOffset: c.timing.timeOffset = v
        case .repeatCount: c.timing.repeatCount = v
        case .repeatDuration: c.timing.repeatDuration = v
        case .color, .contentsRect, .enabled, .autoreverses, .fillMode, .minificationFilter, .magnificationFilter: break
        }
    }
}
