#if !canImport(QuartzCore)
import Foundation
import Stardust

/// A source of particles of one kind (`CAEmitterCell`), with iOS's property types (`Float` rates,
/// `CGFloat` geometry, `CGColor`, contents as `Any?` holding a `CGImage`).
///
/// A cell describes particles; it does not emit by itself. Assigning cells to
/// `CAEmitterLayer.emitterCells` (or to a cell's ``emitterCells``) copies them, as on iOS: change a
/// cell that is already emitting through the layer's key paths
/// (`layer.setValue(0, forKeyPath: "emitterCells.flake.birthRate")`).
open class CAEmitterCell: StardustTimed {
    /// The engine cell holding this cell's own values (its sub-cells are in ``emitterCells``).
    public let stardustCell = EmitterCell()
    /// The engine timing (the `CAMediaTiming` properties).
    public var stardustTiming: MediaTiming {
        get { stardustCell.timing } set { stardustCell.timing = newValue }
    }
    private var contentsObject: Any?
    private var cellStorage: [CAEmitterCell]?
    private var customValues: [String: Any] = [:]

    /// A cell with Core Animation's defaults (birth rate 0: it emits nothing until configured).
    public init() {}
    /// A cell with Core Animation's defaults (Objective-C's `[CAEmitterCell emitterCell]`).
    public class func emitterCell() -> CAEmitterCell { CAEmitterCell() }

    /// The name used in key paths (`emitterCells.NAME.birthRate`; default `nil`).
    public var name: String? { get { stardustCell.name } set { stardustCell.name = newValue } }
    /// Whether the cell emits (default true).
    public var isEnabled: Bool { get { stardustCell.isEnabled } set { stardustCell.isEnabled = newValue } }
    /// Particles per second (default 0).
    public var birthRate: Float { get { stardustCell.birthRate.float } set { stardustCell.birthRate = newValue.decimalDouble } }
    /// Particle lifetime in seconds (default 0).
    public var lifetime: Float { get { stardustCell.lifetime.float } set { stardustCell.lifetime = newValue.decimalDouble } }
    /// ± range of the lifetime (default 0).
    public var lifetimeRange: Float { get { stardustCell.lifetimeRange.float } set { stardustCell.lifetimeRange = newValue.decimalDouble } }
    /// Emission latitude in radians (default 0).
    public var emissionLatitude: CGFloat { get { stardustCell.emissionLatitude } set { stardustCell.emissionLatitude = newValue } }
    /// Emission longitude in radians (default 0: +x; π/2 points down the screen).
    public var emissionLongitude: CGFloat { get { stardustCell.emissionLongitude } set { stardustCell.emissionLongitude = newValue } }
    /// ± range of the emission direction in radians (default 0).
    public var emissionRange: CGFloat { get { stardustCell.emissionRange } set { stardustCell.emissionRange = newValue } }
    /// Initial speed in points per second (default 0).
    public var velocity: CGFloat { get { stardustCell.velocity } set { stardustCell.velocity = newValue } }
    /// ± range of the speed (default 0).
    public var velocityRange: CGFloat { get { stardustCell.velocityRange } set { stardustCell.velocityRange = newValue } }
    /// Acceleration along x in points per second² (default 0).
    public var xAcceleration: CGFloat { get { stardustCell.xAcceleration } set { stardustCell.xAcceleration = newValue } }
    /// Acceleration along y (down) in points per second² (default 0).
    public var yAcceleration: CGFloat { get { stardustCell.yAcceleration } set { stardustCell.yAcceleration = newValue } }
    /// Acceleration along z in points per second² (default 0).
    public var zAcceleration: CGFloat { get { stardustCell.zAcceleration } set { stardustCell.zAcceleration = newValue } }
    /// Scale of the contents (default 1).
    public var scale: CGFloat { get { stardustCell.scale } set { stardustCell.scale = newValue } }
    /// ± range of the scale (default 0).
    public var scaleRange: CGFloat { get { stardustCell.scaleRange } set { stardustCell.scaleRange = newValue } }
    /// Scale change per second (default 0).
    public var scaleSpeed: CGFloat { get { stardustCell.scaleSpeed } set { stardustCell.scaleSpeed = newValue } }
    /// Rotation speed in radians per second (default 0).
    public var spin: CGFloat { get { stardustCell.spin } set { stardustCell.spin = newValue } }
    /// ± range of the spin (default 0).
    public var spinRange: CGFloat { get { stardustCell.spinRange } set { stardustCell.spinRange = newValue } }
    /// The color multiplied with the contents (default opaque white).
    public var color: CGColor? { get { CGColor(stardustCell.color) } set { stardustCell.color = newValue?.stardustColor ?? .white } }
    /// ± range of the red component (default 0).
    public var redRange: Float { get { stardustCell.redRange.float } set { stardustCell.redRange = newValue.decimalDouble } }
    /// ± range of the green component (default 0).
    public var greenRange: Float { get { stardustCell.greenRange.float } set { stardustCell.greenRange = newValue.decimalDouble } }
    /// ± range of the blue component (default 0).
    public var blueRange: Float { get { stardustCell.blueRange.float } set { stardustCell.blueRange = newValue.decimalDouble } }
    /// ± range of the alpha component (default 0).
    public var alphaRange: Float { get { stardustCell.alphaRange.float } set { stardustCell.alphaRange = newValue.decimalDouble } }
    /// Red change per second (default 0).
    public var redSpeed: Float { get { stardustCell.redSpeed.float } set { stardustCell.redSpeed = newValue.decimalDouble } }
    /// Green change per second (default 0).
    public var greenSpeed: Float { get { stardustCell.greenSpeed.float } set { stardustCell.greenSpeed = newValue.decimalDouble } }
    /// Blue change per second (default 0).
    public var blueSpeed: Float { get { stardustCell.blueSpeed.float } set { stardustCell.blueSpeed = newValue.decimalDouble } }
    /// Alpha change per second (default 0).
    public var alphaSpeed: Float { get { stardustCell.alphaSpeed.float } set { stardustCell.alphaSpeed = newValue.decimalDouble } }
    /// The particle image: a `CGImage` (default `nil`: invisible particles that can still carry sub-cells).
    public var contents: Any? {
        get { contentsObject }
        set {
            contentsObject = newValue
            let image = newValue as? CGImage
            stardustCell.contents = image?.texture
            stardustCell.isRotationInvariant = image?.isRotationInvariant ?? false
        }
    }
    /// The unit rectangle of the contents used (default (0, 0, 1, 1)).
    public var contentsRect: CGRect { get { CGRect(stardustCell.contentsRect) } set { stardustCell.contentsRect = newValue.stardust } }
    /// Pixels per point of the contents (default 1).
    public var contentsScale: CGFloat { get { stardustCell.contentsScale } set { stardustCell.contentsScale = newValue } }
    /// The filter used when particles shrink (`"linear"` by default; `"nearest"`, `"trilinear"`).
    public var minificationFilter: String {
        get { stardustCell.minificationFilter.rawValue }
        set { stardustCell.minificationFilter = ImageFilter(rawValue: newValue) ?? .linear }
    }
    /// The filter used when particles grow (`"linear"` by default).
    public var magnificationFilter: String {
        get { stardustCell.magnificationFilter.rawValue }
        set { stardustCell.magnificationFilter = ImageFilter(rawValue: newValue) ?? .linear }
    }
    /// Sub-cells emitted from each particle of this cell (copied when assigned; default `nil`).
    public var emitterCells: [CAEmitterCell]? {
        get { cellStorage }
        set { cellStorage = newValue?.map { $0.copy() } }
    }

