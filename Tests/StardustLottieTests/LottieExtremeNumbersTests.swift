import Foundation
import StardustCore
import StardustLottie
import StardustRender
import StardustTestSupport
import Testing

/// Numbers at the ends of `Double`'s range wherever a Lottie file holds a number. A file from a stranger may carry
/// 1e300 where an enum, an index or a vertex belongs; each such file is refused with the JSON path of the value or
/// drawn, and nothing traps (docs/DESIGN.md §16). The mutation fuzz rarely writes such numbers, so this walks them.
@Suite("LottieExtremeNumbersTests")
struct LottieExtremeNumbersTests {
    /// Past `Int`'s range (±9.3e18) and near `Double`'s end (±1e300, whose squares are infinite).
    static let extremes = ["1e300", "-1e300", "9.3e18", "-9.3e18"]

    /// The byte ranges of the number tokens of a JSON text (outside strings), found by a scan of our own that
    /// does not share the reader's code.
    static func numberTokens(_ bytes: [UInt8]) -> [Range<Int>] {
        var tokens: [Range<Int>] = []
        var i = 0, inString = false
        while i < bytes.count {
            let b = bytes[i]
            if inString {
                if b == UInt8(ascii: "\\") { i += 1 } else if b == UInt8(ascii: "\"") { inString = false }
                i += 1
            } else if b == UInt8(ascii: "\"") {
                inString = true; i += 1
            } else if b == UInt8(ascii: "-") || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) {
                let start = i
                while i < bytes.count, "0123456789+-.eE".utf8.contains(bytes[i]) { i += 1 }
                tokens.append(start..<i)
            } else {
                i += 1
            }
        }
        return tokens
    }

    @Test func everyNumberAtTheEndsOfTheRangeIsRefusedWithAPathOrDrawn() throws {
        let folder = Fixtures.url("lottie")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        var rng = SeededGenerator(seed: 0xE7_1E)
        var refused = 0, drawn = 0
        for name in names {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            for token in Self.numberTokens(bytes).shuffled(using: &rng).prefix(16) {
                let value = Self.extremes.randomElement(using: &rng)!
                let mutated = Array(bytes[..<token.lowerBound]) + Array(value.utf8) + Array(bytes[token.upperBound...])
                do {
                    let c = LottieTranslator.translate(try LottieParser.parse(mutated, limits: LottieFuzzTests.limits))
                    do { _ = try LottieFixtures.render(c, frame: c.animation.inPoint + 1) } catch {}  // a renderer's budget may refuse it
                    drawn += 1
                } catch let e as LottieError {
                    #expect(e.path.hasPrefix("$"), "\(name): \(e)")
                    refused += 1
                }
            }
        }
        // Both outcomes occur: enums and sizes are refused, coordinates and colours are drawn.
        #expect(refused > 50 && drawn > 50, "refused \(refused), drawn \(drawn)")
    }

    @Test func anIntegerOutsideIntsRangeIsRefusedWithItsPath() throws {
        let text = try String(contentsOf: Fixtures.url("lottie", "dash.json"), encoding: .utf8)
        // The stroke's cap and join are each written once, as 1.
        for (key, value) in [("lc", "9.3e18"), ("lj", "-1e300")] {
            let mutated = text.replacingOccurrences(of: "\"\(key)\": 1,", with: "\"\(key)\": \(value),")
            #expect(mutated != text)
            #expect {
                _ = try LottieParser.parse(Array(mutated.utf8))
            } throws: { error in
                guard let e = error as? LottieError else { return false }
                return e.path.hasSuffix(".\(key)") && e.message.hasPrefix("expected an integer")
            }
        }
    }
}
