#if !canImport(QuartzCore)
import Foundation
import Stardust

/// A layer (`CALayer`): Apple's API over an engine `Layer`, which holds every value and draws.
///
/// Values are converted on the way in and out (`CGFloat` ↔ `Double`, `CGColor` ↔ `Color`,
/// `CATransform3D` ↔ `Transform3D`); nothing is cached, so the engine layer (``stardustLayer``) and
/// the façade always agree. A layer that has been displayed (drawn by a render) animates changes of
/// its animatable properties implicitly, as Core Animation does, unless it backs a `UIView` or
/// `CATransaction.setDisableActions(true)` is in effect.
open class CALayer: StardustTimed {
    /// The engine layer this façade drives.
    public let stardustLayer: Layer
    /// The engine timing (the layer's `CAMediaTiming` properties).
    public var stardustTiming: MediaTiming {
        get { stardustLayer.timing } set { stardustLayer.timing = newValue }
    }
    /// The superlayer, if any.
    public private(set) weak var superlayer: CALayer?
    private var sublayerStorage: [CALayer] = []
    /// The view this layer backs: such layers do not animate implicitly (UIKit's rule).
    weak var owningView: UIView?
    /// Whether the layer has been drawn by a render (only such layers animate implicitly, as a
    /// Core Animation layer does only once it has been committed to the screen).
    var isDisplayed = false
    /// Façade copies of the attached animations, by key (what ``animation(forKey:)`` returns).
    var animationCopies: [String: CAAnimation] = [:]
    private var customValues: [String: Any] = [:]
    private var contentsObject: Any?
    /// The façade of ``mask`` (CALayer+Compositing.swift).
    var maskLayerStorage: CALayer?

    /// The engine layer a new layer of this class drives (subclasses return their own kind).
    open class func makeStardustLayer() -> Layer { Layer() }
    /// A layer with Core Animation's defaults.
    public init() { stardustLayer = Self.makeStardustLayer() }
    /// A façade over an existing engine layer (of the kind ``makeStardustLayer()`` makes).
    public required init(stardustLayer: Layer) { self.stardustLayer = stardustLayer }
    /// A copy of another layer's model values, as Core Animation makes presentation layers.
    public convenience init(layer: Any) {
        self.init()
        if let other = layer as? CALayer { copyValues(from: other.stardustLayer, at: nil); maskLayerStorage = other.maskLayerStorage }
    }

    // MARK: Tree

