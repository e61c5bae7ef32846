#if !canImport(QuartzCore)
import Foundation
import Stardust

/// A cubic Bézier timing curve from (0, 0) to (1, 1) (`CAMediaTimingFunction`).
public final class CAMediaTimingFunction: Hashable, @unchecked Sendable {
    /// The engine curve.
    public let stardust: TimingFunction

    /// One of the named curves (linear, easeIn, easeOut, easeInEaseOut, default); an unknown name is linear.
    public init(name: CAMediaTimingFunctionName) {
        stardust = TimingFunction.Name(rawValue: name.rawValue).map(TimingFunction.init(name:)) ?? .linear
    }
    /// A curve with control points (c1x, c1y) and (c2x, c2y).
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        stardust = TimingFunction(controlPoints: c1x, c1y, c2x, c2y)
    }
    /// The curve of an engine timing function.
    public init(_ f: TimingFunction) { stardust = f }

    /// Writes control point `idx` (0…3; 0 is (0, 0), 3 is (1, 1)) into `ptr[0]`, `ptr[1]`.
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        guard let p = stardust.controlPoint(at: idx) else { return }
        ptr[0] = Float(p.x); ptr[1] = Float(p.y)
    }

    /// Equal control points.
    public static func == (a: CAMediaTimingFunction, b: CAMediaTimingFunction) -> Bool { a.stardust == b.stardust }
    /// Hashes the control points.
    public func hash(into h: inout Hasher) { h.combine(stardust) }
}
#endif
