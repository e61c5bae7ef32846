import Foundation
import StardustCore
@testable import StardustLottie
import StardustTestSupport
import Testing

/// The reader's short-number path (``LottieJSONReader``'s `number()`, docs/LOTTIE.md, "JSON reading") against two
/// independent truths: the standard library's `Double(String)` (strtod's nearest double) for every text the path
/// takes, and a copy of the reader's general algorithm as it was before the path (kept here as the reference) for
/// every text, bit for bit, with the same error message and byte offset for malformed ones.
@Suite("LottieJSONNumberPathTests")
struct LottieJSONNumberPathTests {
    /// The reader's number algorithm before the short path, copied: the value JSONSerialization gave (integers as
    /// integers, texts of more than 17 characters through `Decimal`, the rest the nearest `Double`), or the error
    /// message and the byte offset it names. `text` is the number alone; `base` is its offset in the document.
    static func reference(_ text: [UInt8], base: Int) -> Result<UInt64, ReferenceError> {
        func fail(_ m: String, _ at: Int) -> Result<UInt64, ReferenceError> { .failure(ReferenceError(message: m, offset: base + at)) }
        let end = text.count
        var i = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { i += 1 }
        var mantissa: UInt64 = 0
        let intStart = i
        while i < end, text[i] &- 48 < 10 { mantissa = mantissa &* 10 &+ UInt64(text[i] - 48); i += 1 }
        let intDigits = i - intStart
        guard intDigits > 0 else { return fail("a number without digits", i) }
        guard intDigits == 1 || text[intStart] != UInt8(ascii: "0") else { return fail("a number with a leading zero", intStart) }
        var count = intDigits, power = 0, integral = true
        if i < end, text[i] == UInt8(ascii: ".") {
            i += 1
            let s = i
            while i < end, text[i] &- 48 < 10 { mantissa = mantissa &* 10 &+ UInt64(text[i] - 48); i += 1 }
            guard i > s else { return fail("a number without digits after its point", i) }
            count += i - s
            power = s - i
            integral = false
        }
        var lowercaseE = -1
        if i < end, text[i] | 0x20 == UInt8(ascii: "e") {
            if text[i] == UInt8(ascii: "e") { lowercaseE = i }
            i += 1
            var minus = false
            if i < end, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { minus = text[i] == UInt8(ascii: "-"); i += 1 }
            let s = i
            var e = 0
            while i < end, text[i] &- 48 < 10 { e = min(e * 10 + Int(text[i] - 48), 100_000); i += 1 }
            guard i > s else { return fail("a number without digits in its exponent", i) }
            power += minus ? -e : e
            integral = false
        }
        let length = (lowercaseE >= 0 ? lowercaseE : i)
        if integral && length <= (negative ? 19 : 20) {
            if let v = UInt64(String(decoding: text[intStart..<i], as: UTF8.self)) {
                return .success((negative && v != 0 ? -Double(v) : Double(v)).bitPattern)
            }
        }
        if length > 17 {
            var exponent = 0
            if lowercaseE >= 0 { exponent = Int(String(decoding: text[(lowercaseE + 1)..<i], as: UTF8.self)) ?? 0 }
            if exponent >= -128 && exponent <= 127 {
                if let decimal = Decimal(string: String(decoding: text[..<i], as: UTF8.self)), decimal.isFinite {
                    return .success(NSDecimalNumber(decimal: decimal).doubleValue.bitPattern)
                }
            }
        } else if count <= 15 && power >= -22 && power <= 22 {
            var t = 1.0
            for _ in 0..<abs(power) { t *= 10 }
            let m = Double(mantissa)
            let v = power < 0 ? m / t : m * t
            return .success((negative ? -v : v).bitPattern)
        }
        guard let d = Double(String(decoding: text[..<i], as: UTF8.self)) else { return fail("a number that cannot be read", 0) }
        return .success(d.bitPattern)
    }

    struct ReferenceError: Error, Equatable { let message: String; let offset: Int }

