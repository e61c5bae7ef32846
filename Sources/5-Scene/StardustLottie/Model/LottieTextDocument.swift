/// One text document of a text layer (`t.d.k[i].s`): what the layer shows from frame ``time`` until the next
/// document's (text documents always hold; docs/LOTTIE.md, "Text").
public struct LottieTextDocument: Sendable, Equatable {
    /// `t`: the first frame this document is shown (0 for the first).
    public var time: Double
    /// `t` of `s`: the text; lines end at `\r` (also `\n` and U+0003).
    public var text: String
    /// `f`: the font's `fName` (see ``LottieAnimation/fontList``).
    public var fontName: String
    /// `s`: the size in points.
    public var fontSize: Double
    /// `fc`, `sc`: fill and stroke colours (0…1, or 0…255 in old files).
    public var fillColor: [Double]?
    public var strokeColor: [Double]?
    /// `sw`: the stroke width.
    public var strokeWidth: Double
    /// `of`: the stroke is drawn over the fill.
    public var strokeOverFill: Bool
    /// `j`: 0 left, 1 right, 2 centre; 3…6 justified (last line left, right, centre, full).
    public var justification: Int
    /// `tr`: tracking, in thousandths of an em.
    public var tracking: Double
    /// `lh`: the distance between baselines (0: 1.2 × size).
    public var lineHeight: Double
    /// `ls`: baseline shift (up).
    public var baselineShift: Double
    /// `sz`, `ps`: the paragraph box (width, height) and its top-left corner, for box text.
    public var boxSize: [Double]?
    public var boxPosition: [Double]?
    /// `ca`: 1 = all capitals.
    public var allCaps: Bool

    public init(time: Double = 0, text: String, fontName: String = "", fontSize: Double = 12, fillColor: [Double]? = nil,
                strokeColor: [Double]? = nil, strokeWidth: Double = 0, strokeOverFill: Bool = false, justification: Int = 0,
                tracking: Double = 0, lineHeight: Double = 0, baselineShift: Double = 0, boxSize: [Double]? = nil,
                boxPosition: [Double]? = nil, allCaps: Bool = false) {
        self.time = time; self.text = text; self.fontName = fontName; self.fontSize = fontSize; self.fillColor = fillColor
        self.strokeColor = strokeColor; self.strokeWidth = strokeWidth; self.strokeOverFill = strokeOverFill
        self.justification = justification; self.tracking = tracking; self.lineHeight = lineHeight
        self.baselineShift = baselineShift; self.boxSize = boxSize; self.boxPosition = boxPosition; self.allCaps = allCaps
    }

    /// The text as drawn: capitals when ``allCaps``, line ends as `\n`.
    public var shownText: String {
        let t = allCaps ? text.uppercased() : text
        return t.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .replacingOccurrences(of: "\u{3}", with: "\n")
    }
}
