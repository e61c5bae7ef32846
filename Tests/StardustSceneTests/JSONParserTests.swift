import StardustCore
import XCTest
@testable import StardustScene

final class JSONParserTests: XCTestCase {
    func testParsesEveryKindOfValueAndKeepsKeyOrder() throws {
        let v = try JSONParser.parse(#"{"b": [1, -2.5e2, true, false, null], "a": "x\"\u00e9\ud83d\ude00", "c": {}}"#)
        guard case .object(let members) = v else { return XCTFail("expected an object") }
        XCTAssertEqual(members.map(\.key), ["b", "a", "c"])
        XCTAssertEqual(v["b"], .array([.number(1), .number(-250), .bool(true), .bool(false), .null]))
        XCTAssertEqual(v["a"], .string("x\"é😀"))
        XCTAssertEqual(v["c"], .object([]))
    }

    func testLineCommentsAreAccepted() throws {
        let v = try JSONParser.parse("{\n  // a comment\n  \"a\": 1 // trailing\n}")
        XCTAssertEqual(v["a"], .number(1))
    }

    func testErrorsGiveLineAndColumn() {
        XCTAssertThrowsError(try JSONParser.parse("{\n  \"a\": 1,\n  \"b\" 2\n}")) { e in
            let err = e as! JSONSyntaxError
            XCTAssertEqual(err.line, 3)
            XCTAssertEqual(err.column, 7)
            XCTAssertTrue(err.message.contains("':'"), err.message)
        }
        XCTAssertThrowsError(try JSONParser.parse("[1, 2")) { e in XCTAssertTrue("\(e)".contains("end of the document")) }
        XCTAssertThrowsError(try JSONParser.parse("{} x"))
        XCTAssertThrowsError(try JSONParser.parse("01")) // leading zero then garbage
        XCTAssertThrowsError(try JSONParser.parse("1e999")) // out of range
    }

    func testDeepNestingIsRejectedNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        XCTAssertThrowsError(try JSONParser.parse(deep)) { e in XCTAssertTrue("\(e)".contains("nesting")) }
    }

    /// Randomized corruption: byte flips, truncations and insertions of a valid
    /// document either parse or throw a syntax error — never crash.
    func testRandomCorruptionNeverCrashes() {
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
            do { _ = try JSONParser.parse(b); parsed += 1 } catch is JSONSyntaxError {} catch { XCTFail("unexpected error \(error)") }
        }
        XCTAssertGreaterThan(parsed, 0)
    }
}
