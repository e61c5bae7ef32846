#if !canImport(QuartzCore)
import Foundation
import Stardust

/// A font (`UIFont`), as far as a `CATextLayer` uses one: the system font (Stardust's default font) or a
/// family by name, regular or bold. `CATextLayer` takes its size from `fontSize`, as on iOS.
public final class UIFont: @unchecked Sendable {
    /// The family name, or `nil` for the system font.
    public let familyName: String?
    /// The size in points.
    public let pointSize: CGFloat
    /// Whether the bold weight is drawn.
    public let isBold: Bool

    init(familyName: String?, pointSize: CGFloat, isBold: Bool) {
        self.familyName = familyName; self.pointSize = pointSize; self.isBold = isBold
    }

    /// The font named `fontName` (a family name; a name containing "Bold" draws bold) at `size` points.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard !fontName.isEmpty else { return nil }
        self.init(familyName: fontName, pointSize: fontSize, isBold: fontName.contains("Bold"))
    }

    /// The system font (Stardust's default font) at `fontSize` points.
    public class func systemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(familyName: nil, pointSize: fontSize, isBold: false) }

    /// The bold system font (Stardust's default font, bold) at `fontSize` points.
    public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(familyName: nil, pointSize: fontSize, isBold: true) }

    /// The name: the family (with `-Bold` when bold), or `.SFUI-Regular` / `.SFUI-Bold` for the system font.
    public var fontName: String { familyName ?? (isBold ? ".SFUI-Bold" : ".SFUI-Regular") }
}
#endif
