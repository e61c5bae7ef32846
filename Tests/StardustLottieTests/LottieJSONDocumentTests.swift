import Foundation
import StardustCore
@testable import StardustLottie
import Testing

/// The flat JSON document (``LottieJSONDocument``) and its accessor (``LottieJSON``) against the tree they
/// replaced: the reader writes the nodes a tree gives, every node's path is the one a walk of the tree spells, and
/// every accessor gives what the tree-based accessor gave — value, or error with path and message — on random
/// trees with duplicate keys, nulls, booleans, non-finite numbers and deep nesting.
@Suite("LottieJSONDocumentTests")
struct LottieJSONDocumentTests {
    /// Member names: Lottie's short ones, names sharing a prefix or a length, the empty name, a NUL, the seven- and
    /// eight-byte edge of the packed words, and names equal as `String`s with other bytes (`é` precomposed and
    /// decomposed, KELVIN SIGN and `K`).
    static let keys = ["a", "k", "t", "s", "ty", "nm", "é", "e\u{301}", "q\"", "long key with spaces", "", "ks", "kt", "ksa",
                       "a\u{0}", "\u{0}", "abcdefg", "abcdefh", "abcdefgh", "K", "\u{212A}", "Ks", "\u{212A}s"]

    /// A random tree `depth` levels deep at most; objects draw keys from a small set, so keys repeat.
    static func tree(_ rng: inout SplitMix64, depth: Int, finite: Bool) -> LottieJSONValue {
        let choice = Int.random(in: 0..<(depth > 0 ? 9 : 6), using: &rng)
        switch choice {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .string(keys.randomElement(using: &rng)! + "\n\u{1}")
        case 3 where !finite: return .number([Double.infinity, -.infinity, .nan].randomElement(using: &rng)!)
        case 3, 4, 5: return .number(Double(Int.random(in: -4000...4000, using: &rng)) / 8 + (Bool.random(using: &rng) ? 0 : 0.5))
        case 6, 7:
            return .array((0..<Int.random(in: 0...5, using: &rng)).map { _ in tree(&rng, depth: depth - 1, finite: finite) })
        default:
            return .object((0..<Int.random(in: 0...5, using: &rng)).map { _ in
                LottieJSONMember(key: keys.randomElement(using: &rng)!, value: tree(&rng, depth: depth - 1, finite: finite))
            })
        }
    }

