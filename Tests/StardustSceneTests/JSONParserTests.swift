import StardustCore
import Foundation
import Testing
@testable import StardustScene

@Suite struct JSONParserTests {
    @Test("parses every kind of value and keeps key order") func parsesEveryKindOfValueAndKeepsKeyOrder() throws {
        let v = try JSONParser.parse(#"{"b": [1, -2.5e2, true, false, null], "a": "x\"\u00e9\ud83d\ude00", "c": {}}"#)
        guard case .object(let members) = v else { Issue.record("expected an object"); return }
        #expect(members.map(\.key) == ["b", "a", "c"])
        #expect(v["b"] == .array([.number(1), .number(-250), .bool(true), .bool(false), .null]))
        #expect(v["a"] == .string("x\"é😀"))
        #expect(v["c"] == .object([]))
    }

    @Test("line comments are accepted") func lineCommentsAreAccepted() throws {
        let v = try JSONParser.parse("{\n  // a comment\n  \"a\": 1 // trailing\n}")
        #expect(v["a"] == .number(1))
    }

    @Test("errors give line and column") func errorsGiveLineAndColumn() {
        _ = #expect(throws: (any Error).self) { try JSONParser.parse("{\n  \"a\": 1,\n  \"b\" 2\n}") }.map { e in
            let err = e as! JSONSyntaxError
            #expect(err.line == 3)
            #expect(err.column == 7)
            #expect(err.message.contains("':'"), "\(err.message)")
        }
        _ = #expect(throws: (any Error).self) { try JSONParser.parse("[1, 2") }.map { e in #expect("\(e)".contains("end of the document")) }
        #expect(throws: (any Error).self) { try JSONParser.parse("{} x") }
        #expect(throws: (any Error).self) { try JSONParser.parse("01") } // leading zero then garbage
        #expect(throws: (any Error).self) { try JSONParser.parse("1e999") } // out of range
    }

    @Test("deep nesting is rejected not a crash") func deepNestingIsRejectedNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        _ = #expect(throws: (any Error).self) { try JSONParser.parse(deep) }.map { e in #expect("\(e)".contains("nesting")) }
    }

    /// Randomized corruption: byte flips, truncations and insertions of a valid
    /// document either parse or throw a syntax error — never crash.
    @Test("random corruption never crashes") func randomCorruptionNeverCrashes() {
        let base = Array(##"{"size": [390, 844], "layers": [{"type": "emitter", "emitterCells": [{"name": "a", "birthRate": 3.5e1, "color": "#FFAA00"}]}], "s": "\u0041\n"}"##.utf8)
        let rng = CounterRandom(seed: 7)
        var parsed = 0
        for i in 0..<2000 {
            var b = base
            let op = rng.below(3, UInt64(i), 0)
            let pos = rng.below(b.count, UInt64(i), 1)
            switch op {
            case 0: b[pos] = UInt8(rng.below(256, UInt64(i), 2))
            case 1: b = Array(b[..<pos])
            default: b.insert(UInt8(rng.below(256, UInt64(i), 2)), at: pos)
            }
            do { _ = try JSONParser.parse(b); parsed += 1 } catch is JSONSyntaxError {} catch { Issue.record("unexpected error \(error)") }
        }
        #expect(parsed > 0)
    }
}
