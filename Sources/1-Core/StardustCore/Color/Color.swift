/// An RGBA color with straight (non-premultiplied) components in device RGB,
/// each nominally in 0…1 (docs/DESIGN.md §2).
///
/// Components outside 0…1 are kept (Core Animation's emitter colors rely on
/// it) and clamped only when a color is drawn; see ``clamped``.
public struct Color: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The red component, straight (not multiplied by ``alpha``), nominally in 0…1.
    public var red: Double
    /// The green component, straight (not multiplied by ``alpha``), nominally in 0…1.
    public var green: Double
    /// The blue component, straight (not multiplied by ``alpha``), nominally in 0…1.
    public var blue: Double
    /// The opacity, nominally in 0…1 (0 = transparent, 1 = opaque).
    public var alpha: Double

    /// A color from straight components in device RGB, nominally 0…1; values outside are kept until drawn.
    @inlinable public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// A gray: `white` for the red, green and blue components (0 = black, 1 = white).
    @inlinable public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    /// Transparent black, `(0, 0, 0, 0)`: the default background of scenes and display lists.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black, `(0, 0, 0, 1)`.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white, `(1, 1, 1, 1)`: the neutral tint.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Opaque red, `(1, 0, 0, 1)`.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Opaque green, `(0, 1, 0, 1)`.
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Opaque blue, `(0, 0, 1, 1)`.
    public static let blue = Color(red: 0, green: 0, blue: 1)

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the leading `#` is optional).
    public init?(hex: String) {
        var s = Substring(hex)
        if s.hasPrefix("#") { s = s.dropFirst() }
        // ASCII only: `Character.isHexDigit` also accepts fullwidth digits, which `Int(_:radix:)` rejects.
        guard s.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x46).contains($0 & ~0x20) }) else { return nil }
        let chars = Array(s)
        func byte(_ i: Int) -> Double { Double(Int(String(chars[i...i + 1]), radix: 16)!) / 255 }
        func nibble(_ i: Int) -> Double { Double(Int(String(chars[i]), radix: 16)! * 17) / 255 }
        switch chars.count {
        case 3: self.init(red: nibble(0), green: nibble(1), blue: nibble(2))
        case 6: self.init(red: byte(0), green: byte(2), blue: byte(4))
        case 8: self.init(red: byte(0), green: byte(2), blue: byte(4), alpha: byte(6))
        default: return nil
        }
    }

    /// Each component clamped to 0…1.
    @inlinable public var clamped: Color {
        Color(red: min(max(red, 0), 1), green: min(max(green, 0), 1),
              blue: min(max(blue, 0), 1), alpha: min(max(alpha, 0), 1))
    }

    /// The clamped color premultiplied by its alpha, as `(r·a, g·a, b·a, a)` floats in 0…1.
    @inlinable public var premultiplied: SIMD4<Float> {
        let c = clamped
        let a = Float(c.alpha)
        return SIMD4(Float(c.red) * a, Float(c.green) * a, Float(c.blue) * a, a)
    }

    /// The same color with its alpha multiplied by `factor`.
    @inlinable public func withAlphaMultiplied(by factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// Component-wise product (how emitter cells and tints combine).
    @inlinable public static func * (a: Color, b: Color) -> Color {
        Color(red: a.red * b.red, green: a.green * b.green, blue: a.blue * b.blue, alpha: a.alpha * b.alpha)
    }

    /// Component-wise interpolation.
    @inlinable public func lerp(to o: Color, _ t: Double) -> Color {
        Color(red: red + (o.red - red) * t, green: green + (o.green - green) * t,
              blue: blue + (o.blue - blue) * t, alpha: alpha + (o.alpha - alpha) * t)
    }

    /// `#RRGGBBAA` of the clamped color.
    public var hexString: String {
        let c = clamped
        func h(_ v: Double) -> String {
            let s = String(Int((v * 255).rounded()), radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + h(c.red) + h(c.green) + h(c.blue) + h(c.alpha)
    }

    /// The four components, unclamped, as `Color(r, g, b, a)`.
    public var description: String { "Color(\(red), \(green), \(blue), \(alpha))" }
}
