import Foundation
import StardustCore
import StardustAnimation

/// Everything a birth needs from one cell during one piece of the emitter's history, with the
/// layer multipliers already applied (decision P5).
struct BirthParameters: Sendable {
    /// Births per second of parent time (× layer `birthRate` for top-level cells, × |cell speed|).
    var rate: Double = 0
    var life: Double = 0, lifeRange: Double = 0
    var cosLat: Double = 1, sinLat: Double = 0
    var latitude: Double = 0, longitude: Double = 0, longitudeRange: Double = 0
    var speed: Double = 0, speedRange: Double = 0
    var accel: SIMD3<Double> = .zero
    var scale: Double = 1, scaleRange: Double = 0, scaleSpeed: Double = 0
    var spin: Double = 0, spinRange: Double = 0
    var color: SIMD4<Double> = .one, colorRange: SIMD4<Double> = .zero, colorSpeed: SIMD4<Double> = .zero
    /// Emitter geometry (top-level cells).
    var center: SIMD3<Double> = .zero
    var size: SIMD3<Double> = .zero
    /// The layer's scale multiplier applied to this cell (1 for sub-cells); read by ``CellExtensions``.
    var layerScale: Double = 1
    /// The layer's ``EmitterLayer/emitterPath`` for top-level cells (nil: the emitter shape; always nil for sub-cells).
    var path: EmitterPath? = nil
    /// What multiplies a burst's count (``ParticleBurst``): the layer's `birthRate` for top-level cells, 1 for sub-cells.
    var burstScale: Double = 1

    /// The largest lifetime a particle born with these parameters can have.
    var maxLife: Double { max(0, life + abs(lifeRange)) }

    /// The birth color, scale and spin drawn from their uniforms u in 0…1: `base + range · (2u − 1)` (a sub-cell's color
    /// factor is the caller's). One place for the operations that ``ParticleBirth/finish`` and the batched kernel's birth
    /// record both use, and that `sd_columns` repeats lane by lane in C (the same operations in the same order).
    @inline(__always) func drawnColor(_ u: SIMD4<Double>) -> SIMD4<Double> { color + colorRange * (2 * u - 1) }
    @inline(__always) func drawnScale(_ u: Double) -> Double { scale + scaleRange * (2 * u - 1) }
    @inline(__always) func drawnSpin(_ u: Double) -> Double { spin + spinRange * (2 * u - 1) }

    init() {}

    /// Combines cell values and layer values sampled at the same time.
    init(cell c: CellValues, layer l: LayerValues, isTopLevel: Bool, speedFactor: Double) {
        rate = max(0, c.birthRate * (isTopLevel ? l.birthRate : 1) * speedFactor)
        if !rate.isFinite { rate = 0 }
        burstScale = isTopLevel ? max(0, l.birthRate) : 1
        if !burstScale.isFinite { burstScale = 0 }
        life = c.lifetime * l.lifetime
        lifeRange = c.lifetimeRange * l.lifetime
        latitude = c.emissionLatitude
        cosLat = cos(c.emissionLatitude); sinLat = sin(c.emissionLatitude)
        longitude = c.emissionLongitude; longitudeRange = abs(c.emissionRange)
        speed = c.velocity * l.velocity; speedRange = c.velocityRange * l.velocity
        accel = SIMD3(c.xAcceleration, c.yAcceleration, c.zAcceleration)
        let sf = isTopLevel ? l.scale : 1
        layerScale = sf
        scale = c.scale * sf; scaleRange = c.scaleRange * sf; scaleSpeed = c.scaleSpeed * sf
        spin = c.spin * l.spin; spinRange = c.spinRange * l.spin
        color = SIMD4(c.color.red, c.color.green, c.color.blue, c.color.alpha)
        colorRange = SIMD4(c.redRange, c.greenRange, c.blueRange, c.alphaRange)
        colorSpeed = SIMD4(c.redSpeed, c.greenSpeed, c.blueSpeed, c.alphaSpeed)
        center = SIMD3(l.position.x, l.position.y, l.zPosition)
        size = SIMD3(l.size.width, l.size.height, l.depth)
        path = isTopLevel ? l.path : nil
    }
}

