#if !canImport(QuartzCore)
import Foundation
import Stardust

/// A layer that draws a string (`CATextLayer`) over an engine `TextLayer`.
open class CATextLayer: CALayer {
    /// Makes an engine `TextLayer`.
    open override class func makeStardustLayer() -> Layer { TextLayer() }
    /// The engine text layer.
    public var stardustText: TextLayer { stardustLayer as! TextLayer }

    /// The text: a `String` (or anything, drawn by its description) (default `nil`).
    public var string: Any? {
        get { stardustText.string.isEmpty ? nil : stardustText.string }
        set { stardustText.string = newValue.map { ($0 as? String) ?? "\($0)" } ?? "" }
    }
    /// The font: a family name as a `String` or `NSString` (a name containing "Bold" draws bold), or a
    /// `UIFont` (`UIFont.boldSystemFont(ofSize:)`: the default font, bold; its size is not used, as on iOS)
    /// (default `nil`: the default font).
    public var font: Any? {
        get { stardustText.fontFamily }
        set {
            if let f = newValue as? UIFont {
                stardustText.fontFamily = f.familyName
                stardustText.isBold = f.isBold
                return
            }
            let name = (newValue as? String) ?? (newValue as? NSString).map { "\($0)" }
            stardustText.fontFamily = name
            stardustText.isBold = name?.contains("Bold") ?? false
        }
    }
    /// The font size in points (default 36).
    public var fontSize: CGFloat {
        get { stardustText.fontSize } set { change("fontSize") { stardustText.fontSize = newValue } }
    }
    /// The text color (default opaque white).
    public var foregroundColor: CGColor? {
        get { CGColor(stardustText.foregroundColor) }
        set { change("foregroundColor") { stardustText.foregroundColor = newValue?.stardustColor ?? .white } }
    }
    /// The alignment of lines (default `.natural`).
    public var alignmentMode: CATextLayerAlignmentMode {
        get { CATextLayerAlignmentMode(rawValue: stardustText.alignmentMode.rawValue) }
        set { stardustText.alignmentMode = TextLayer.AlignmentMode(rawValue: newValue.rawValue) ?? .natural }
    }
    /// Whether lines wrap at the bounds' width (default false).
    public var isWrapped: Bool { get { stardustText.isWrapped } set { stardustText.isWrapped = newValue } }
}
#endif