    /// A deep copy: the cell and its sub-cells.
    public func copy() -> CAEmitterCell {
        let c = CAEmitterCell()
        c.stardustCell.copyValues(from: stardustCell)
        c.contentsObject = contentsObject
        c.cellStorage = cellStorage?.map { $0.copy() }
        c.customValues = customValues
        return c
    }

    /// The engine cell tree this cell describes now (a fresh copy).
    func makeStardustCell() -> EmitterCell {
        let c = EmitterCell()
        c.copyValues(from: stardustCell)
        c.emitterCells = (cellStorage ?? []).map { $0.makeStardustCell() }
        return c
    }

    /// The value of a cell property by name (`birthRate`, `color`, …), or a stored custom value.
    open func value(forKey key: String) -> Any? {
        if key == "contents" { return contents }
        if key == "emitterCells" { return emitterCells }
        if let p = CellProperty(key: key) { return ValueBridge.any(p.value(of: stardustCell)) }
        return customValues[key]
    }
    /// Sets a cell property by name (or stores a custom value).
    open func setValue(_ value: Any?, forKey key: String) {
        if key == "contents" { contents = value; return }
        if key == "emitterCells" { emitterCells = value as? [CAEmitterCell]; return }
        if let p = CellProperty(key: key) {
            if let v = ValueBridge.animatable(value) { _ = p.set(v, on: stardustCell) }
        } else {
            customValues[key] = value
        }
    }
}

extension EmitterCell {
    /// Copies every value of `other` except its sub-cells.
    func copyValues(from o: EmitterCell) {
        name = o.name; isEnabled = o.isEnabled; birthRate = o.birthRate; lifetime = o.lifetime; lifetimeRange = o.lifetimeRange
        emissionLatitude = o.emissionLatitude; emissionLongitude = o.emissionLongitude; emissionRange = o.emissionRange
        velocity = o.velocity; velocityRange = o.velocityRange
        xAcceleration = o.xAcceleration; yAcceleration = o.yAcceleration; zAcceleration = o.zAcceleration
        scale = o.scale; scaleRange = o.scaleRange; scaleSpeed = o.scaleSpeed; spin = o.spin; spinRange = o.spinRange
        color = o.color; redRange = o.redRange; greenRange = o.greenRange; blueRange = o.blueRange; alphaRange = o.alphaRange
        redSpeed = o.redSpeed; greenSpeed = o.greenSpeed; blueSpeed = o.blueSpeed; alphaSpeed = o.alphaSpeed
        contents = o.contents; contentsRect = o.contentsRect; contentsScale = o.contentsScale
        minificationFilter = o.minificationFilter; magnificationFilter = o.magnificationFilter
        isRotationInvariant = o.isRotationInvariant; timing = o.timing; extensions = o.extensions
    }
}
#endif