    /// JSON text of a tree whose numbers are finite (written as Swift prints them, which reads back exactly).
    static func text(_ v: LottieJSONValue) -> String {
        func quoted(_ s: String) -> String {
            var out = "\""
            for u in s.unicodeScalars {
                switch u {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
                default: out.unicodeScalars.append(u)
                }
            }
            return out + "\""
        }
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let d): return "\(d)"
        case .string(let s): return quoted(s)
        case .array(let a): return "[" + a.map(text).joined(separator: ",") + "]"
        case .object(let m): return "{" + m.map { quoted($0.key) + ": " + text($0.value) }.joined(separator: ", ") + "}"
        }
    }

    /// Every value of a tree in text order, with its path spelled by walking the tree.
    static func walk(_ v: LottieJSONValue, _ path: String = "$", into out: inout [(LottieJSONValue, String)]) {
        out.append((v, path))
        switch v {
        case .array(let a): for (i, e) in a.enumerated() { walk(e, "\(path)[\(i)]", into: &out) }
        case .object(let m): for e in m { walk(e.value, "\(path).\(e.key)", into: &out) }
        default: break
        }
    }

    @Test("the reader writes the nodes and strings the builder writes for the same tree")
    func readerMatchesBuilder() throws {
        var rng = SplitMix64(seed: 19)
        for _ in 0..<400 {
            let t = Self.tree(&rng, depth: 5, finite: true)
            let read = try LottieJSONReader.read(Array(Self.text(t).utf8))
            let built = LottieJSONDocument(t)
            #expect(read.nodes.map(\.payload) == built.nodes.map(\.payload))
            #expect(read.nodes.map(\.parent) == built.nodes.map(\.parent))
            #expect(read.nodes.map(\.tag) == built.nodes.map(\.tag))
            #expect(read.strings == built.strings)
            #expect(read.keys == built.keys)
            #expect(read.keyWords == built.keyWords)
            #expect(read.value(at: 0) == t)
        }
    }

    @Test("every node's path is the one a walk of the tree spells, in any order of asking")
    func paths() {
        var rng = SplitMix64(seed: 1919)
        for _ in 0..<300 {
            let t = Self.tree(&rng, depth: 6, finite: true)
            var expected: [(LottieJSONValue, String)] = []
            Self.walk(t, into: &expected)
            let document = LottieJSONDocument(t)
            #expect(document.nodes.count == expected.count)
            for i in (0..<expected.count).shuffled(using: &rng) {
                #expect(document.path(of: i) == expected[i].1)
                #expect(document.value(at: i) == expected[i].0)
            }
            for i in 0..<expected.count { #expect(document.path(of: i) == expected[i].1) }
        }
    }

    @Test("paths with multi-digit indices and long or non-ASCII names are spelled as a walk of the tree spells them")
    func pathsOfWideArraysAndOddNames() {
        // The speller writes indices as decimal digits and names as their UTF-8 bytes; random trees above have at
        // most five elements an array, so wide arrays (indices 0…130) nested in objects with every name here.
        var rng = SplitMix64(seed: 2121)
        for _ in 0..<60 {
            func wide(_ depth: Int) -> LottieJSONValue {
                guard depth > 0 else { return Self.tree(&rng, depth: 1, finite: true) }
                if Bool.random(using: &rng) {
                    return .array((0..<Int.random(in: 0...130, using: &rng)).map { _ in
                        Int.random(in: 0..<4, using: &rng) == 0 ? wide(depth - 1) : .number(1)
                    })
                }
                return .object((0..<Int.random(in: 1...6, using: &rng)).map { _ in
                    LottieJSONMember(key: Self.keys.randomElement(using: &rng)!, value: wide(depth - 1))
                })
            }
            let t = wide(4)
            var expected: [(LottieJSONValue, String)] = []
            Self.walk(t, into: &expected)
            let document = LottieJSONDocument(t)
            // Text order (the parser's), then at random, then backwards.
            for i in 0..<expected.count { #expect(document.path(of: i) == expected[i].1) }
            for i in (0..<expected.count).shuffled(using: &rng) { #expect(document.path(of: i) == expected[i].1) }
            for i in (0..<expected.count).reversed() { #expect(document.path(of: i) == expected[i].1) }
        }
    }

    /// The accessor as it was written over the tree (before the flat document): the reference.
    struct Reference {
        let value: LottieJSONValue
        let path: String
        func fail(_ m: String) -> LottieError { LottieError(path: path, m) }
        var kind: String {
            switch value {
            case .string: return "a string"
            case .array: return "an array"
            case .object: return "an object"
            case .number, .bool: return "a number"
            case .null: return "null"
            }
        }
        subscript(_ key: String) -> Reference? {
            guard let v = value[key], v != .null else { return nil }
            return Reference(value: v, path: "\(path).\(key)")
        }
        func elements() throws -> [Reference] {
            guard case .array(let a) = value else { throw fail("expected an array, found \(kind)") }
            return a.enumerated().map { Reference(value: $0.element, path: "\(path)[\($0.offset)]") }
        }
        func number() throws -> Double {
            let d: Double
            switch value {
            case .number(let n): d = n
            case .bool(let b): d = b ? 1 : 0
            default: throw fail("expected a number, found \(kind)")
            }
            guard d.isFinite else { throw fail("expected a finite number") }
            return d
        }
        func string() throws -> String {
            guard case .string(let s) = value else { throw fail("expected a string, found \(kind)") }
            return s
        }
        func scalar() throws -> Double {
            if case .array(let a) = value {
                guard let first = a.first else { throw fail("expected a number, found an empty array") }
                return try Reference(value: first, path: "\(path)[0]").number()
            }
            return try number()
        }
        func numbers() throws -> [Double] {
            if case .array = value { return try elements().map { try $0.number() } }
            return [try number()]
        }
        func flag() throws -> Bool {
            switch value {
            case .bool(let b): return b
            case .number(let n): return n != 0
            default: throw fail("expected true, false, 0 or 1, found \(kind)")
            }
        }
    }

    /// A result or error as comparable text (numbers by their bits).
    static func outcome<T>(_ f: () throws -> T) -> String {
        do {
            let v = try f()
            if let d = v as? Double { return "ok \(d.bitPattern)" }
            if let a = v as? [Double] { return "ok \(a.map(\.bitPattern))" }
            return "ok \(v)"
        } catch let e as LottieError { return "error \(e.path): \(e.message)" } catch { return "other \(error)" }
    }

    @Test("every accessor gives the tree accessor's value or error, path and message")
    func accessorsMatchTheTree() {
        var rng = SplitMix64(seed: 191_919)
        for _ in 0..<300 {
            let t = Self.tree(&rng, depth: 5, finite: Bool.random(using: &rng))
            var all: [(LottieJSONValue, String)] = []
            Self.walk(t, into: &all)
            let document = LottieJSONDocument(t)
            for (i, (v, p)) in all.enumerated() {
                let ours = LottieJSON(document, i), ref = Reference(value: v, path: p)
                #expect(ours.path == p)
                #expect(ours.kind == ref.kind)
                // Compared as text: a NaN is not equal to itself.
                #expect("\(ours.value)" == "\(v)")
                #expect(Self.outcome(ours.number) == Self.outcome(ref.number))
                #expect(Self.outcome(ours.string) == Self.outcome(ref.string))
                #expect(Self.outcome(ours.scalar) == Self.outcome(ref.scalar))
                #expect(Self.outcome(ours.numbers) == Self.outcome(ref.numbers))
                #expect(Self.outcome(ours.flag) == Self.outcome(ref.flag))
                #expect(Self.outcome { try ours.elements().map(\.path) } == Self.outcome { try ref.elements().map(\.path) })
                if case .array(let a) = v { #expect(ours.count == a.count && "\(String(describing: ours.first?.value))" == "\(String(describing: a.first))") } else { #expect(ours.first == nil) }
                if case .object(let m) = v { #expect(ours.keys == m.map(\.key)) } else { #expect(ours.keys.isEmpty) }
                for key in Self.keys + ["absent"] {
                    let name = LottieJSONName(key)
                    let mine = ours[name], theirs = ref[key]
                    #expect(mine?.path == theirs?.path)
                    #expect("\(String(describing: mine?.value))" == "\(String(describing: theirs?.value))")
                    #expect(ours.hasMember(name) == (v[key] != nil))
                    #expect(Self.outcome { try ours.number(name, default: 7) } == Self.outcome { try ref[key]?.number() ?? 7 })
                    #expect(Self.outcome { try ours.requiredNumber(name) } == Self.outcome {
                        guard let r = ref[key] else { throw ref.fail("missing \"\(key)\"") }
                        return try r.number()
                    })
                }
            }
        }
    }

    /// The lookup's plain reference: every member's name compared as a `String`, the last match kept.
    static func plainMember(_ d: LottieJSONDocument, _ name: String, of index: Int) -> Int {
        var found = -1
        for c in LottieJSONChildren(document: d, container: index) where d.keys[d.nodes[c].slot] == name { found = c }
        return found
    }

    /// Every object of `d` looked up by each of its own names and by `probes`, against ``plainMember(_:_:of:)``.
    static func expectLookupsAsPlainScan(_ d: LottieJSONDocument, probes: [String]) {
        for i in d.nodes.indices where d.nodes[i].kind == .object {
            let own = LottieJSONChildren(document: d, container: i).map { d.keys[d.nodes[$0].slot] }
            for name in own + probes {
                let expected = plainMember(d, name, of: i)
                #expect(d.member(name, of: i) == expected, "\(d.path(of: i)) \(name.unicodeScalars.map(\.value))")
                #expect(LottieJSON(d, i).hasMember(LottieJSONName(name)) == (expected >= 0))
                #expect(LottieJSON(d, i)[LottieJSONName(name)]?.index == (expected >= 0 && d.nodes[expected].kind != .null ? expected : nil))
            }
        }
    }

    @Test("two names' words decide equality exactly as String does, or leave it to the strings")
    func keyWords() {
        // Short names from an alphabet of ASCII, a NUL, precomposed and combining accents, KELVIN SIGN and `K`.
        let alphabet = ["a", "b", "K", "\u{0}", "e", "é", "\u{301}", "\u{212A}", "~"]
        var rng = SplitMix64(seed: 2020)
        var names = Self.keys
        for _ in 0..<600 { names.append((0..<Int.random(in: 0...9, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()) }
        for a in names {
            let wa = LottieJSONKey(a)
            #expect(wa == Array(a.utf8).withUnsafeBufferPointer { LottieJSONKey($0) })
            for b in names {
                let wb = LottieJSONKey(b)
                if wa == wb && wa.word & LottieJSONKey.unpackedBit == 0 {
                    #expect(a == b, "\(a.unicodeScalars.map(\.value)) \(b.unicodeScalars.map(\.value))")
                } else if !wa.needsStrings(wb) {
                    #expect(a != b, "\(a.unicodeScalars.map(\.value)) \(b.unicodeScalars.map(\.value))")
                }
            }
        }
    }

    @Test("member lookup gives what a plain scan of the names gives, on objects with repeated, null and look-alike names")
    func lookupMatchesAPlainScan() throws {
        var rng = SplitMix64(seed: 2021)
        for round in 0..<300 {
            // Objects of up to 24 members, so that names repeat within one object.
            let members = (0..<Int.random(in: 0...24, using: &rng)).map { _ in
                LottieJSONMember(key: Self.keys.randomElement(using: &rng)!, value: Bool.random(using: &rng) ? .null : Self.tree(&rng, depth: 2, finite: true))
            }
            let t = LottieJSONValue.object(members)
            let read = try LottieJSONReader.read(Array(Self.text(t).utf8))
            Self.expectLookupsAsPlainScan(read, probes: Self.keys + ["absent", "abcdefgi", "k\u{0}"])
            if round % 10 == 0 { Self.expectLookupsAsPlainScan(LottieJSONDocument(t), probes: Self.keys) }
        }
    }

    @Test("in a document whose names are all ASCII, lookup by key index gives what a plain scan gives; one name that is not ASCII turns it off")
    func keyIndexLookupMatchesAPlainScan() throws {
        var rng = SplitMix64(seed: 2028)
        let ascii = Self.keys.filter { $0.utf8.allSatisfy { $0 < 0x80 } }
        let other = Self.keys.filter { !$0.utf8.allSatisfy { $0 < 0x80 } }
        #expect(ascii.count > 10 && other.count >= 4)
        for round in 0..<300 {
            // Objects nested two deep, names repeating, from the ASCII names only, or with one name that is not.
            func object(_ depth: Int) -> LottieJSONValue {
                .object((0..<Int.random(in: 0...12, using: &rng)).map { _ in
                    let key = round % 3 == 0 && Int.random(in: 0..<8, using: &rng) == 0 ? other.randomElement(using: &rng)! : ascii.randomElement(using: &rng)!
                    let value: LottieJSONValue = depth > 0 && Bool.random(using: &rng) ? object(depth - 1) : (Bool.random(using: &rng) ? .null : .number(1))
                    return LottieJSONMember(key: key, value: value)
                })
            }
            let t = object(2)
            let read = try LottieJSONReader.read(Array(Self.text(t).utf8))
            let names = read.keys
            #expect(read.hasOtherKeys == names.contains { !$0.utf8.allSatisfy { $0 < 0x80 } })
            #expect(LottieJSONDocument(t).hasOtherKeys == read.hasOtherKeys)
            // Probes that no member has (some packed, some not) and the look-alikes of the names that are not ASCII.
            Self.expectLookupsAsPlainScan(read, probes: Self.keys + ["absent", "abcdefgi", "k\u{0}", "zz"])
        }
    }

    @Test("a literal name's word is the word of the same text as a String, and it spells the same text")
    func literalNamesPackAsStrings() {
        // Literals of every kind the words tell apart: empty, one to seven ASCII bytes, eight and more, NUL, not ASCII.
        let literals: [(LottieJSONName, String)] = [
            ("", ""), ("k", "k"), ("ks", "ks"), ("layers", "layers"), ("hasMask", "hasMask"), ("abcdefgh", "abcdefgh"),
            ("masksProperties", "masksProperties"), ("a\u{0}", "a\u{0}"), ("é", "é"), ("e\u{301}", "e\u{301}"),
            ("\u{212A}", "\u{212A}"), ("K", "K"), ("q\"", "q\""),
        ]
        for (literal, text) in literals {
            #expect(literal.key == LottieJSONKey(text), "\(text.unicodeScalars.map(\.value))")
            #expect(literal.key == LottieJSONName(text).key)
            #expect(literal.description == text && LottieJSONName(text).description == text)
        }
    }

    @Test("a key given twice reads as its last value, null included")
    func duplicateKeys() throws {
        func doc(_ s: String) throws -> LottieJSON { LottieJSON(try LottieJSONReader.read(Array(s.utf8))) }
        #expect(try doc(#"{"k": 1, "k": 2}"#)["k"]?.number() == 2)
        #expect(try doc(#"{"k": 1, "k": 2}"#)["k"]?.path == "$.k")
        #expect(try doc(#"{"k": 1, "k": null}"#)["k"] == nil)
        #expect(try doc(#"{"k": 1, "k": null}"#).hasMember("k"))
        #expect(try doc(#"{"k": null, "k": [3, 4]}"#)["k"]?.numbers() == [3, 4])
        #expect(try doc(#"{"k": {"a": 1}, "x": 0, "k": {"a": 2}}"#)["k"]?["a"]?.number() == 2)
        #expect(try doc(#"{"k": 1, "x": 0, "k": 2}"#).keys == ["k", "x", "k"])
    }

    @Test("nesting at the reader's limit reads with its paths; one level more is refused at $")
    func deepNesting() throws {
        let n = LottieJSONReader.maxDepth
        let ok = try LottieJSONReader.read(Array((String(repeating: "[", count: n) + "7" + String(repeating: "]", count: n)).utf8))
        #expect(ok.nodes.count == n + 1)
        #expect(ok.path(of: n) == "$" + String(repeating: "[0]", count: n))
        #expect(try LottieJSON(ok, n).number() == 7)
        let objects = String(repeating: #"{"a":"#, count: n) + "true" + String(repeating: "}", count: n)
        let deep = try LottieJSONReader.read(Array(objects.utf8))
        #expect(deep.path(of: n) == "$" + String(repeating: ".a", count: n))
        for text in [String(repeating: "[", count: n + 1) + String(repeating: "]", count: n + 1),
                     String(repeating: #"{"a":"#, count: n + 1) + "1" + String(repeating: "}", count: n + 1)] {
            #expect(throws: LottieError.self) { try LottieJSONReader.read(Array(text.utf8)) }
            do { _ = try LottieJSONReader.read(Array(text.utf8)) } catch let e as LottieError {
                #expect(e.path == "$")
                #expect(e.message.contains("nested deeper than \(n) levels"))
            }
        }
    }

    /// Errors of the Lottie parser deep in a document name the full path, as they did over the tree.
    @Test("parser errors name their JSON paths")
    func parserErrorPaths() {
        func layer(_ ks: String) -> String {
            #"{"v": "5.5.2", "fr": 30, "ip": 0, "op": 10, "w": 100, "h": 100, "layers": [{"ty": 3, "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {}}, {"ty": 4, "ind": 2, "ip": 0, "op": 10, "st": 0, "ks": "#
                + ks + #", "shapes": []}]}"#
        }
        let cases: [(String, String)] = [
            (layer(#"{"o": {"a": 1, "k": [{"t": 0, "s": [1]}, {"t": "x", "s": [2]}]}}"#), "$.layers[1].ks.o.k[1].t"),
            (layer(#"{"o": {"a": 1, "k": [{"t": 0, "s": [1]}, {"t": 5, "s": ["q"]}]}}"#), "$.layers[1].ks.o.k[1].s[0]"),
            (layer(#"{"p": {"a": 0, "k": [1, null, 3]}}"#), "$.layers[1].ks.p.k[1]"),
            (layer(#"{"o": {"a": 0}}"#), "$.layers[1].ks.o"),
            (layer(#"{"r": {"a": 0, "k": []}}"#), "$.layers[1].ks.r.k"),
        ]
        for (text, path) in cases {
            do {
                _ = try LottieParser.parse(Array(text.utf8))
                Issue.record("accepted \(text)")
            } catch let e as LottieError { #expect(e.path == path, "\(e)") } catch { Issue.record("\(error)") }
        }
    }
}
