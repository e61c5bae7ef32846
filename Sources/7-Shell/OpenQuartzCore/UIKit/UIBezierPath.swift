#if !canImport(QuartzCore)
import Foundation
import Stardust

/// A path built with UIKit's API (`UIBezierPath`); `.cgPath` gives it to shape layers and keyframe animations.
open class UIBezierPath {
    private let mutable: CGMutablePath
    /// The line width a UIKit drawing would use (kept for compatibility; layers use their own).
    public var lineWidth: CGFloat = 1

    /// An empty path.
    public init() { mutable = CGMutablePath() }
    /// A rectangle.
    public convenience init(rect: CGRect) { self.init(); mutable.addRect(rect) }
    /// The ellipse inscribed in `rect`.
    public convenience init(ovalIn rect: CGRect) { self.init(); mutable.addEllipse(in: rect) }
    /// A rounded rectangle.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(); mutable.addRoundedRect(in: rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius)
    }
    /// An arc (`clockwise` on screen, as UIKit).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init(); addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    /// A copy of a `CGPath`.
    public convenience init(cgPath: CGPath) { self.init(); mutable.addPath(cgPath) }

    /// The path as a `CGPath` (a snapshot).
    public var cgPath: CGPath { CGPath(mutable.stardustPath) }
    /// The bounding box of the points and control points.
    public var bounds: CGRect { mutable.boundingBox }
    /// The end of the last element.
    public var currentPoint: CGPoint { mutable.currentPoint }
    /// Whether the path is empty.
    public var isEmpty: Bool { mutable.isEmpty }

    /// Starts a subpath.
    public func move(to point: CGPoint) { mutable.move(to: point) }
    /// A straight line.
    public func addLine(to point: CGPoint) { mutable.addLine(to: point) }
    /// A cubic Bézier curve.
    public func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        mutable.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }
    /// A quadratic Bézier curve.
    public func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) { mutable.addQuadCurve(to: endPoint, control: controlPoint) }
    /// An arc; `clockwise` is the on-screen direction (y down), as UIKit.
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        mutable.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    /// Closes the current subpath.
    public func close() { mutable.closeSubpath() }
    /// Appends another path.
    public func append(_ path: UIBezierPath) { mutable.addPath(path.cgPath) }
    /// Transforms every point.
    public func apply(_ transform: CGAffineTransform) {
        let p = mutable.stardustPath.applying(transform.stardust)
        mutable.stardustPath = p
    }
}
#endif
