#if !canImport(QuartzCore)
import Foundation
import Stardust

/// A layer filled with an axial, radial or conic gradient (`CAGradientLayer`) over an engine `GradientLayer`.
open class CAGradientLayer: CALayer {
    /// Makes an engine `GradientLayer`.
    open override class func makeStardustLayer() -> Layer { GradientLayer() }
    /// The engine gradient layer.
    public var stardustGradient: GradientLayer { stardustLayer as! GradientLayer }

    /// The colors (`CGColor`s) of the gradient (default `nil`).
    public var colors: [Any]? {
        get { stardustGradient.colors.isEmpty ? nil : stardustGradient.colors.map { CGColor($0) } }
        set {
            let colors: [Color] = (newValue ?? []).compactMap { v in
                if let c = v as? CGColor { return c.stardustColor }
                if let c = v as? UIColor { return c.cgColor.stardustColor }
                return nil
            }
            change("colors") { stardustGradient.colors = colors }
        }
    }
    /// The unit positions of the colors (default `nil`: evenly spaced).
    public var locations: [NSNumber]? {
        get { stardustGradient.locations?.map { NSNumber(value: $0) } }
        set { change("locations") { stardustGradient.locations = newValue?.map(\.doubleValue) } }
    }
    /// The start of the axis in unit coordinates (default (0.5, 0)).
    public var startPoint: CGPoint {
        get { CGPoint(stardustGradient.startPoint) } set { change("startPoint") { stardustGradient.startPoint = newValue.stardust } }
    }
    /// The end of the axis in unit coordinates (default (0.5, 1)).
    public var endPoint: CGPoint {
        get { CGPoint(stardustGradient.endPoint) } set { change("endPoint") { stardustGradient.endPoint = newValue.stardust } }
    }
    /// The kind of gradient (default `.axial`; `.radial` and `.conic` as Core Animation draws them; an unknown raw
    /// value draws axial).
    public var type: CAGradientLayerType {
        get { CAGradientLayerType(rawValue: stardustGradient.type.rawValue) }
        set { stardustGradient.type = GradientLayer.GradientType(rawValue: newValue.rawValue) ?? .axial }
    }
}
#endif
