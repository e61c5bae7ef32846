#if !canImport(QuartzCore)
import Foundation
import Stardust

// Conversions between Foundation's CoreGraphics geometry (CGFloat, CGPoint, CGSize, CGRect, which
// swift-corelibs-foundation already has) and the engine's geometry.

extension CGPoint {
    /// The engine point with the same coordinates.
    var stardust: Point { Point(Double(x), Double(y)) }
    /// The point with the coordinates of an engine point.
    init(_ p: Point) { self.init(x: CGFloat(p.x), y: CGFloat(p.y)) }
}

extension CGSize {
    /// The engine size with the same width and height.
    var stardust: Size { Size(Double(width), Double(height)) }
    /// The size of an engine size.
    init(_ s: Size) { self.init(width: CGFloat(s.width), height: CGFloat(s.height)) }
}

extension CGRect {
    /// The engine rectangle with the same origin and size.
    var stardust: Rect { Rect(origin: origin.stardust, size: size.stardust) }
    /// The rectangle of an engine rectangle.
    init(_ r: Rect) { self.init(origin: CGPoint(r.origin), size: CGSize(r.size)) }
}

extension Float {
    /// The `Double` with the same shortest decimal spelling (`Float(0.15)` → `0.15`, not
    /// `0.15000000596…`): what the developer wrote, so that Core Animation's `Float` properties give
    /// the same engine values as the same numbers in a scene file (docs/DIFFERENCES.md, OpenQuartzCore).
    var decimalDouble: Double {
        guard isFinite else { return Double(self) }
        return Double(description) ?? Double(self)
    }
}

extension Double {
    /// The nearest `Float` (for Core Animation's `Float` properties read back from the engine).
    var float: Float { Float(self) }
}
#endif