/// The birth-sampled values of a cell at one time.
struct CellValues: Equatable {
    var birthRate = 0.0, lifetime = 0.0, lifetimeRange = 0.0
    var emissionLatitude = 0.0, emissionLongitude = 0.0, emissionRange = 0.0
    var velocity = 0.0, velocityRange = 0.0
    var xAcceleration = 0.0, yAcceleration = 0.0, zAcceleration = 0.0
    var scale = 1.0, scaleRange = 0.0, scaleSpeed = 0.0
    var spin = 0.0, spinRange = 0.0
    var color = Color.white
    var redRange = 0.0, greenRange = 0.0, blueRange = 0.0, alphaRange = 0.0
    var redSpeed = 0.0, greenSpeed = 0.0, blueSpeed = 0.0, alphaSpeed = 0.0

    init(_ c: EmitterCell) {
        birthRate = c.birthRate; lifetime = c.lifetime; lifetimeRange = c.lifetimeRange
        emissionLatitude = c.emissionLatitude; emissionLongitude = c.emissionLongitude; emissionRange = c.emissionRange
        velocity = c.velocity; velocityRange = c.velocityRange
        xAcceleration = c.xAcceleration; yAcceleration = c.yAcceleration; zAcceleration = c.zAcceleration
        scale = c.scale; scaleRange = c.scaleRange; scaleSpeed = c.scaleSpeed
        spin = c.spin; spinRange = c.spinRange; color = c.color
        redRange = c.redRange; greenRange = c.greenRange; blueRange = c.blueRange; alphaRange = c.alphaRange
        redSpeed = c.redSpeed; greenSpeed = c.greenSpeed; blueSpeed = c.blueSpeed; alphaSpeed = c.alphaSpeed
    }

    /// Overrides one property with a key-path value of the right kind (others are ignored).
    mutating func apply(_ p: CellProperty, _ v: AnimatableValue) {
        switch (p, v) {
        case (.color, .color(let c)): color = c
        case (_, .number(let n)):
            switch p {
            case .birthRate: birthRate = n
            case .lifetime: lifetime = n
            case .lifetimeRange: lifetimeRange = n
            case .emissionLatitude: emissionLatitude = n
            case .emissionLongitude: emissionLongitude = n
            case .emissionRange: emissionRange = n
            case .velocity: velocity = n
            case .velocityRange: velocityRange = n
            case .xAcceleration: xAcceleration = n
            case .yAcceleration: yAcceleration = n
            case .zAcceleration: zAcceleration = n
            case .scale: scale = n
            case .scaleRange: scaleRange = n
            case .scaleSpeed: scaleSpeed = n
            case .spin: spin = n
            case .spinRange: spinRange = n
            case .redRange: redRange = n
            case .greenRange: greenRange = n
            case .blueRange: blueRange = n
            case .alphaRange: alphaRange = n
            case .redSpeed: redSpeed = n
            case .greenSpeed: greenSpeed = n
            case .blueSpeed: blueSpeed = n
            case .alphaSpeed: alphaSpeed = n
            case .color, .contentsRect, .contentsScale, .enabled, .beginTime, .duration, .speed, .timeOffset,
                 .repeatCount, .repeatDuration, .autoreverses, .fillMode, .minificationFilter, .magnificationFilter:
                break
            }
        default: break
        }
    }
}

/// The birth-sampled values of the layer at one time.
struct LayerValues: Equatable {
    var position = Point.zero, zPosition = 0.0, size = Size.zero, depth = 0.0
    var birthRate = 1.0, lifetime = 1.0, velocity = 1.0, scale = 1.0, spin = 1.0
    var path: EmitterPath? = nil

    init(_ l: EmitterLayer) {
        path = l.emitterPath
        position = l.emitterPosition; zPosition = l.emitterZPosition; size = l.emitterSize; depth = l.emitterDepth
        birthRate = l.birthRate; lifetime = l.lifetime; velocity = l.velocity; scale = l.scale; spin = l.spin
    }

    mutating func apply(_ p: LayerProperty, _ v: AnimatableValue) {
        switch (p, v) {
        case (.emitterPosition, .point(let q)): position = q
        case (.emitterSize, .size(let s)): size = s
        case (_, .number(let n)):
            switch p {
            case .emitterZPosition: zPosition = n
            case .emitterDepth: depth = n
            case .birthRate: birthRate = n
            case .lifetime: lifetime = n
            case .velocity: velocity = n
            case .scale: scale = n
            case .spin: spin = n
            default: break
            }
        default: break
        }
    }
}
