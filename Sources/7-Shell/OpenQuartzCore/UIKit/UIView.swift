#if !canImport(QuartzCore)
import Foundation
import Stardust

/// A minimal view (`UIView`): a rectangle backed by a layer, with UIKit's geometry names.
///
/// The view's properties are its layer's (`center` is `layer.position`, `alpha` is `layer.opacity`);
/// a view's layer never animates implicitly — changes animate inside `UIView.animate` and property
/// animators, as in UIKit. There is no event handling, layout or drawing (`draw(_:)`).
open class UIView {
    /// The class of the backing layer (default `CALayer`).
    open class var layerClass: CALayer.Type { CALayer.self }
    /// The backing layer.
    public let layer: CALayer
    /// The superview, if any.
    public private(set) weak var superview: UIView?
    /// The subviews, back to front.
    public private(set) var subviews: [UIView] = []
    /// A number for finding the view (default 0).
    public var tag = 0

    /// A view with `frame` in its superview's coordinates.
    public init(frame: CGRect) {
        let cls = Self.layerClass
        layer = cls.init(stardustLayer: cls.makeStardustLayer())
        layer.owningView = self
        self.frame = frame
    }
    /// A view with a zero frame.
    public convenience init() { self.init(frame: .zero) }

    /// The rectangle in the superview (undefined with a non-identity transform, as UIKit).
    public var frame: CGRect { get { layer.frame } set { layer.frame = newValue } }
    /// The view's own coordinate space.
    public var bounds: CGRect { get { layer.bounds } set { layer.bounds = newValue } }
    /// The center in the superview (the layer's position).
    public var center: CGPoint { get { layer.position } set { layer.position = newValue } }
    /// The affine transform about the center (default identity).
    public var transform: CGAffineTransform { get { layer.affineTransform() } set { layer.setAffineTransform(newValue) } }
    /// The opacity, 0…1 (default 1).
    public var alpha: CGFloat {
        get { CGFloat(layer.stardustLayer.opacity) } set { layer.stardustLayer.opacity = Double(newValue) }
    }
    /// Whether the view is hidden (default false).
    public var isHidden: Bool { get { layer.isHidden } set { layer.isHidden = newValue } }
    /// The background color (default `nil`).
    public var backgroundColor: UIColor? {
        get { layer.backgroundColor.map { UIColor(cgColor: $0) } } set { layer.backgroundColor = newValue?.cgColor }
    }
    /// Whether subviews are clipped to the bounds (default false).
    public var clipsToBounds: Bool { get { layer.masksToBounds } set { layer.masksToBounds = newValue } }
    /// How the layer's contents fill the bounds (default `.scaleToFill`).
    public var contentMode: ContentMode = .scaleToFill {
        didSet { layer.stardustLayer.contentsGravity = contentMode.gravity }
    }

    /// Appends a subview (on top).
    public func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }
    /// Inserts a subview at `index` (clamped).
    public func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self else { return }
        view.removeFromSuperview()
        let i = min(max(index, 0), subviews.count)
        subviews.insert(view, at: i)
        view.superview = self
        layer.insertSublayer(view.layer, at: UInt32(i))
    }
    /// Detaches the view from its superview.
    public func removeFromSuperview() {
        guard let s = superview else { return }
        s.subviews.removeAll { $0 === self }
        superview = nil
        layer.removeFromSuperlayer()
    }
    /// Moves a subview to the top.
    public func bringSubviewToFront(_ view: UIView) { if view.superview === self { insertSubview(view, at: subviews.count) } }
    /// Moves a subview to the bottom.
    public func sendSubviewToBack(_ view: UIView) { if view.superview === self { insertSubview(view, at: 0) } }
    /// The first view in this subtree (this one included) with `tag`.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for v in subviews { if let f = v.viewWithTag(tag) { return f } }
        return nil
    }

    /// How contents are placed (`UIView.ContentMode`); top and bottom are on-screen here, as in UIKit.
    public enum ContentMode: Int, Sendable {
        /// Stretch to the bounds.
        case scaleToFill
        /// Fit inside, keeping the aspect ratio.
        case scaleAspectFit
        /// Fill, keeping the aspect ratio (cropping).
        case scaleAspectFill
        /// Redraw (treated as scale to fill).
        case redraw
        /// Centered, unscaled.
        case center
        /// At the top edge.
        case top
        /// At the bottom edge.
        case bottom
        /// At the left edge.
        case left
        /// At the right edge.
        case right
        /// Top-left corner.
        case topLeft
        /// Top-right corner.
        case topRight
        /// Bottom-left corner.
        case bottomLeft
        /// Bottom-right corner.
        case bottomRight

        var gravity: ContentsGravity {
            switch self {
            case .scaleToFill, .redraw: return .resize
            case .scaleAspectFit: return .resizeAspect
            case .scaleAspectFill: return .resizeAspectFill
            case .center: return .center
            case .top: return .top
            case .bottom: return .bottom
            case .left: return .left
            case .right: return .right
            case .topLeft: return .topLeft
            case .topRight: return .topRight
            case .bottomLeft: return .bottomLeft
            case .bottomRight: return .bottomRight
            }
        }
    }
}

/// A view showing an image or an image sequence (`UIImageView`).
open class UIImageView: UIView {
    /// The image shown; an animated image (`UIImage.animatedImage(with:duration:)`) plays at once.
    public var image: UIImage? {
        didSet { showImage() }
    }
    /// The frames played by ``startAnimating()`` (default `nil`).
    public var animationImages: [UIImage]?
    /// The time one pass over ``animationImages`` takes (default 0: 1/30 s per image).
    public var animationDuration: TimeInterval = 0
    /// How many passes to play (default 0: forever; only 0 is supported, see docs/DIFFERENCES.md).
    public var animationRepeatCount = 0
    /// Whether ``animationImages`` are playing.
    public private(set) var isAnimating = false

    /// A view the size of `image` (in points) showing it.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        showImage()
    }

    /// Plays ``animationImages`` in a loop. Frames are phased to media time 0 (docs/DIFFERENCES.md).
    public func startAnimating() {
        guard let frames = animationImages?.compactMap({ $0.cgImage?.texture }), !frames.isEmpty else { return }
        let d = animationDuration > 0 ? animationDuration : Double(frames.count) / 30
        layer.stardustLayer.animatedContents = try? AnimatedImage(frames: frames, duration: d)
        isAnimating = true
    }
    /// Stops playing and shows ``image`` again.
    public func stopAnimating() {
        isAnimating = false
        showImage()
    }

    private func showImage() {
        let l = layer.stardustLayer
        guard !isAnimating else { return }
        if let frames = image?.images?.compactMap({ $0.cgImage?.texture }), !frames.isEmpty, let d = image?.duration, d > 0 {
            l.animatedContents = try? AnimatedImage(frames: frames, duration: d)
        } else {
            l.animatedContents = nil
        }
        layer.contents = image?.cgImage
        l.contentsScale = Double(image?.scale ?? 1)
    }
}
#endif
