import Foundation
@testable import StardustLottie
import StardustCore
import Testing

/// The text the warning line gives an expression that is not evaluated (``LottieTranslator/shortLine(_:)``, which
/// reads only the first lines) against the eager computation over the whole source: every line split, trimmed and
/// joined, then cut.
@Suite("LottieExpressionWarningTests")
struct LottieExpressionWarningTests {
    /// The eager computation the translator made before: the reference.
    static func eager(_ source: String) -> String {
        let line = source.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return line.count > 40 ? String(line.prefix(37)) + "…" : line
    }

    @Test("the first lines give the whole source's short line, for any line breaks, spaces and clusters")
    func shortLineAsTheEagerOne() {
        // Pieces that break lines (every newline character, CR LF as one), spaces that are trimmed and that are not,
        // and characters whose clusters reach across a join or a cut: combining marks at a line's start, regional
        // indicators, an emoji sequence with a zero-width joiner, a prepended mark.
        let pieces = ["a", "b", "x = 1;", "value", " ", "  ", "\t", "\u{A0}", "\u{3000}", "\n", "\r", "\r\n", "\u{2028}",
                      "\u{85}", "\u{0B}", "\u{0C}", "\u{301}", "e\u{301}", "\u{1F1EB}", "\u{1F1F7}", "\u{1F469}\u{200D}\u{1F4BB}",
                      "\u{200D}", "\u{600}", "é", "日本", "…", String(repeating: "w", count: 39), String(repeating: "z", count: 80)]
        var rng = SplitMix64(seed: 2_312)
        var cut = 0
        for trial in 0..<6_000 {
            let n = trial < 40 ? trial : Int.random(in: 0...40, using: &rng)
            let source = (0..<n).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let expected = Self.eager(source)
            if expected.hasSuffix("…") { cut += 1 }
            #expect(LottieTranslator.shortLine(source) == expected, "\(source.unicodeScalars.map(\.value))")
        }
        // Lengths around the cut, on one line and over several.
        for length in 35...45 {
            for breaks in ["", "\n", "\n \n", "\r\n\t"] {
                let source = String(repeating: "q", count: length / 2) + breaks + String(repeating: "r", count: length - length / 2)
                #expect(LottieTranslator.shortLine(source) == Self.eager(source), "\(length) \(breaks.unicodeScalars.map(\.value))")
            }
        }
        #expect(cut > 1_000)
    }
}
