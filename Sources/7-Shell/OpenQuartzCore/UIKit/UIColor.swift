#if !canImport(QuartzCore)
import Foundation
import Stardust

/// A color (`UIColor`): RGB, white, HSB and UIKit's named colors, with `.cgColor`.
open class UIColor: Hashable, @unchecked Sendable {
    /// The same color as a `CGColor`.
    public let cgColor: CGColor

    /// A color from RGBA components, 0…1 (values outside are kept, as extended-range colors).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    /// A gray: `white` 0 (black) … 1 (white).
    public init(white: CGFloat, alpha: CGFloat) { cgColor = CGColor(gray: white, alpha: alpha) }
    /// A color from hue, saturation and brightness, 0…1.
    public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6, s = min(max(saturation, 0), 1), v = min(max(brightness, 0), 1)
        let i = Int(h) % 6, f = h - CGFloat(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat)
        switch i {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        cgColor = CGColor(red: r, green: g, blue: b, alpha: alpha)
    }
    /// The color of a `CGColor`.
    public init(cgColor: CGColor) { self.cgColor = cgColor }
    /// A color with the RGB components of `displayP3Red` taken as device RGB (no color management).
    public convenience init(displayP3Red r: CGFloat, green g: CGFloat, blue b: CGFloat, alpha a: CGFloat) {
        self.init(red: r, green: g, blue: b, alpha: a)
    }

    /// The same color with another alpha.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor { UIColor(cgColor: cgColor.copy(alpha: alpha)!) }
    /// Writes the RGBA components; returns true.
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor.stardustColor
        red?.pointee = c.red; green?.pointee = c.green; blue?.pointee = c.blue; alpha?.pointee = c.alpha
        return true
    }

    /// 0, 0, 0.
    public class var black: UIColor { UIColor(white: 0, alpha: 1) }
    /// 1/3 white.
    public class var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    /// 2/3 white.
    public class var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    /// 1, 1, 1.
    public class var white: UIColor { UIColor(white: 1, alpha: 1) }
    /// 1/2 white.
    public class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    /// 1, 0, 0.
    public class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    /// 0, 1, 0.
    public class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    /// 0, 0, 1.
    public class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    /// 0, 1, 1.
    public class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    /// 1, 1, 0.
    public class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    /// 1, 0, 1.
    public class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    /// 1, 0.5, 0.
    public class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    /// 0.5, 0, 0.5.
    public class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    /// 0.6, 0.4, 0.2.
    public class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    /// Transparent black.
    public class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // UIKit's system colors in their light, default-contrast appearance (there are no trait collections here).

    /// System red (255, 59, 48).
    public class var systemRed: UIColor { UIColor(red: 255 / 255, green: 59 / 255, blue: 48 / 255, alpha: 1) }
    /// System orange (255, 149, 0).
    public class var systemOrange: UIColor { UIColor(red: 255 / 255, green: 149 / 255, blue: 0, alpha: 1) }
    /// System yellow (255, 204, 0).
    public class var systemYellow: UIColor { UIColor(red: 255 / 255, green: 204 / 255, blue: 0, alpha: 1) }
    /// System green (52, 199, 89).
    public class var systemGreen: UIColor { UIColor(red: 52 / 255, green: 199 / 255, blue: 89 / 255, alpha: 1) }
    /// System teal (48, 176, 199).
    public class var systemTeal: UIColor { UIColor(red: 48 / 255, green: 176 / 255, blue: 199 / 255, alpha: 1) }
    /// System blue (0, 122, 255).
    public class var systemBlue: UIColor { UIColor(red: 0, green: 122 / 255, blue: 255 / 255, alpha: 1) }
    /// System indigo (88, 86, 214).
    public class var systemIndigo: UIColor { UIColor(red: 88 / 255, green: 86 / 255, blue: 214 / 255, alpha: 1) }
    /// System purple (175, 82, 222).
    public class var systemPurple: UIColor { UIColor(red: 175 / 255, green: 82 / 255, blue: 222 / 255, alpha: 1) }
    /// System pink (255, 45, 85).
    public class var systemPink: UIColor { UIColor(red: 255 / 255, green: 45 / 255, blue: 85 / 255, alpha: 1) }
    /// System gray (142, 142, 147).
    public class var systemGray: UIColor { UIColor(red: 142 / 255, green: 142 / 255, blue: 147 / 255, alpha: 1) }

    /// Equal components.
    public static func == (a: UIColor, b: UIColor) -> Bool { a.cgColor == b.cgColor }
    /// Hashes the components.
    public func hash(into h: inout Hasher) { h.combine(cgColor) }
}
#endif