    /// A name for finding the layer (default `nil`); also the name scene files and key paths use.
    public var name: String? {
        get { stardustLayer.name } set { stardustLayer.name = newValue }
    }
    /// The sublayers in order (`nil` when there are none, as on iOS).
    public var sublayers: [CALayer]? {
        get { sublayerStorage.isEmpty ? nil : sublayerStorage }
        set {
            for l in sublayerStorage { l.removeFromSuperlayer() }
            for l in newValue ?? [] { addSublayer(l) }
        }
    }
    /// Appends `layer` to the sublayers, removing it from its old superlayer first.
    public func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32(sublayerStorage.count)) }
    /// Inserts `layer` at `idx` (clamped) among the sublayers.
    public func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        guard layer !== self, !isDescendant(of: layer) else { return }
        layer.removeFromSuperlayer()
        let i = min(Int(idx), sublayerStorage.count)
        sublayerStorage.insert(layer, at: i)
        layer.superlayer = self
        stardustLayer.insertSublayer(layer.stardustLayer, at: i)
    }
    /// Inserts `layer` just below `sibling` (at the start when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        insertSublayer(layer, at: UInt32(sibling.flatMap { s in sublayerStorage.firstIndex { $0 === s } } ?? 0))
    }
    /// Inserts `layer` just above `sibling` (at the end when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let i = sibling.flatMap { s in sublayerStorage.firstIndex { $0 === s } }.map { $0 + 1 } ?? sublayerStorage.count
        insertSublayer(layer, at: UInt32(i))
    }
    /// Replaces the sublayer `old` by `new`.
    public func replaceSublayer(_ old: CALayer, with new: CALayer) {
        guard let i = sublayerStorage.firstIndex(where: { $0 === old }) else { return }
        old.removeFromSuperlayer()
        insertSublayer(new, at: UInt32(i))
    }
    /// Detaches the layer from its superlayer.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayerStorage.removeAll { $0 === self }
        superlayer = nil
        stardustLayer.removeFromSuperlayer()
    }
    private func isDescendant(of layer: CALayer) -> Bool {
        var p = superlayer
        while let cur = p { if cur === layer { return true }; p = cur.superlayer }
        return false
    }
    /// The top of this layer's tree.
    var rootLayer: CALayer { superlayer?.rootLayer ?? self }

    // MARK: Geometry

    /// The layer's own coordinate space (default `.zero`).
    public var bounds: CGRect {
        get { CGRect(stardustLayer.bounds) } set { change("bounds") { stardustLayer.bounds = newValue.stardust } }
    }
    /// Where the anchor point lies in the superlayer (default `.zero`).
    public var position: CGPoint {
        get { CGPoint(stardustLayer.position) } set { change("position") { stardustLayer.position = newValue.stardust } }
    }
    /// The unit point of the bounds that `position` places (default (0.5, 0.5)).
    public var anchorPoint: CGPoint {
        get { CGPoint(stardustLayer.anchorPoint) } set { change("anchorPoint") { stardustLayer.anchorPoint = newValue.stardust } }
    }
    /// The anchor point's z (default 0).
    public var anchorPointZ: CGFloat {
        get { CGFloat(stardustLayer.anchorPointZ) } set { change("anchorPointZ") { stardustLayer.anchorPointZ = Double(newValue) } }
    }
    /// The z position among siblings (default 0).
    public var zPosition: CGFloat {
        get { CGFloat(stardustLayer.zPosition) } set { change("zPosition") { stardustLayer.zPosition = Double(newValue) } }
    }
    /// The rectangle in the superlayer (bounds after anchor, transform and position); setting it sets
    /// `position` and the bounds' size.
    public var frame: CGRect {
        get { CGRect(stardustLayer.frame) }
        set { change("position") { change("bounds") { stardustLayer.frame = newValue.stardust } } }
    }
    /// The transform about the anchor point (default identity).
    public var transform: CATransform3D {
        get { CATransform3D(stardustLayer.transform) } set { change("transform") { stardustLayer.transform = newValue.stardust } }
    }
    /// The transform applied to the sublayers (default identity).
    public var sublayerTransform: CATransform3D {
        get { CATransform3D(stardustLayer.sublayerTransform) }
        set { change("sublayerTransform") { stardustLayer.sublayerTransform = newValue.stardust } }
    }
    /// The affine part of ``transform``.
    public func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }
    /// Sets ``transform`` to an affine transform.
    public func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    // MARK: Appearance

    /// The opacity, 0…1 (default 1).
    public var opacity: Float {
        get { stardustLayer.opacity.float } set { change("opacity") { stardustLayer.opacity = newValue.decimalDouble } }
    }
    /// Whether the layer is hidden (default false).
    public var isHidden: Bool {
        get { stardustLayer.isHidden } set { stardustLayer.isHidden = newValue }
    }
    /// The background color (default `nil`).
    public var backgroundColor: CGColor? {
        get { stardustLayer.backgroundColor.map(CGColor.init) }
        set { change("backgroundColor") { stardustLayer.backgroundColor = newValue?.stardustColor } }
    }
    /// The corner radius of the background and border (default 0).
    public var cornerRadius: CGFloat {
        get { CGFloat(stardustLayer.cornerRadius) } set { change("cornerRadius") { stardustLayer.cornerRadius = Double(newValue) } }
    }
    /// The border width (default 0).
    public var borderWidth: CGFloat {
        get { CGFloat(stardustLayer.borderWidth) } set { change("borderWidth") { stardustLayer.borderWidth = Double(newValue) } }
    }
    /// The border color (default opaque black).
    public var borderColor: CGColor? {
        get { CGColor(stardustLayer.borderColor) }
        set { change("borderColor") { stardustLayer.borderColor = newValue?.stardustColor ?? .clear } }
    }
    /// Whether contents and sublayers are clipped to the bounds (default false).
    public var masksToBounds: Bool {
        get { stardustLayer.masksToBounds } set { stardustLayer.masksToBounds = newValue }
    }

    // MARK: Contents

    /// The image drawn in the bounds: a `CGImage` (other values are kept but draw nothing).
    public var contents: Any? {
        get { contentsObject }
        set {
            contentsObject = newValue
            stardustLayer.contents = (newValue as? CGImage)?.texture
        }
    }
    /// The unit rectangle of the contents shown (default (0, 0, 1, 1); sprite sheets use parts).
    public var contentsRect: CGRect {
        get { CGRect(stardustLayer.contentsRect) } set { change("contentsRect") { stardustLayer.contentsRect = newValue.stardust } }
    }
    /// How the contents are placed in the bounds (default `.resize`). `top` and `bottom` (and the
    /// corners) are in Core Animation's y-up sense, so on iOS, and here, `.top` shows the contents
    /// at the bottom edge of the layer.
    public var contentsGravity: CALayerContentsGravity {
        get { CALayerContentsGravity(rawValue: Self.flipped(stardustLayer.contentsGravity.rawValue)) }
        set { stardustLayer.contentsGravity = ContentsGravity(rawValue: Self.flipped(newValue.rawValue)) ?? .resize }
    }
    /// Swaps top and bottom in a gravity name (y-up constant ↔ on-screen placement).
    static func flipped(_ gravity: String) -> String {
        switch gravity {
        case "top": return "bottom"
        case "bottom": return "top"
        case "topLeft": return "bottomLeft"
        case "topRight": return "bottomRight"
        case "bottomLeft": return "topLeft"
        case "bottomRight": return "topRight"
        default: return gravity
        }
    }
    /// Pixels per point of the contents (default 1).
    public var contentsScale: CGFloat {
        get { CGFloat(stardustLayer.contentsScale) } set { stardustLayer.contentsScale = Double(newValue) }
    }
    /// The filter used when the contents shrink (default `.linear`).
    public var minificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: stardustLayer.minificationFilter.rawValue) }
        set { stardustLayer.minificationFilter = ImageFilter(rawValue: newValue.rawValue) ?? .linear }
    }
    /// The filter used when the contents grow (default `.linear`).
    public var magnificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: stardustLayer.magnificationFilter.rawValue) }
        set { stardustLayer.magnificationFilter = ImageFilter(rawValue: newValue.rawValue) ?? .linear }
    }

    // MARK: Key-value coding

    /// The model value at `keyPath` (`position.x`, `transform.rotation.z`, `emitterCells.flake.birthRate`,
    /// …): numbers as `NSNumber`, geometry as CoreGraphics structs, colors as `CGColor`. Keys the layer
    /// does not know return what ``setValue(_:forKey:)`` stored under them.
    open func value(forKeyPath keyPath: String) -> Any? {
        if keyPath == "contents" { return contents }
        if let v = stardustLayer.value(forKeyPath: keyPath) { return ValueBridge.any(v) }
        return customValues[keyPath]
    }
    /// Applies a known key path's engine value (animating implicitly under the usual rules); emitter
    /// layers apply their own key paths from the current time on once displayed.
    func applyValue(_ value: AnimatableValue, forKeyPath keyPath: String) {
        change(keyPath) { stardustLayer.setValue(value, forKeyPath: keyPath) }
    }

    /// The value for `key` (see ``value(forKeyPath:)``).
    open func value(forKey key: String) -> Any? { value(forKeyPath: key) }

    /// Sets the model value at `keyPath` from any value ``value(forKeyPath:)`` gives back (and Swift
    /// numbers of any type). Keys the layer does not know are stored as custom values, as on iOS.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if keyPath == "contents" { contents = value; return }
        if stardustLayer.value(forKeyPath: keyPath) != nil {
            guard let v = ValueBridge.animatable(value) else { return }
            applyValue(v, forKeyPath: keyPath)
        } else {
            customValues[keyPath] = value
        }
    }
    /// Sets the value for `key` (see ``setValue(_:forKeyPath:)``).
    open func setValue(_ value: Any?, forKey key: String) { setValue(value, forKeyPath: key) }

    // MARK: Presentation

    /// A copy of the layer showing its presentation values at the current media time (what is on
    /// screen now), or `nil` before it has been displayed, as on iOS.
    open func presentation() -> Self? {
        guard isDisplayed else { return nil }
        let copy = Self(stardustLayer: Self.makeStardustLayer())
        copy.copyValues(from: stardustLayer, at: localMediaTime())
        copy.contents = contents
        copy.maskLayerStorage = maskLayerStorage
        return copy
    }
    /// The layer itself (model values).
    open func model() -> Self { self }

    static let copiedKeys = ["position", "bounds", "anchorPoint", "anchorPointZ", "zPosition", "transform", "sublayerTransform",
                             "opacity", "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "contentsRect"]

    func copyValues(from other: Layer, at time: Double?) {
        for key in Self.copiedKeys {
            let v = time.flatMap { other.presentationValue(forKeyPath: key, at: $0) } ?? other.value(forKeyPath: key)
            if let v { stardustLayer.setValue(v, forKeyPath: key) }
        }
        stardustLayer.name = other.name
        stardustLayer.isHidden = other.isHidden
        stardustLayer.contents = other.contents
        stardustLayer.contentsGravity = other.contentsGravity
        stardustLayer.contentsScale = other.contentsScale
        stardustLayer.masksToBounds = other.masksToBounds
        stardustLayer.timing = other.timing
        copyDrawingValues(from: other, at: time)
    }

    // MARK: Time

    /// Converts a time between this layer's and `layer`'s local times (`nil`: media time).
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        localTime(fromMediaTime: layer?.mediaTime(fromLocalTime: t) ?? t)
    }
    /// Converts a time of this layer to `layer`'s local time (`nil`: media time).
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let media = mediaTime(fromLocalTime: t)
        return layer?.localTime(fromMediaTime: media) ?? media
    }
    /// This layer's local time at media time `t` (its ancestors' timings, then its own).
    func localTime(fromMediaTime t: Double) -> Double {
        stardustLayer.timing.activeLocalTime(parentTime(fromMediaTime: t))
    }
    /// The local time of the superlayer (media time for a root layer) at media time `t`.
    func parentTime(fromMediaTime t: Double) -> Double {
        superlayer?.localTime(fromMediaTime: t) ?? t
    }
    /// The media time at which this layer's local time is `t` (infinite when a speed on the way is 0).
    func mediaTime(fromLocalTime t: Double) -> Double {
        let timing = stardustLayer.timing
        guard timing.speed != 0 else { return .infinity }
        let parent = (t - timing.timeOffset) / timing.speed + timing.beginTime
        return superlayer?.mediaTime(fromLocalTime: parent) ?? parent
    }
    /// The layer's local time now.
    func localMediaTime() -> Double { localTime(fromMediaTime: CACurrentMediaTime()) }

    // MARK: Implicit animation

    /// Applies a change of the animatable property `key` and, when the rules allow, animates it from
    /// the value shown before (Core Animation's implicit animation: `CATransaction`'s duration and
    /// timing function, 0.25 s and the default curve unless set).
    func change(_ key: String, _ apply: () -> Void) {
        guard isDisplayed, owningView == nil, !CATransaction.disableActions(), !Transaction.isAnimating else { apply(); return }
        let now = localMediaTime()
        let before = stardustLayer.presentationValue(forKeyPath: key, at: now)
        apply()
        guard let before, let after = stardustLayer.value(forKeyPath: key), before != after else { return }
        let a = CABasicAnimation(keyPath: key)
        a.fromValue = ValueBridge.any(before)
        a.duration = CATransaction.animationDuration()
        a.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        add(a, forKey: key)
    }

    /// Marks this layer and its subtree displayed (a render drew them).
    func markDisplayed() {
        isDisplayed = true
        for l in sublayerStorage { l.markDisplayed() }
    }
}
#endif
