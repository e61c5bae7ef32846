#if !canImport(QuartzCore)
import Foundation
import Stardust

/// `CALayer`'s mask, compositing filter and shadow properties over the engine layer (docs/DRAWING.md).
extension CALayer {
    /// A layer whose alpha masks this one and its sublayers (default `nil`); it lies in this layer's space.
    public var mask: CALayer? {
        get { maskLayerStorage }
        set {
            maskLayerStorage = newValue
            stardustLayer.mask = newValue?.stardustLayer
        }
    }
    /// The blend of the layer onto what lies below: a Core Animation filter name such as
    /// `"multiplyBlendMode"` (a `String`; Stardust has no `CIFilter`). Unknown names and other values mean none.
    public var compositingFilter: Any? {
        get { stardustLayer.compositingFilter.map(\.rawValue) }
        set { stardustLayer.compositingFilter = (newValue as? String).flatMap(CompositingFilter.init(filterName:)) }
    }
    /// The shadow's color (default opaque black).
    public var shadowColor: CGColor? {
        get { CGColor(stardustLayer.shadowColor) }
        set { change("shadowColor") { stardustLayer.shadowColor = newValue?.stardustColor ?? .clear } }
    }
    /// The shadow's opacity (default 0).
    public var shadowOpacity: Float {
        get { Float(stardustLayer.shadowOpacity) } set { change("shadowOpacity") { stardustLayer.shadowOpacity = Double(newValue) } }
    }
    /// The shadow's blur radius (default 3): a Gaussian of σ = `shadowRadius` points.
    public var shadowRadius: CGFloat {
        get { CGFloat(stardustLayer.shadowRadius) } set { change("shadowRadius") { stardustLayer.shadowRadius = Double(newValue) } }
    }
    /// The shadow's offset (default (0, −3): above the layer on iOS).
    public var shadowOffset: CGSize {
        get { CGSize(stardustLayer.shadowOffset) } set { change("shadowOffset") { stardustLayer.shadowOffset = newValue.stardust } }
    }
    /// The shadow's shape (default `nil`: the layer's alpha).
    public var shadowPath: CGPath? {
        get { stardustLayer.shadowPath.map { CGPath($0) } } set { stardustLayer.shadowPath = newValue?.stardustPath }
    }
}

/// A layer that draws its sublayers several times (`CAReplicatorLayer`) over an engine `ReplicatorLayer`.
open class CAReplicatorLayer: CALayer {
    /// Makes an engine `ReplicatorLayer`.
    open override class func makeStardustLayer() -> Layer { ReplicatorLayer() }
    /// The engine replicator.
    public var stardustReplicator: ReplicatorLayer { stardustLayer as! ReplicatorLayer }

    /// The number of copies (default 1).
    public var instanceCount: Int {
        get { stardustReplicator.instanceCount } set { stardustReplicator.instanceCount = max(0, newValue) }
    }
    /// The time between consecutive copies (default 0).
    public var instanceDelay: CFTimeInterval {
        get { stardustReplicator.instanceDelay } set { change("instanceDelay") { stardustReplicator.instanceDelay = newValue } }
    }
    /// The transform from one copy to the next (default identity).
    public var instanceTransform: CATransform3D {
        get { CATransform3D(stardustReplicator.instanceTransform) }
        set { change("instanceTransform") { stardustReplicator.instanceTransform = newValue.stardust } }
    }
    /// The color of copy 0 (default opaque white).
    public var instanceColor: CGColor? {
        get { CGColor(stardustReplicator.instanceColor) }
        set { change("instanceColor") { stardustReplicator.instanceColor = newValue?.stardustColor ?? .white } }
    }
    /// Added to the red component for each copy (default 0).
    public var instanceRedOffset: Float {
        get { Float(stardustReplicator.instanceRedOffset) }
        set { change("instanceRedOffset") { stardustReplicator.instanceRedOffset = Double(newValue) } }
    }
    /// Added to the green component for each copy (default 0).
    public var instanceGreenOffset: Float {
        get { Float(stardustReplicator.instanceGreenOffset) }
        set { change("instanceGreenOffset") { stardustReplicator.instanceGreenOffset = Double(newValue) } }
    }
    /// Added to the blue component for each copy (default 0).
    public var instanceBlueOffset: Float {
        get { Float(stardustReplicator.instanceBlueOffset) }
        set { change("instanceBlueOffset") { stardustReplicator.instanceBlueOffset = Double(newValue) } }
    }
    /// Added to the alpha component for each copy (default 0).
    public var instanceAlphaOffset: Float {
        get { Float(stardustReplicator.instanceAlphaOffset) }
        set { change("instanceAlphaOffset") { stardustReplicator.instanceAlphaOffset = Double(newValue) } }
    }
    /// Whether copies keep their depth (accepted; Stardust flattens copies like other sublayers).
    public var preservesDepth = false
}
#endif
