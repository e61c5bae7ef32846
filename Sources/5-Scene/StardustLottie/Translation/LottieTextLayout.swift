import Foundation

/// Where each character of a text document goes, After Effects' way (docs/LOTTIE.md, "Text"): the pen advances
/// by each character's advance plus the tracking (`tr` thousandths of the size); lines are `lh` apart
/// (1.2 × size when 0); point text has its first baseline at y = 0 and is justified about x = 0 (left: starts
/// there, right: ends there, centre: centred); box text (`sz`, `ps`) wraps at spaces to the box width, starts
/// its first baseline `ascent` percent of the size below the box top, and justifies inside the box (3…6 align
/// their last line left, right, centre, left); `ls` shifts every baseline up.
///
/// The advances come from the caller (glyph widths of `chars`, or a font), so the same rules place glyph shapes
/// and font text.
struct LottieTextLayout {
    struct Placed: Equatable {
        var character: Character
        /// The character's position in the text (line breaks not counted), as text animators count characters.
        var index: Int = 0
        var x: Double
        var y: Double
    }
    var placed: [Placed] = []
    /// Whether ``placed`` also lists the spaces (for text animators, which count them).
    var placesSpaces = false
    /// Each line's width and baseline, top first.
    var lines: [(width: Double, x: Double, baseline: Double)] = []

    /// `kerning` (points between two characters, default none) is added between the characters of a line.
    init(_ d: LottieTextDocument, ascent: Double, advance: (Character) -> Double,
         kerning: ((Character, Character) -> Double)? = nil, placesSpaces: Bool = false) {
        self.placesSpaces = placesSpaces
        let size = d.fontSize
        let tracking = d.tracking / 1000 * size
        let lineHeight = d.lineHeight != 0 ? d.lineHeight : size * 1.2
        let box = d.boxSize.map { (width: $0[0], height: $0[1]) }
        var paragraphs = d.shownText.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        if paragraphs.isEmpty { paragraphs = [[]] }
        // Wrap box text at spaces (a word wider than the box is cut between characters).
        var rows: [[Character]] = []
        for p in paragraphs {
            guard let width = box?.width, width > 0 else { rows.append(p); continue }
            var row: [Character] = [], rowWidth = 0.0
            var i = 0
            while i < p.count {
                var end = i
                while end < p.count && p[end] == " " { end += 1 }
                while end < p.count && p[end] != " " { end += 1 }
                let word = Array(p[i..<end])
                let w = word.reduce(0) { $0 + advance($1) + tracking }
                if !row.isEmpty && rowWidth + w - tracking > width {
                    rows.append(row); row = []; rowWidth = 0
                    let trimmed = Array(word.drop { $0 == " " })
                    row = trimmed; rowWidth = trimmed.reduce(0) { $0 + advance($1) + tracking }
                } else {
                    row += word; rowWidth += w
                }
                i = end
            }
            rows.append(row)
        }
        let top = d.boxPosition.map { $0[1] + ascent / 100 * size } ?? 0
        let left = d.boxPosition?[0] ?? 0
        var counted = 0
        for (n, row) in rows.enumerated() {
            var pen = 0.0
            var xs: [Double] = []
            for (i, c) in row.enumerated() {
                if i > 0, let k = kerning { pen += k(row[i - 1], c) }
                xs.append(pen); pen += advance(c) + tracking
            }
            // The line's width: up to the last character that is not a space, tracking after it not counted.
            var width = 0.0
            if let last = row.lastIndex(where: { $0 != " " }) { width = xs[last] + advance(row[last]) }
            let isLast = n == rows.count - 1
            let shift: Double
            if let b = box {
                switch d.justification {
                case 1: shift = b.width - width
                case 2: shift = (b.width - width) / 2
                case 4 where isLast: shift = b.width - width
                case 5 where isLast: shift = (b.width - width) / 2
                default: shift = 0
                }
            } else {
                switch d.justification {
                case 1, 4: shift = -width
                case 2, 5: shift = -width / 2
                default: shift = 0
                }
            }
            let baseline = top + Double(n) * lineHeight - d.baselineShift
            lines.append((width, left + shift, baseline))
            for (c, x) in zip(row, xs) {
                if c != " " || placesSpaces { placed.append(Placed(character: c, index: counted, x: left + shift + x, y: baseline)) }
                counted += 1
            }
        }
    }
}
