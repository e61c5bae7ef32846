import StardustCore

/// A node of the layer tree (`CALayer`) (owned by the layer-tree work).
open class Layer {
    public var name: String?
    public var sublayers: [Layer] = []
    public init() {}

    /// Appends what this layer itself draws (not its sublayers) at its local
    /// time `time`, with `transform` mapping its bounds space to scene points.
    /// Subclasses (emitters, text, shapes) override it.
    open func drawContents(into list: inout [DrawCommand], time: Double, transform: AffineTransform) {}
}
