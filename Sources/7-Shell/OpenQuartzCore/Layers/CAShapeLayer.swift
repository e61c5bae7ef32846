#if !canImport(QuartzCore)
import Foundation
import Stardust

/// A layer that fills and strokes a path (`CAShapeLayer`) over an engine `ShapeLayer`.
open class CAShapeLayer: CALayer {
    /// Makes an engine `ShapeLayer`.
    open override class func makeStardustLayer() -> Layer { ShapeLayer() }
    /// The engine shape layer.
    public var stardustShape: ShapeLayer { stardustLayer as! ShapeLayer }

    /// The path in layer coordinates (default `nil`).
    public var path: CGPath? {
        get { stardustShape.path.map { CGPath($0) } } set { change("path") { stardustShape.path = newValue?.stardustPath } }
    }
    /// The fill color (default opaque black; `nil` for none).
    public var fillColor: CGColor? {
        get { stardustShape.fillColor.map(CGColor.init) } set { change("fillColor") { stardustShape.fillColor = newValue?.stardustColor } }
    }
    /// The fill rule (default `.nonZero`).
    public var fillRule: CAShapeLayerFillRule {
        get { stardustShape.fillRule == .evenOdd ? .evenOdd : .nonZero }
        set { stardustShape.fillRule = newValue == .evenOdd ? .evenOdd : .nonZero }
    }
    /// The stroke color (default `nil`: none).
    public var strokeColor: CGColor? {
        get { stardustShape.strokeColor.map(CGColor.init) } set { change("strokeColor") { stardustShape.strokeColor = newValue?.stardustColor } }
    }
    /// The stroke width (default 1).
    public var lineWidth: CGFloat {
        get { stardustShape.lineWidth } set { change("lineWidth") { stardustShape.lineWidth = newValue } }
    }
    /// The cap of open ends (default `.butt`).
    public var lineCap: CAShapeLayerLineCap {
        get { CAShapeLayerLineCap(rawValue: stardustShape.lineCap.rawValue) }
        set { stardustShape.lineCap = StrokeStyle.LineCap(rawValue: newValue.rawValue) ?? .butt }
    }
    /// The join of corners (default `.miter`).
    public var lineJoin: CAShapeLayerLineJoin {
        get { CAShapeLayerLineJoin(rawValue: stardustShape.lineJoin.rawValue) }
        set { stardustShape.lineJoin = StrokeStyle.LineJoin(rawValue: newValue.rawValue) ?? .miter }
    }
    /// The miter limit (default 10).
    public var miterLimit: CGFloat {
        get { stardustShape.miterLimit } set { change("miterLimit") { stardustShape.miterLimit = newValue } }
    }
    /// Where the stroke starts along the path, 0…1 (default 0).
    public var strokeStart: CGFloat {
        get { stardustShape.strokeStart } set { change("strokeStart") { stardustShape.strokeStart = newValue } }
    }
    /// Where the stroke ends along the path, 0…1 (default 1).
    public var strokeEnd: CGFloat {
        get { stardustShape.strokeEnd } set { change("strokeEnd") { stardustShape.strokeEnd = newValue } }
    }
    /// Lengths of alternately painted and unpainted runs of the stroke, in points (default `nil`: solid).
    public var lineDashPattern: [NSNumber]? {
        get { stardustShape.lineDashPattern?.map { NSNumber(value: $0) } }
        set { stardustShape.lineDashPattern = newValue?.map(\.doubleValue) }
    }
    /// How far into the dash pattern the stroke starts, in points (default 0; animatable).
    public var lineDashPhase: CGFloat {
        get { stardustShape.lineDashPhase } set { change("lineDashPhase") { stardustShape.lineDashPhase = newValue } }
    }
}
#endif
