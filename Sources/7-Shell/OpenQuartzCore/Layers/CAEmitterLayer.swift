#if !canImport(QuartzCore)
import Foundation
import Stardust

/// A layer that emits particles (`CAEmitterLayer`) over an engine `EmitterLayer`.
///
/// ``emitterCells`` copies the cells it is given, as on iOS; later changes go through key paths
/// (`setValue(_:forKeyPath:)` with `emitterCells.NAME.PROPERTY`, or animations on them).
open class CAEmitterLayer: CALayer {
    /// Makes an engine `EmitterLayer`.
    open override class func makeStardustLayer() -> Layer { EmitterLayer() }
    /// The engine emitter.
    public var stardustEmitter: EmitterLayer { stardustLayer as! EmitterLayer }
    private var cellStorage: [CAEmitterCell]?

    /// The top-level cells (copied when assigned; default `nil`).
    public var emitterCells: [CAEmitterCell]? {
        get { cellStorage }
        set {
            cellStorage = newValue?.map { $0.copy() }
            stardustEmitter.emitterCells = (cellStorage ?? []).map { $0.makeStardustCell() }
        }
    }
    /// Multiplies the birth rate of the top-level cells (default 1).
    public var birthRate: Float {
        get { stardustEmitter.birthRate.float } set { setEmitter("birthRate", .number(newValue.decimalDouble)) }
    }
    /// Multiplies the lifetime of new particles (default 1).
    public var lifetime: Float {
        get { stardustEmitter.lifetime.float } set { setEmitter("lifetime", .number(newValue.decimalDouble)) }
    }
    /// The center of the emission shape in layer coordinates (default `.zero`).
    public var emitterPosition: CGPoint {
        get { CGPoint(stardustEmitter.emitterPosition) } set { setEmitter("emitterPosition", .point(newValue.stardust)) }
    }
    /// The z of the emission shape (default 0).
    public var emitterZPosition: CGFloat {
        get { stardustEmitter.emitterZPosition } set { setEmitter("emitterZPosition", .number(Double(newValue))) }
    }
    /// The size of the emission shape (default `.zero`).
    public var emitterSize: CGSize {
        get { CGSize(stardustEmitter.emitterSize) } set { setEmitter("emitterSize", .size(newValue.stardust)) }
    }
    /// The depth of a cuboid shape (default 0).
    public var emitterDepth: CGFloat {
        get { stardustEmitter.emitterDepth } set { setEmitter("emitterDepth", .number(Double(newValue))) }
    }
    /// The emission shape (default `.point`).
    public var emitterShape: CAEmitterLayerEmitterShape {
        get { CAEmitterLayerEmitterShape(rawValue: stardustEmitter.emitterShape.rawValue) }
        set { stardustEmitter.emitterShape = EmitterShape(rawValue: newValue.rawValue) ?? .point }
    }
    /// Where on the shape particles are born (default `.volume`).
    public var emitterMode: CAEmitterLayerEmitterMode {
        get { CAEmitterLayerEmitterMode(rawValue: stardustEmitter.emitterMode.rawValue) }
        set { stardustEmitter.emitterMode = EmitterMode(rawValue: newValue.rawValue) ?? .volume }
    }
    /// How particles are ordered and composited (default `.unordered`).
    public var renderMode: CAEmitterLayerRenderMode {
        get { CAEmitterLayerRenderMode(rawValue: stardustEmitter.renderMode.rawValue) }
        set { stardustEmitter.renderMode = EmitterRenderMode(rawValue: newValue.rawValue) ?? .unordered }
    }
    /// Whether particles keep their depth in the superlayer's 3D space (default false).
    public var preservesDepth: Bool {
        get { stardustEmitter.preservesDepth } set { stardustEmitter.preservesDepth = newValue }
    }
    /// Multiplies the velocity of new particles (default 1).
    public var velocity: Float {
        get { stardustEmitter.velocity.float } set { setEmitter("velocity", .number(newValue.decimalDouble)) }
    }
    /// Multiplies the scale of new particles (default 1).
    public var scale: Float {
        get { stardustEmitter.scale.float } set { setEmitter("scale", .number(newValue.decimalDouble)) }
    }
    /// Multiplies the spin of new particles (default 1).
    public var spin: Float {
        get { stardustEmitter.spin.float } set { setEmitter("spin", .number(newValue.decimalDouble)) }
    }
    /// The random seed of the layer (default 0).
    public var seed: UInt32 {
        get { stardustEmitter.seed } set { stardustEmitter.seed = newValue }
    }

    /// Sets an emitter key path as iOS applies it: before the layer is displayed, for the emitter's
    /// whole history (configuration); once displayed, from the layer's current time on, so that
    /// particles already born keep the values they were born with and a birth-rate change never
    /// back-fills (docs/DIFFERENCES.md, OpenQuartzCore). Animates implicitly under the usual rules.
    func setEmitter(_ keyPath: String, _ value: AnimatableValue) {
        change(keyPath) {
            if isDisplayed {
                stardustEmitter.setEmitterValue(value, forKeyPath: keyPath, at: localMediaTime())
            } else {
                stardustEmitter.setEmitterValue(value, forKeyPath: keyPath)
            }
        }
    }

    /// Emitter key paths (`birthRate`, `emitterCells.NAME.PROPERTY`) go through ``setEmitter(_:_:)``.
    override func applyValue(_ value: AnimatableValue, forKeyPath keyPath: String) {
        if stardustEmitter.emitterValue(forKeyPath: keyPath) != nil {
            setEmitter(keyPath, value)
        } else {
            super.applyValue(value, forKeyPath: keyPath)
        }
    }
}
#endif
