import Foundation
@testable import StardustLottie
import StardustTestSupport
import Testing

/// The JSON reader against a decoder we did not write (Foundation's `JSONSerialization`): the same values for the
/// fixtures and for seeded mutations of them, the same verdict (accepted or refused) on mutated text, and strangers'
/// text refused with `$` and the byte offset rather than a crash.
@Suite("LottieJSONReaderTests")
struct LottieJSONReaderTests {
    /// Foundation's value as ours: numbers as Double (booleans as themselves), objects as member lists.
    static func same(_ ours: LottieJSONValue, _ theirs: Any) -> Bool {
        switch ours {
        case .null: return theirs is NSNull
        case .bool(let b):
            guard let n = theirs as? NSNumber else { return false }
            return n.doubleValue == (b ? 1 : 0)
        case .number(let d):
            guard let n = theirs as? NSNumber, !(theirs is String) else { return false }
            return n.doubleValue == d || (n.doubleValue.isNaN && d.isNaN)
        case .string(let s): return (theirs as? String) == s
        case .array(let a):
            guard let b = theirs as? [Any], a.count == b.count else { return false }
            return zip(a, b).allSatisfy { same($0, $1) }
        case .object(let members):
            guard let d = theirs as? [String: Any] else { return false }
            let keys = Set(members.map(\.key))
            guard keys.count == d.count else { return false }
            return keys.allSatisfy { k in d[k].map { same(ours[k]!, $0) } ?? false }
        }
    }

    @Test func fixturesReadAsFoundationReadsThem() throws {
        let seeds = try LottieFuzzTests.seeds()
        #expect(seeds.count > 10)
        for bytes in seeds {
            let theirs = try JSONSerialization.jsonObject(with: Data(bytes))
            #expect(Self.same(try LottieJSONReader.tree(bytes), theirs))
        }
    }

