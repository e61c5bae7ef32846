import StardustCore

/// A layer that draws a string in its bounds (`CATextLayer`).
///
/// Text starts at the top of the bounds; with ``isWrapped`` lines break at
/// the bounds' width. Animatable key paths beyond ``Layer``'s: `fontSize`, `foregroundColor`.
open class TextLayer: Layer {
    /// Horizontal alignment of the lines (`CATextLayerAlignmentMode`).
    public enum AlignmentMode: String, Hashable, Sendable, Codable, CaseIterable {
        /// Left-aligned (the script's natural direction; Stardust lays out left to right).
        case natural
        /// Lines flush with the left edge, centered, or flush with the right edge of the bounds.
        case left, center, right
        /// Drawn left-aligned (full justification is not supported).
        case justified

        /// The display-list alignment this mode draws with.
        public var drawAlignment: TextDraw.Alignment {
            switch self {
            case .center: return .center
            case .right: return .right
            case .natural, .left, .justified: return .left
            }
        }
    }

    /// The text (default empty: nothing drawn).
    public var string: String = ""
    /// The font size in points (default 36).
    public var fontSize: Double = 36 {
        didSet { reportChange("fontSize", .number(oldValue), .number(fontSize)) }
    }
    /// A fontconfig family name (default `nil`: the renderer's default face).
    public var fontFamily: String?
    /// Whether the bold face is used (default `false`).
    public var isBold: Bool = false
    /// The text color (default opaque white).
    public var foregroundColor: Color = .white {
        didSet { reportChange("foregroundColor", .color(oldValue), .color(foregroundColor)) }
    }
    /// The alignment of lines in the bounds (default ``AlignmentMode/natural``).
    public var alignmentMode: AlignmentMode = .natural
    /// Whether lines wrap at the bounds' width (default `false`).
    public var isWrapped: Bool = false

    /// Creates a layer with Core Animation's defaults.
    public override init() { super.init() }

    /// This class's own key paths, then ``Layer``'s.
    open override func value(forKeyPath keyPath: String) -> AnimatableValue? {
        switch keyPath {
        case "fontSize": return .number(fontSize)
        case "foregroundColor": return .color(foregroundColor)
        case "string": return .string(string)
        default: return super.value(forKeyPath: keyPath)
        }
    }

    /// Sets this class's own key paths (values of the wrong type ignored), else defers to ``Layer``.
    open override func setValue(_ value: AnimatableValue, forKeyPath keyPath: String) {
        switch (keyPath, value) {
        case ("fontSize", .number(let v)): fontSize = v
        case ("foregroundColor", .color(let c)): foregroundColor = c
        case ("string", .string(let t)): string = t
        case ("fontSize", _), ("foregroundColor", _), ("string", _): break
        default: super.setValue(value, forKeyPath: keyPath)
        }
    }

    /// Appends one `TextDraw` with the presentation `fontSize` and `foregroundColor`.
    open override func drawContents(into list: inout [DrawCommand], time: Double, transform: Transform2D) {
        guard !string.isEmpty else { return }
        var size = fontSize, color = foregroundColor
        if hasAnimations {
            if let v = presentationValue(forKeyPath: "fontSize", at: time)?.doubleValue { size = v }
            if case .color(let c)? = presentationValue(forKeyPath: "foregroundColor", at: time) { color = c }
        }
        guard size > 0, color.alpha > 0 else { return }
        let box = presentationValue(forKeyPath: "bounds", at: time).flatMap { v -> Rect? in
            if case .rect(let r) = v { return r.standardized } else { return nil }
        } ?? bounds.standardized
        list.append(.text(TextDraw(string: string, fontFamily: fontFamily, fontSize: size, isBold: isBold, color: color,
                                   rect: box, alignment: alignmentMode.drawAlignment, wraps: isWrapped,
                                   transform: transform)))
    }
}
