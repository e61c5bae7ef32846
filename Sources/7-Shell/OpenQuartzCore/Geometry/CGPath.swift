#if !canImport(QuartzCore)
import Foundation
import Stardust

/// An immutable path (`CGPath`): lines and Bézier curves in points.
public class CGPath: Hashable, @unchecked Sendable {
    /// The engine path.
    public internal(set) var stardustPath: Path

    /// A path of an engine path.
    public init(_ path: Path) { stardustPath = path }
    /// A rectangle, optionally transformed.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(Path(rect: rect.stardust).applying(transform?.pointee.stardust ?? .identity))
    }
    /// The ellipse inscribed in `rect`, optionally transformed.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        self.init(Path(ellipseIn: rect.stardust).applying(transform?.pointee.stardust ?? .identity))
    }
    /// A rounded rectangle (the corner radius is the smaller of the two given), optionally transformed.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        self.init(Path(roundedRect: rect.stardust, cornerRadius: Double(min(cornerWidth, cornerHeight)))
            .applying(transform?.pointee.stardust ?? .identity))
    }

    /// The bounding box of the path's points and control points.
    public var boundingBox: CGRect { CGRect(stardustPath.controlPointBounds) }
    /// Whether the path has no elements.
    public var isEmpty: Bool { stardustPath.isEmpty }
    /// The current point (the end of the last element), or `.zero`.
    public var currentPoint: CGPoint { stardustPath.currentPoint.map(CGPoint.init) ?? .zero }
    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(stardustPath) }
    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(stardustPath) }

    /// Equal elements.
    public static func == (a: CGPath, b: CGPath) -> Bool { a.stardustPath == b.stardustPath }
    /// Hashes the elements.
    public func hash(into h: inout Hasher) { h.combine(stardustPath) }
}

/// A path built element by element (`CGMutablePath`).
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path.
    public init() { super.init(Path()) }
    /// A path of an engine path.
    public override init(_ path: Path) { super.init(path) }

    private func point(_ p: CGPoint, _ t: CGAffineTransform) -> Point { t.stardust.apply(to: p.stardust) }

    /// Starts a subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) { stardustPath.move(to: self.point(point, transform)) }
    /// A straight line to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) { stardustPath.addLine(to: self.point(point, transform)) }
    /// A quadratic Bézier curve to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        stardustPath.addQuadCurve(to: point(end, transform), control: point(control, transform))
    }
    /// A cubic Bézier curve to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        stardustPath.addCurve(to: point(end, transform), control1: point(control1, transform), control2: point(control2, transform))
    }
    /// Straight lines through `points` (a new subpath at the first).
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        for (i, p) in points.enumerated() { if i == 0 { move(to: p, transform: transform) } else { addLine(to: p, transform: transform) } }
    }
    /// A closed rectangle subpath.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        stardustPath.addPath(Path(rect: rect.stardust).applying(transform.stardust))
    }
    /// A closed ellipse subpath inscribed in `rect`.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        stardustPath.addPath(Path(ellipseIn: rect.stardust).applying(transform.stardust))
    }
    /// A closed rounded-rectangle subpath.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity) {
        stardustPath.addPath(Path(roundedRect: rect.stardust, cornerRadius: Double(min(cornerWidth, cornerHeight))).applying(transform.stardust))
    }
    /// An arc of a circle. `clockwise` is in CoreGraphics' y-up sense, so on iOS's flipped (y-down)
    /// layers a `clockwise: true` arc turns counter-clockwise on screen, as it does on iOS
    /// (`UIBezierPath`'s `clockwise` is the on-screen sense).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        if transform.isIdentity {
            stardustPath.addArc(center: center.stardust, radius: Double(radius), startAngle: Double(startAngle),
                                endAngle: Double(endAngle), clockwise: !clockwise)
            return
        }
        var p = Path()
        if let cp = stardustPath.currentPoint { p.move(to: transform.inverted().stardust.apply(to: cp)) }
        p.addArc(center: center.stardust, radius: Double(radius), startAngle: Double(startAngle), endAngle: Double(endAngle), clockwise: !clockwise)
        let t = transform.stardust
        for (i, e) in p.applying(t).elements.enumerated() {
            if i == 0, stardustPath.currentPoint != nil, case .move = e { continue }
            stardustPath.addPath(Path(elements: [e]))
        }
    }
    /// Appends another path.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        stardustPath.addPath(path.stardustPath.applying(transform.stardust))
    }
    /// Closes the current subpath.
    public func closeSubpath() { stardustPath.closeSubpath() }
}
#endif