    /// lottie-ios's samples (`STARDUST_LOTTIE` names the folder), read by both: every value the same, so every frame.
    @Test func corpusReadsAsFoundationReadsIt() throws {
        guard let folder = ProcessInfo.processInfo.environment["STARDUST_LOTTIE"], !folder.isEmpty else {
            print("LottieJSONReaderTests.corpusReadsAsFoundationReadsIt: skipped (set STARDUST_LOTTIE to the Lottie samples' folder)")
            return
        }
        let files = (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".json") }
        var compared = 0
        for f in files.sorted() {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: (folder as NSString).appendingPathComponent(f))))
            guard let theirs = try? JSONSerialization.jsonObject(with: Data(bytes)) else { continue }
            #expect(Self.same(try LottieJSONReader.tree(bytes), theirs), "\(f)")
            compared += 1
        }
        #expect(compared > 100)
    }

    @Test func numbersAreTheNearestDouble() throws {
        let cases: [(String, Double)] = [
            ("0", 0), ("-0", 0), ("7", 7), ("-12", -12), ("0.1", 0.1), ("-0.833", -0.833), ("1e-7", 1e-7),
            ("2.5E+3", 2500), 
            ("1.7976931348623157e308", 1.7976931348623157e308), ("4.9e-324", 4.9e-324), ("9007199254740993", 9007199254740992),
            ("1e23", 1e23), ("-0.0", -0.0), ("1E5", 100000), ("-123456789012345678", -123456789012345678),
            ("18446744073709551615", 18446744073709551615.0),
        ]
        for (text, value) in cases {
            guard case .number(let d) = try LottieJSONReader.tree(Array("[\(text)]".utf8)).arrayFirst else {
                Issue.record("\(text) did not read as a number"); continue
            }
            #expect(d == value && d.sign == value.sign, "\(text) read as \(d)")
            let theirs = try #require(try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [NSNumber])
            #expect(theirs[0].doubleValue == d, "\(text): Foundation reads \(theirs[0].doubleValue)")
        }
        // Long texts: JSONSerialization read more than 17 characters (before a lowercase `e`) through `Decimal`, which
        // is not always the nearest Double; ours gives the same value, so that frames stay what they were.
        for text in ["1234567.891011121314", "0.30000000000000004", "123456789012345678901", "-0.16666666666666666", "0.333333333333333314829616256247", "12345678901234567890123",
                     "-1234567890123456789", "1.2345678901234567e-5", "1.2345678901234567E-5", "0.10000000000000000555e1"] {
            let theirs = try #require(try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [NSNumber])
            #expect(try LottieJSONReader.tree(Array("[\(text)]".utf8)) == .array([.number(theirs[0].doubleValue)]), "\(text)")
        }
        // Beyond Double's range: infinite, for the parser to refuse with its path.
        #expect(try LottieJSONReader.tree(Array("1e400".utf8)) == .number(.infinity))
    }

    /// A random numeral: mostly valid JSON numbers of every form the reader's paths take (integers up to 21 digits,
    /// fractions up to 20 digits, exponents of either case and sign, texts longer than 17 characters), and some
    /// invalid ones (leading zeros, no digits, a bare point or exponent).
    static func numeral(_ rng: inout SeededGenerator) -> String {
        func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) }) }
        var s = Bool.random(using: &rng) ? "-" : ""
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: s += "0"
        case 1: s += digits(Int.random(in: 0...3, using: &rng))
        default: s += String(Int.random(in: 1...9, using: &rng)) + digits(Int.random(in: 0...20, using: &rng))
        }
        if Int.random(in: 0..<3, using: &rng) > 0 { s += "." + digits(Int.random(in: 0...20, using: &rng)) }
        if Int.random(in: 0..<4, using: &rng) == 0 {
            s += ["e", "E"].randomElement(using: &rng)! + ["", "+", "-"].randomElement(using: &rng)! + digits(Int.random(in: 0...3, using: &rng))
        }
        return s
    }

    @Test("random numerals read as Foundation reads them, bit for bit, and are refused where it refuses them")
    func randomNumeralsAgreeWithFoundation() throws {
        var rng = SeededGenerator(seed: 0x21_0A)
        var compared = 0
        let edges = ["0", "-0", "-0.0", "1e22", "1e23", "1e-22", "1e-23", "123456789012345", "1234567890123456", "0.000000000000001",
                     "9007199254740993", "9999999999999999999", "-999999999999999999", "18446744073709551615", "18446744073709551616",
                     "-9223372036854775808", "-9223372036854775809", "99999999999999999999", "4.9e-324", "2.2250738585072014e-308",
                     "1.7976931348623157e308", "0.16666666666666666", "0.8333333333333334", "1e+5", "1e-05", "0.12345678901234567e12"]
        for text in edges + (0..<20_000).map({ _ in Self.numeral(&rng) }) {
            let json = Data("[\(text)]".utf8)
            let theirs = (try? JSONSerialization.jsonObject(with: json) as? [NSNumber])?.first
            let ours = try? LottieJSONReader.tree(Array(json))
            guard !text.isEmpty else { continue }  // `[]`, an empty array
            guard let theirs else {
                // Beyond Double's range the reader gives an infinity (for the parser to refuse with its path) where
                // Foundation refuses the text; anything else Foundation refuses, the reader refuses too.
                if case .number(let d)? = ours?.arrayFirst, d.isInfinite { continue }
                #expect(ours == nil, "\(text) accepted, Foundation refuses it"); continue
            }
            guard case .number(let d)? = ours?.arrayFirst else { Issue.record("\(text) refused, Foundation reads it"); continue }
            // Zeros by value (Foundation's sign of a zero is not what the reader keeps for `-0.0`), the rest by bits.
            #expect(d == 0 ? theirs.doubleValue == 0 : d.bitPattern == theirs.doubleValue.bitPattern, "\(text): \(d) against \(theirs.doubleValue)")
            compared += 1
        }
        #expect(compared > 10_000)
        // The byte each malformed number is refused at.
        for (text, message) in [("-", "a number without digits at byte 1"), ("[-x]", "a number without digits at byte 2"),
                                ("[01]", "a number with a leading zero at byte 1"), ("[-01]", "a number with a leading zero at byte 2"),
                                ("[1.]", "a number without digits after its point at byte 3"),
                                ("[1.5e]", "a number without digits in its exponent at byte 5"),
                                ("[1E+]", "a number without digits in its exponent at byte 4")] {
            #expect(throws: LottieError(path: "$", "not valid JSON (\(message))")) { try LottieJSONReader.tree(Array(text.utf8)) }
        }
    }

    @Test func stringsDecodeEscapesAndSurrogates() throws {
        let text = #"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u20AC", "\ud83d\ude00", "é€😀"]"#
        let v = try LottieJSONReader.tree(Array(text.utf8))
        #expect(v == .array([.string("a\"b\\c/d\u{8}\u{c}\n\r\t"), .string("é€"), .string("😀"), .string("é€😀")]))
    }

    /// All-ASCII strings take the reader's fast path (`String(decoding:as:)`), others are validated: both give the
    /// string `String(validating:as:)` gives, and bytes that are not UTF-8 after an ASCII start are still refused.
    @Test func asciiAndOtherStringsReadAsValidated() throws {
        let ascii = (0x20...0x7F).map { UInt8($0) }.filter { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        let pieces: [[UInt8]] = [ascii, [], Array("layers".utf8), Array("Ébauche – 层 😀 x".utf8), Array("ab".utf8) + [0xC3, 0xA9] + Array("cd".utf8)]
        for piece in pieces {
            let v = try LottieJSONReader.tree([0x22] + piece + [0x22])
            let expected = try #require(String(validating: piece, as: UTF8.self))
            #expect(v == .string(expected))
            if case .string(let s) = v { #expect(Array(s.utf8) == piece) }
        }
        for bad: [UInt8] in [[0x61, 0x62, 0xC3, 0x28], [0x61, 0xFF], [0x61, 0x80, 0x62], [0xED, 0xA0, 0x80]] {
            #expect(throws: LottieError.self) { try LottieJSONReader.tree([0x22] + bad + [0x22]) }
        }
    }

    /// Containers are gathered on the reader's two stacks and moved off when they close: nested and sibling
    /// containers, empty ones and more items than the stacks start with keep their items and order; a text cut
    /// short with containers open is refused (and what was on the stacks released).
    @Test func nestedContainersKeepTheirItems() throws {
        let v = try LottieJSONReader.tree(Array(#"[[1, 2, [3]], {"a": [4, {"b": "x", "c": []}], "d": {}}, [], [5,]]"#.utf8))
        #expect(v == .array([
            .array([.number(1), .number(2), .array([.number(3)])]),
            .object([LottieJSONMember(key: "a", value: .array([.number(4), .object([LottieJSONMember(key: "b", value: .string("x")),
                                                                                    LottieJSONMember(key: "c", value: .array([]))])])),
                     LottieJSONMember(key: "d", value: .object([]))]),
            .array([]),
            .array([.number(5)]),
        ]))
        let many = (0..<1000).map { "[\($0), {\"k\($0)\": \($0)}]" }.joined(separator: ",")
        guard case .array(let items) = try LottieJSONReader.tree(Array("[\(many)]".utf8)) else { Issue.record("not an array"); return }
        #expect(items.count == 1000)
        for (i, item) in items.enumerated() {
            #expect(item == .array([.number(Double(i)), .object([LottieJSONMember(key: "k\(i)", value: .number(Double(i)))])]))
        }
        for cut in [#"[1, [2, {"a": "x""#, #"{"a": [1, 2, {"b": [3"#, #"[{"a": 1}, {"b": 2}, {"c""#] {
            #expect(throws: LottieError.self) { try LottieJSONReader.tree(Array(cut.utf8)) }
        }
    }

    @Test func malformedTextIsRefusedWithItsOffset() {
        let bad = ["", "[", "{\"a\" 1}", "[,]", "{,}", "[1,,]", "01", "1.", "1e", "-", "[1 2]", "tru", "nul", "\"abc",
                   "\"\\x\"", "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"", "\"a\u{01}b\"", "{1:2}", "[1] x", "+1", ".5", "NaN"]
        for text in bad {
            do {
                _ = try LottieJSONReader.tree(Array(text.utf8))
                Issue.record("accepted \(text.debugDescription)")
            } catch let e as LottieError {
                #expect(e.path == "$" && e.message.hasPrefix("not valid JSON") && e.message.contains("at byte"), "\(e)")
            } catch {
                Issue.record("\(error)")
            }
            // Foundation refuses each too.
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) == nil, "\(text.debugDescription)")
        }
        // Bytes that are not UTF-8 inside a string.
        #expect(throws: LottieError.self) { try LottieJSONReader.tree([0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test func deepNestingIsRefusedNotOverflowed() throws {
        let depth = 100_000
        let text = Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
        #expect(throws: LottieError.self) { try LottieJSONReader.tree(text) }
        let ok = Array(repeating: UInt8(ascii: "["), count: LottieJSONReader.maxDepth) + Array(repeating: UInt8(ascii: "]"), count: LottieJSONReader.maxDepth)
        _ = try LottieJSONReader.tree(ok)
        let objects = Array(String(repeating: "{\"a\":", count: depth).utf8)
        #expect(throws: LottieError.self) { try LottieJSONReader.tree(objects) }
    }

    /// A comma before the closing bracket or brace: JSONSerialization accepted it, so files that opened still open.
    @Test func trailingCommasAreAcceptedAsBefore() throws {
        #expect(try LottieJSONReader.tree(Array("[1,]".utf8)) == .array([.number(1)]))
        #expect(try LottieJSONReader.tree(Array(#"{"a": 1 , }"#.utf8))["a"] == .number(1))
        #expect(try JSONSerialization.jsonObject(with: Data("[1,]".utf8)) as? [Int] == [1])
    }

    @Test func duplicateKeysReadAsTheLast() throws {
        let v = try LottieJSONReader.tree(Array(#"{"k": 1, "k": 2}"#.utf8))
        #expect(v["k"] == .number(2))
    }

    /// Seeded mutations: whenever both accept, the values agree; ours never crashes. (Foundation accepts a few
    /// texts we refuse — e.g. a lone surrogate — and that is the only disagreement allowed.)
    @Test func mutationsAgreeWithFoundation() throws {
        let seeds = try LottieFuzzTests.seeds()
        var rng = SeededGenerator(seed: 0x15_0A)
        var bothAccepted = 0
        for _ in 0..<LottieFuzzTests.iterations {
            var input = seeds[Int.random(in: 0..<seeds.count, using: &rng)]
            for _ in 0..<Int.random(in: 1...3, using: &rng) { input = rng.mutate(input) }
            let document = try? LottieJSONReader.read(input)
            let ours = document?.value(at: 0)
            let theirs = try? JSONSerialization.jsonObject(with: Data(input), options: [.fragmentsAllowed])
            // Member lookups (names matched by their words) as a plain scan of the names would give.
            if let document { LottieJSONDocumentTests.expectLookupsAsPlainScan(document, probes: ["ks", "absent", "K"]) }
            // Every node's path as a walk of the tree spells it (the document's speller against the generic path).
            if let document, let ours {
                var walked: [(LottieJSONValue, String)] = []
                LottieJSONDocumentTests.walk(ours, into: &walked)
                #expect(walked.count == document.nodes.count)
                for (i, w) in walked.enumerated().reversed() where document.path(of: i) != w.1 {
                    Issue.record("path of node \(i): \(document.path(of: i)) against \(w.1)"); break
                }
            }
            // Every array's points, read straight from the nodes, as a plain scan of its tree reads them.
            if let document, let ours {
                var walked: [(LottieJSONValue, String)] = []
                LottieJSONDocumentTests.walk(ours, into: &walked)
                for (i, w) in walked.enumerated() where document.nodes[i].kind == .array {
                    let direct = document.points(ofArray: i).map { $0.map { [$0.x.bitPattern, $0.y.bitPattern] } }
                    #expect(direct == LottieBezierPointsTests.plainPoints(w.0), "points of \(w.1)")
                }
            }
            if let ours, let theirs {
                bothAccepted += 1
                #expect(Self.same(ours, theirs))
            } else if ours != nil {
                Issue.record("we accepted text Foundation refuses: \(String(decoding: input.prefix(200), as: UTF8.self))")
            }
        }
        #expect(bothAccepted > 0)
    }
}

extension LottieJSONValue {
    fileprivate var arrayFirst: LottieJSONValue? { if case .array(let a) = self { return a.first } else { return nil } }
}

extension LottieJSONReader {
    /// The text's document as a tree, to compare with other decoders' values.
    static func tree(_ bytes: [UInt8]) throws -> LottieJSONValue { try read(bytes).value(at: 0) }
}
