import Foundation
@testable import StardustLottie
import Testing

/// `LottieExpression.trimmed` trims ASCII text by its bytes and other text through Foundation: the same strings as
/// `trimmingCharacters(in:)` for every trim, and the same parsed expressions.
@Suite struct LottieExpressionTrimTests {
    @Test(arguments: [LottieExpression.Trim.whitespacesAndNewlines, .whitespaces, .quotes])
    func trimsAsFoundationTrims(_ trim: LottieExpression.Trim) {
        // Every ASCII character alone, and between and around others, plus texts with other characters.
        var texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        for c in 0..<128 {
            let x = String(UnicodeScalar(UInt8(c)))
            texts += ["\(x)a\(x)", "\(x)\(x) wiggle(2, 3) \(x)", "a\(x)b", "'\(x)\"", " \t\u{0B}\u{0C}\r\n\(x)"]
        }
        texts += ["", " ", "\u{00A0}loopOut('cycle')\u{2028}", "\u{85}x\u{3000}", "é ", " 'é' ", "\r\n", "\t\"x\"\t", "héllo wörld"]
        for t in texts {
            #expect(LottieExpression.trimmed(t, trim) == t.trimmingCharacters(in: trim.set), "\(t.debugDescription)")
            #expect(LottieExpression.trimmed(t[...], trim) == t[...].trimmingCharacters(in: trim.set), "\(t.debugDescription)")
        }
    }

    @Test func expressionsReadAsBefore() {
        let cases: [(String, LottieExpression)] = [
            ("loopOut('cycle')", .loopOut(.cycle, keyframes: 0)),
            ("  var $bm_rt;\n$bm_rt = loopIn(\"pingpong\", 2);;  \n", .loopIn(.pingpong, keyframes: 2)),
            ("var $bm_rt = wiggle( 2 , 10 ) ;", .wiggle(frequency: 2, amplitude: 10)),
            ("$bm_rt=loopOut()", .loopOut(.cycle, keyframes: 0)),
            ("\u{00A0}loopOut('offset')\u{00A0}", .loopOut(.offset, keyframes: 0)),  // a no-break space is white space (Foundation)
            ("\t\u{0B}loopOut(\t'continue'\t)\u{0C}", .loopOut(.continue, keyframes: 0)),
            ("wiggle(2)", .other),
            ("time * 2", .other),
        ]
        for (source, expected) in cases { #expect(LottieExpression(source) == expected, "\(source.debugDescription)") }
    }
}
