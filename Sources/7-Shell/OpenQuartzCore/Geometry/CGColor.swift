#if !canImport(QuartzCore)
import Foundation
import Stardust

/// A color in device RGB (`CGColor`): what layers and emitter cells take.
/// Components are stored as given (unclamped; drawing clamps, as Core Animation).
public final class CGColor: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The engine color.
    public let stardustColor: Color

    /// A color from RGBA components, 0…1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        stardustColor = Color(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
    }
    /// A gray color: `gray` 0 (black) … 1 (white).
    public init(gray: CGFloat, alpha: CGFloat) { stardustColor = Color(white: Double(gray), alpha: Double(alpha)) }
    /// The color of an engine color.
    public init(_ color: Color) { stardustColor = color }

    /// Opaque black.
    public static let black = CGColor(Color.black)
    /// Opaque white.
    public static let white = CGColor(Color.white)
    /// Transparent black.
    public static let clear = CGColor(Color.clear)

    /// The red, green, blue and alpha components.
    public var components: [CGFloat]? {
        [stardustColor.red, stardustColor.green, stardustColor.blue, stardustColor.alpha].map { CGFloat($0) }
    }
    /// The number of components (4: RGBA).
    public var numberOfComponents: Int { 4 }
    /// The alpha component.
    public var alpha: CGFloat { CGFloat(stardustColor.alpha) }
    /// The same color with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        var c = stardustColor; c.alpha = Double(alpha); return CGColor(c)
    }

    /// Equal components.
    public static func == (a: CGColor, b: CGColor) -> Bool { a.stardustColor == b.stardustColor }
    /// Hashes the components.
    public func hash(into h: inout Hasher) { h.combine(stardustColor) }
    /// The components, for debugging.
    public var description: String { "CGColor(\(stardustColor.red), \(stardustColor.green), \(stardustColor.blue), \(stardustColor.alpha))" }
}
#endif