    /// Whether the short path takes `text`: an integer or a decimal without exponent, at most 15 digits, no
    /// leading zero.
    static func isShort(_ text: String) -> Bool {
        let body = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return false }
        guard parts[0].count == 1 || parts[0].first != "0" else { return false }
        return parts.reduce(0) { $0 + $1.count } <= 15
    }

    /// A random short numeral: an integer or a decimal of 1…15 digits split anywhere, signed or not, with zeros
    /// weighted in (leading `0.`, trailing zeros, `-0`, `0.000…1`).
    static func shortNumeral(_ g: inout SplitMix64) -> String {
        let total = Int.random(in: 1...15, using: &g)
        let intDigits = Int.random(in: 1...total, using: &g)
        var s = Bool.random(using: &g) ? "-" : ""
        if intDigits == 1 || Int.random(in: 0..<4, using: &g) == 0 {
            s += Int.random(in: 0..<3, using: &g) == 0 ? "0" : String(Int.random(in: 0...9, using: &g))
        } else {
            s += String(Int.random(in: 1...9, using: &g))
            for _ in 1..<intDigits { s += String(Int.random(in: 0...9, using: &g)) }
        }
        let used = s.filter(\.isNumber).count
        if used < total, Int.random(in: 0..<5, using: &g) > 0 {
            s += "."
            for k in 0..<(total - used) {
                // Runs of zeros and nines make the quotients that round at a tie's edge.
                switch Int.random(in: 0..<6, using: &g) {
                case 0: s += "0"
                case 1: s += "9"
                default: s += String(k == total - used - 1 ? Int.random(in: 1...9, using: &g) : Int.random(in: 0...9, using: &g))
                }
            }
        }
        return s
    }

    /// A numeral of the other forms and edges: 16–25 digits, exponents of every size and case, denormals and the
    /// extremes, halfway cases near 2⁵³, leading zeros and malformed ones.
    static func otherNumeral(_ g: inout SplitMix64) -> String {
        func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(String(Int.random(in: 0...9, using: &g))) }) }
        let sign = Bool.random(using: &g) ? "-" : ""
        switch Int.random(in: 0..<12, using: &g) {
        case 0: return sign + String(Int.random(in: 1...9, using: &g)) + digits(Int.random(in: 15...24, using: &g))
        case 1: return sign + String(Int.random(in: 1...9, using: &g)) + "." + digits(Int.random(in: 15...24, using: &g))
        case 2: return sign + "0." + digits(Int.random(in: 14...24, using: &g))
        case 3:
            let e = ["e", "E"][Int.random(in: 0...1, using: &g)] + ["", "+", "-"][Int.random(in: 0...2, using: &g)]
            return sign + String(Int.random(in: 0...9, using: &g)) + "." + digits(Int.random(in: 1...18, using: &g)) + e + String(Int.random(in: 0...330, using: &g))
        case 4: return sign + digits(1) + "e-" + String(Int.random(in: 300...330, using: &g))  // denormals and underflow
        case 5:
            // Halfway cases: 2⁵³ + odd, and the halfway decimals between neighbouring doubles.
            let v = (UInt64(1) << 53) + UInt64(Int.random(in: 0...1000, using: &g)) * 2 + 1
            return sign + String(v)
        case 6:
            let d = Double(bitPattern: UInt64.random(in: 0x3C00_0000_0000_0000...0x4400_0000_0000_0000, using: &g))
            let next = d.nextUp
            return sign + "\(Decimal(d) / 2 + Decimal(next) / 2)"
        case 7: return sign + ["0", "00", "01", "0.", ".5", "1.", "1e", "1e+", "-", "1.5E-", "0e0", "0.0e-0", "1E400", "4.9e-324", "2.2250738585072014e-308",
                               "9007199254740993", "18446744073709551615", "18446744073709551616", "9223372036854775807", "9223372036854775808",
                               "0.1234567890123456789e-5", "123456789012345.6", "1234567890123456", "0.000000000000001"][Int.random(in: 0...23, using: &g)]
        case 8: return sign + digits(1) + "." + digits(Int.random(in: 1...14, using: &g)) + "e" + String(Int.random(in: -30...30, using: &g))
        case 9: return sign + String(Int.random(in: 1...9, using: &g)) + digits(Int.random(in: 14...19, using: &g))  // 15–20 digit integers
        case 10: return sign + digits(Int.random(in: 1...3, using: &g)) + "." + digits(Int.random(in: 1...3, using: &g))  // may have a leading zero
        default: return sign + "0" + digits(Int.random(in: 1...3, using: &g))
        }
    }

    /// Reads the numerals as one array and checks each node against the reference (bit for bit) and, for the short
    /// ones, against `Double(String)`; a batch that fails is read one numeral at a time for the error.
    static func check(_ numerals: [String]) throws {
        let text = "[" + numerals.joined(separator: ",") + "]"
        if let doc = try? LottieJSONReader.read(Array(text.utf8)) {
            #expect(doc.nodes.count == numerals.count + 1)
            for (k, s) in numerals.enumerated() {
                let got = doc.nodes[k + 1].payload
                guard case .success(let want) = reference(Array(s.utf8), base: 1) else { Issue.record("\(s) read, the reference refuses it"); continue }
                #expect(got == want, "\(s): \(Double(bitPattern: got)) against \(Double(bitPattern: want))")
                // `-0` as an integer is the integer 0, as JSONSerialization read it; every other short text is strtod's.
                if isShort(s) { #expect(got == (s == "-0" ? 0 : Double(s)!.bitPattern), "\(s) against Double(String)") }
            }
            return
        }
        for s in numerals {
            let bytes = Array("[\(s)]".utf8)
            // A text that does not start like a number is not read as one (`.5`): refused where its first byte is.
            let startsLikeNumber = s.first.map { $0 == "-" || $0.isNumber } ?? false
            let want = startsLikeNumber ? reference(Array(s.utf8), base: 1) : .failure(ReferenceError(message: "unexpected character", offset: 1))
            do {
                let doc = try LottieJSONReader.read(bytes)
                guard case .success(let w) = want else { Issue.record("\(s) read, the reference refuses it"); continue }
                #expect(doc.nodes[1].payload == w, "\(s)")
            } catch let e as LottieError {
                guard case .failure(let r) = want else { Issue.record("\(s) refused (\(e)), the reference reads it"); continue }
                #expect(e.path == "$" && e.message == "not valid JSON (\(r.message) at byte \(r.offset))", "\(s): \(e.message)")
            }
        }
    }

    @Test("two million random short numerals read bit for bit as Double(String) and the general algorithm read them")
    func shortNumeralsMatch() throws {
        var g = SplitMix64(seed: 0x5EED_2929)
        for _ in 0..<200 {
            try Self.check((0..<10_000).map { _ in Self.shortNumeral(&g) })
        }
    }

    @Test("other numerals — long, exponents, denormals, halfway cases, malformed — read as the general algorithm read them")
    func otherNumeralsMatch() throws {
        var g = SplitMix64(seed: 0xADE5_2929)
        for _ in 0..<40 {
            try Self.check((0..<5_000).map { _ in Self.otherNumeral(&g) })
        }
    }

    @Test func shortPathEdges() throws {
        try Self.check(["0", "-0", "0.0", "-0.0", "1", "-1", "999999999999999", "-999999999999999", "99999999999999.9",
                        "0.99999999999999", "0.00000000000001", "-0.000000000000001", "123456789012345", "1234567890123456",
                        "9.007199254740993", "0.1", "0.2", "0.3", "0.833", "0.167", "100", "1.7976931348623157", "4.9"])
        // A number at the end of the text and before each delimiter the grammar allows.
        for text in ["5", "-2.5", " 7 ", "[1,2.5]", "{\"a\":3.25}", "[0.5\n]", "[1\t,2]"] {
            let doc = try LottieJSONReader.read(Array(text.utf8))
            let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
            #expect(LottieJSONReaderTests.same(doc.value(at: 0), theirs), "\(text)")
        }
    }

    @Test("the string scan's word test flags exactly the words holding a quote, a backslash, a control byte or a byte above 0x7F")
    func wordTestMatchesBytes() {
        var g = SplitMix64(seed: 0x5791_2929)
        // Bytes near every edge the test has, and ordinary ones.
        let edges: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0x81, 0xA2, 0xDC, 0xFF, 0x41, 0x61, 0x30]
        for n in 0..<1_000_000 {
            var bytes = (0..<8).map { _ in UInt8.random(in: 0x20...0x7E, using: &g) }
            // Most words hold zero to three edge bytes at random places.
            for _ in 0..<(n % 4) { bytes[Int.random(in: 0..<8, using: &g)] = edges[Int.random(in: 0..<edges.count, using: &g)] }
            if n % 7 == 0 { bytes = (0..<8).map { _ in UInt8.random(in: 0...255, using: &g) } }
            let w = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            let want = bytes.contains { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 || $0 >= 0x80 }
            #expect(LottieJSONReader.hasSpecialByte(w) == want, "\(bytes)")
        }
    }

    @Test("random strings of every length and alignment read as Foundation reads them, and are refused at the same byte as one byte at a time")
    func stringsReadAsBefore() throws {
        var g = SplitMix64(seed: 0x5712_2929)
        let pieces: [[UInt8]] = [Array("a".utf8), Array("Z".utf8), Array(" ".utf8), Array("~".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8),
                                 Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\n"#.utf8), Array(#"\u00e9"#.utf8), Array(#"\ud83d\ude00"#.utf8), Array(#"\/"#.utf8)]
        let bad: [[UInt8]] = [[0x1F], [0x09], [0x80], [0xC3], [0xFF], Array(#"\x"#.utf8), Array(#"\ud83d"#.utf8), [0xED, 0xA0, 0x80]]
        for n in 0..<40_000 {
            var body: [UInt8] = []
            let length = Int.random(in: 0...40, using: &g)
            for _ in 0..<length {
                body += Int.random(in: 0..<5, using: &g) == 0 ? pieces[Int.random(in: 0..<pieces.count, using: &g)] : [UInt8.random(in: 0x20...0x7E, using: &g)].filter { $0 != 0x22 && $0 != 0x5C }
            }
            if n % 5 == 0 { body.insert(contentsOf: bad[Int.random(in: 0..<bad.count, using: &g)], at: Int.random(in: 0...body.count, using: &g)) }
            // Every alignment of the string in the text.
            let text = Array(String(repeating: " ", count: n % 8).utf8) + [0x5B, 0x22] + body + [0x22, 0x5D]
            let theirs = try? JSONSerialization.jsonObject(with: Data(text))
            let ours = Result { try LottieJSONReader.read(text) }
            switch (ours, theirs) {
            case (.success(let doc), let t?): #expect(LottieJSONReaderTests.same(doc.value(at: 0), t), "\(text)")
            case (.failure(let e as LottieError), _):
                // Refused (Foundation on Linux reads some lone surrogates, which we refuse, as the reader did before).
                // The byte one-at-a-time reading names: the first control byte, else the string's start.
                let start = n % 8 + 2
                let control = body.firstIndex { $0 < 0x20 }
                if let c = control, e.message.contains("control character") { #expect(e.message.hasSuffix("at byte \(start + c))"), "\(e.message)") }
                if e.message.contains("not UTF-8") { #expect(e.message.hasSuffix("at byte \(start))"), "\(e.message)") }
            case (.success, nil): Issue.record("\(text) read, Foundation refuses it")
            default: Issue.record("\(text): not a LottieError")
            }
        }
    }

    /// The mutation fuzz (``LottieJSONReaderTests``' `mutationsAgreeWithFoundation`) extended to the short path:
    /// every number of a fixture replaced by a random numeral of either kind, then the usual byte mutations; what we
    /// read agrees with Foundation, and every number node with the reference algorithm, bit for bit.
    @Test("fixtures with their numbers replaced by random numerals, then mutated, read as Foundation and the reference read them")
    func fixturesWithRandomNumeralsAgree() throws {
        let seeds = try LottieFuzzTests.seeds()
        var g = SplitMix64(seed: 0xF022_2929)
        var mutations = SeededGenerator(seed: 0x2929)
        var read = 0
        for n in 0..<LottieFuzzTests.iterations {
            let seed = seeds[n % seeds.count]
            // Replace each number outside strings (a run starting with `-` or a digit) by a random numeral.
            var out: [UInt8] = [], i = 0, inString = false, numerals: [String] = []
            while i < seed.count {
                let c = seed[i]
                if inString {
                    out.append(c); i += 1
                    if c == 0x5C, i < seed.count { out.append(seed[i]); i += 1 } else if c == 0x22 { inString = false }
                    continue
                }
                if c == 0x22 { inString = true; out.append(c); i += 1; continue }
                if c == UInt8(ascii: "-") || (c >= 0x30 && c <= 0x39) {
                    while i < seed.count, "-+.eE0123456789".utf8.contains(seed[i]) { i += 1 }
                    // A valid, finite numeral (the malformed and infinite ones are the tests above).
                    var numeral = Self.shortNumeral(&g)
                    if Int.random(in: 0..<4, using: &g) == 0 {
                        let other = Self.otherNumeral(&g)
                        if other.first.map({ $0 == "-" || $0.isNumber }) == true, case .success(let bits) = Self.reference(Array(other.utf8), base: 0),
                           Double(bitPattern: bits).isFinite { numeral = other }
                    }
                    numerals.append(numeral)
                    out += Array(numeral.utf8)
                    continue
                }
                out.append(c); i += 1
            }
            if n % 2 == 1 { out = mutations.mutate(out) }
            guard let document = try? LottieJSONReader.read(out) else { continue }
            read += 1
            if let theirs = try? JSONSerialization.jsonObject(with: Data(out), options: [.fragmentsAllowed]) {
                #expect(LottieJSONReaderTests.same(document.value(at: 0), theirs), "fixture \(n % seeds.count)")
            } else {
                Issue.record("we read text Foundation refuses (fixture \(n % seeds.count))")
            }
            // Unmutated, the number nodes in text order are the numerals put in: each against the reference, bit for bit.
            if n % 2 == 0 {
                let numbers = document.nodes.filter { $0.kind == .number }.map(\.payload)
                #expect(numbers.count == numerals.count)
                for (bits, text) in zip(numbers, numerals) {
                    if case .success(let want) = Self.reference(Array(text.utf8), base: 0) { #expect(bits == want, "\(text)") } else { Issue.record("\(text) read, the reference refuses it") }
                }
            }
        }
        #expect(read > 0)
    }
}
