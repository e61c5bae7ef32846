import Foundation

/// Reads JSON text (RFC 8259) into a ``LottieJSONDocument``: the first step of parsing a Lottie file.
///
/// Why our own reader rather than Foundation's `JSONSerialization` (docs/LOTTIE.md, "JSON reading"): on Linux that
/// builds Foundation objects (`NSNumber`, bridged dictionaries) that the parser then has to cast back one member at a
/// time, and together the two were most of the time to open a file. This reader writes the document's flat node
/// array in one pass over the bytes, with no allocation per array or object.
///
/// It reads strangers' bytes, so it is strict and bounded: the whole text must be one JSON value (with white space
/// around it; a comma before a closing bracket or brace is accepted, as `JSONSerialization` accepted it), strings must be valid UTF-8 without raw control characters, escapes must be well formed (a lone
/// surrogate is refused), numbers follow the JSON grammar and must be finite, and arrays and objects may nest at
/// most ``maxDepth`` levels (deeper text is refused, never a stack overflow). Errors name the JSON path `$` and the
/// byte offset. Numbers read as `JSONSerialization` read them (see ``number()``), so that every value, and every
/// frame, is what it was when that reader was used.
struct LottieJSONReader: ~Copyable {
    /// Deepest nesting of arrays and objects.
    static let maxDepth = 512

    /// Reads `bytes` as one JSON value; the document's node 0 is that value.
    /// - Throws: ``LottieError`` at `$`, naming the byte offset of the problem.
    static func read(_ bytes: [UInt8]) throws -> LottieJSONDocument {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = LottieJSONReader(buffer)
            // Every string and element takes at least a byte, so a text this long keeps to the nodes' slot width.
            guard buffer.count <= LottieJSONDocument.maxSlot else {
                throw reader.fail("a text of more than \(LottieJSONDocument.maxSlot) bytes")
            }
            reader.skipSpace()
            try reader.value(depth: 0, parent: -1, slot: 0)
            reader.skipSpace()
            guard reader.at == buffer.count else { throw reader.fail("unexpected text after the JSON value") }
            return LottieJSONDocument(reader.builder)
        }
    }

    /// The member names of the top-level object of `bytes`, in file order, without building any value: member
    /// values are stepped over (strings and nesting followed, nothing decoded), so telling Lottie JSON from a scene
    /// costs one pass over the bytes and no allocation per value (docs/LOTTIE.md, "JSON reading"). `nil` when the text
    /// does not start with an object or its top level is cut short; values are not checked, so text that passes
    /// here may still be refused by ``read(_:)``, with its byte offset.
    static func topLevelKeys(_ bytes: [UInt8]) -> [String]? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = LottieJSONReader(buffer)
            return try? reader.topLevelKeys()
        }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0
    /// The document's nodes and strings, written as the text is read (a container's node first, its count and
    /// end filled in when it closes).
    private var builder: LottieJSONDocument.Builder

    /// The node array is reserved at a guess from the text's length (a Lottie file averages about 8 bytes of text
    /// a value), so that it grows by reallocation once or twice at most.
    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        builder = LottieJSONDocument.Builder(capacity: bytes.count / 8 + 16)
    }

    private func fail(_ message: String) -> LottieError {
        LottieError(path: "$", "not valid JSON (\(message) at byte \(at))")
    }

    private mutating func skipSpace() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x09, 0x0A, 0x0D: at += 1
            default: return
            }
        }
    }

    /// Reads one value into a node whose parent is `parent` and which that parent holds at `slot` (the key's
    /// string index or the element's index).
    private mutating func value(depth: Int, parent: Int, slot: Int) throws {
        guard at < bytes.count else { throw fail("unexpected end of the text") }
        switch bytes[at] {
        case UInt8(ascii: "{"): try object(depth: depth + 1, parent: parent, slot: slot)
        case UInt8(ascii: "["): try array(depth: depth + 1, parent: parent, slot: slot)
        case UInt8(ascii: "\""):
            let s = try string()
            builder.append(.string, payload: UInt64(builder.intern(s)), parent: parent, slot: slot)
        case UInt8(ascii: "t"): try literal("true"); builder.append(.true, parent: parent, slot: slot)
        case UInt8(ascii: "f"): try literal("false"); builder.append(.false, parent: parent, slot: slot)
        case UInt8(ascii: "n"): try literal("null"); builder.append(.null, parent: parent, slot: slot)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let d = try number()
            builder.append(.number, payload: d.bitPattern, parent: parent, slot: slot)
        default: throw fail("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let n = word.utf8CodeUnitCount
        guard at + n <= bytes.count else { throw fail("unexpected end of the text") }
        let w = word.utf8Start
        for i in 0..<n where bytes[at + i] != w[i] { throw fail("unexpected character") }
        at += n
    }

    private mutating func array(depth: Int, parent: Int, slot: Int) throws {
        guard depth <= Self.maxDepth else { throw fail("arrays and objects nested deeper than \(Self.maxDepth) levels") }
        at += 1
        let me = builder.append(.array, parent: parent, slot: slot)
        var count = 0
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; builder.close(me, count: 0); return }
        while true {
            skipSpace()
            // A comma before the closing bracket is accepted, as JSONSerialization accepted it.
            if at < bytes.count, bytes[at] == UInt8(ascii: "]"), count > 0 { at += 1; builder.close(me, count: count); return }
            try value(depth: depth, parent: me, slot: count)
            count += 1
            skipSpace()
            guard at < bytes.count else { throw fail("unexpected end of the text in an array") }
            let c = bytes[at]
            at += 1
            if c == UInt8(ascii: "]") { builder.close(me, count: count); return }
            guard c == UInt8(ascii: ",") else { at -= 1; throw fail("expected , or ] in an array") }
        }
    }

    private mutating func object(depth: Int, parent: Int, slot: Int) throws {
        guard depth <= Self.maxDepth else { throw fail("arrays and objects nested deeper than \(Self.maxDepth) levels") }
        at += 1
        let me = builder.append(.object, parent: parent, slot: slot)
        var count = 0
        skipSpace()
        if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; builder.close(me, count: 0); return }
        while true {
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}"), count > 0 { at += 1; builder.close(me, count: count); return }
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
            let keySlot = try memberName()
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw fail("expected : after a member name") }
            at += 1
            skipSpace()
            try value(depth: depth, parent: me, slot: keySlot)
            count += 1
            skipSpace()
            guard at < bytes.count else { throw fail("unexpected end of the text in an object") }
            let c = bytes[at]
            at += 1
            if c == UInt8(ascii: "}") { builder.close(me, count: count); return }
            guard c == UInt8(ascii: ",") else { at -= 1; throw fail("expected , or } in an object") }
        }
    }

    private mutating func topLevelKeys() throws -> [String] {
        skipSpace()
        guard at < bytes.count, bytes[at] == UInt8(ascii: "{") else { throw fail("expected an object") }
        at += 1
        var keys: [String] = []
        while true {
            skipSpace()
            guard at < bytes.count else { throw fail("unexpected end of the text in an object") }
            if bytes[at] == UInt8(ascii: "}") { return keys }
            guard bytes[at] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
            keys.append(try string())
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw fail("expected : after a member name") }
            at += 1
            try skipValue()
            skipSpace()
            guard at < bytes.count else { throw fail("unexpected end of the text in an object") }
            if bytes[at] == UInt8(ascii: "}") { return keys }
            guard bytes[at] == UInt8(ascii: ",") else { throw fail("expected , or } in an object") }
            at += 1
        }
    }

    /// Steps over one value (after optional white space) up to the `,` or closing bracket that follows it: strings
    /// are followed through their escapes and arrays and objects by counting brackets, without recursion; scalars
    /// are not checked.
    private mutating func skipValue() throws {
        var depth = 0
        while at < bytes.count {
            let c = bytes[at]
            switch c {
            case UInt8(ascii: "\""):
                at += 1
                while at < bytes.count && bytes[at] != UInt8(ascii: "\"") { at += bytes[at] == UInt8(ascii: "\\") ? 2 : 1 }
                guard at < bytes.count else { throw fail("unexpected end of the text in a string") }
                at += 1
                if depth == 0 { return }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1; at += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { return }
                depth -= 1; at += 1
                if depth == 0 { return }
            case UInt8(ascii: ","):
                if depth == 0 { return }
                at += 1
            default:
                at += 1
            }
        }
        throw fail("unexpected end of the text")
    }

    /// A member name from the opening quote at `at`, as its index in the document's names. A name of at most seven
    /// ASCII bytes without escapes (nearly every Lottie name) is packed from its bytes and made into a string only
    /// the first time the document meets it (``LottieJSONDocument/Builder/internKey(_:_:)``); any other name is
    /// read by ``string()``, with its errors.
    ///
    /// The word is packed as the bytes are scanned (the bytes, then the length and ``LottieJSONKey/packedBit``, as
    /// ``LottieJSONKey`` packs them), rather than by a second pass over the name.
    private mutating func memberName() throws -> Int {
        let start = at + 1
        var i = start, word: UInt64 = 0
        while i < bytes.count, i - start <= 7 {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                let piece = UnsafeBufferPointer(rebasing: bytes[start..<i])
                at = i + 1
                let key = LottieJSONKey(packed: word | UInt64(i - start) << 56 | LottieJSONKey.packedBit)
                return builder.internKey(key) { String(decoding: piece, as: UTF8.self) }
            }
            guard c >= 0x20, c < 0x80, c != UInt8(ascii: "\\") else { break }
            word |= UInt64(c) &<< (8 &* UInt64(i - start))
            i += 1
        }
        return builder.internKey(try string())
    }

    /// A string from the opening quote at `at`: the bytes up to the closing quote taken whole when there is no
    /// escape (the usual case), else decoded piece by piece.
    ///
    /// An all-ASCII string (nearly every one: keys, names, expressions) is valid UTF-8 as it stands and is made
    /// with `String(decoding:as:)`; only one with other bytes goes through `String(validating:as:)`, which on
    /// Linux is an unspecialized generic that looks up type metadata on every call — 6 % of the time to open the
    /// lottie-ios files when every string took it (docs/BENCHMARKS.md, "lottie", twelfth round). Same strings,
    /// same errors.
    ///
    /// The bytes are looked at eight at a time while none of the eight is a quote, a backslash, a control byte or
    /// above 0x7F (a word's tests for those bytes, below); the eight holding one are read one by one as before. The
    /// lottie-ios files hold 1.3 MB of string values (embedded images, expressions, long names), and reading them
    /// one byte at a time was most of this function's 19.6 M instructions (docs/BENCHMARKS.md, "lottie",
    /// twenty-eighth and twenty-ninth rounds).
    private mutating func string() throws -> String {
        at += 1
        let start = at
        var high: UInt8 = 0  // the OR of the string's bytes: below 0x80 when every one is ASCII
        if let base = bytes.baseAddress {
            let count = bytes.count
            while at &+ 8 <= count {
                let w = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
                if Self.hasSpecialByte(w) { break }
                at &+= 8
            }
        }
        while at < bytes.count {
            let c = bytes[at]
            if c == UInt8(ascii: "\"") {
                let piece = UnsafeBufferPointer(rebasing: bytes[start..<at])
                at += 1
                if high < 0x80 { return String(decoding: piece, as: UTF8.self) }
                guard let s = String(validating: piece, as: UTF8.self) else { at = start; throw fail("a string that is not UTF-8") }
                return s
            }
            if c == UInt8(ascii: "\\") { return try escapedString(from: start) }
            guard c >= 0x20 else { throw fail("a control character inside a string") }
            high |= c
            at += 1
        }
        throw fail("unexpected end of the text in a string")
    }

    /// Whether any of the eight bytes of `w` is a quote, a backslash, below 0x20 or above 0x7F. The tests are the
    /// usual word tricks: `(x - 0x01…01) & ~x & 0x80…80` is nonzero exactly when some byte of `x` is 0 (a borrow
    /// can flag a byte above a zero one, never one without a zero below it), applied to `w` XOR the quote and the
    /// backslash; `(w - 0x20…20) & ~w & 0x80…80` likewise for a byte below 0x20 among bytes below 0x80; and the
    /// high bits for the rest. Only "some byte" is used: such a word is then read byte by byte.
    @inline(__always)
    static func hasSpecialByte(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let q = w ^ 0x2222_2222_2222_2222, b = w ^ 0x5C5C_5C5C_5C5C_5C5C
        let quote = (q &- ones) & ~q, backslash = (b &- ones) & ~b
        let control = (w &- 0x2020_2020_2020_2020) & ~w
        return (quote | backslash | control | w) & highs != 0
    }

    /// The rest of a string holding escapes; `start` is its first byte.
    private mutating func escapedString(from start: Int) throws -> String {
        var utf8: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<at]))
        while at < bytes.count {
            let c = bytes[at]
            at += 1
            switch c {
            case UInt8(ascii: "\""):
                guard let s = String(validating: utf8, as: UTF8.self) else { at = start; throw fail("a string that is not UTF-8") }
                return s
            case UInt8(ascii: "\\"):
                guard at < bytes.count else { throw fail("unexpected end of the text in a string") }
                let e = bytes[at]
                at += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(e)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        // A high surrogate must be followed by an escaped low one.
                        guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                            throw fail("a lone surrogate in a string")
                        }
                        at += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone surrogate in a string") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw fail("a lone surrogate in a string")
                    }
                    utf8.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
                default:
                    at -= 1
                    throw fail("an unknown escape in a string")
                }
            default:
                guard c >= 0x20 else { at -= 1; throw fail("a control character inside a string") }
                utf8.append(c)
            }
        }
        throw fail("unexpected end of the text in a string")
    }

    private mutating func hex4() throws -> UInt32 {
        guard at + 4 <= bytes.count else { throw fail("unexpected end of the text in a \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[at]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: throw fail("a bad hexadecimal digit in a \\u escape")
            }
            v = v << 4 | UInt32(d)
            at += 1
        }
        return v
    }

    /// The decimal digits from `i` on appended to `mantissa` (wrapping: ``number()`` uses it only where it is
    /// exact); returns the index past the last digit.
    @inline(__always)
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, from i: Int, into mantissa: inout UInt64) -> Int {
        var i = i
        while i < bytes.count {
            let d = bytes[i] &- UInt8(ascii: "0")
            guard d < 10 else { break }
            mantissa = mantissa &* 10 &+ UInt64(d)
            i += 1
        }
        return i
    }

    /// A number by the JSON grammar `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, rounded to the nearest `Double`
    /// (a number beyond `Double`'s range reads as infinite, for the parser to refuse with its JSON path).
    ///
    /// Nearly every Lottie number is an integer or a short decimal without exponent (`0.833`, `-12.5`, `100`): at
    /// most 15 digits in all, so the digits are an integer exactly representable in a `Double` and the fraction's
    /// power of ten is exact too, and one correctly rounded division (Clinger's fast path) is the nearest `Double`,
    /// the value ``generalNumber()`` gives those texts. That case is read here, inlined into ``value(depth:parent:slot:)``,
    /// with the prologue and the checks of the other forms kept off its path; any other text (an exponent, more
    /// digits, a leading zero, a malformed number) is read again from its start by ``generalNumber()``, with its errors.
    /// The number's fixed cost had been most of the reader's 131 instructions a number (docs/BENCHMARKS.md,
    /// "lottie", twenty-eighth and twenty-ninth rounds).
    @inline(__always)
    private mutating func number() throws -> Double {
        let bytes = self.bytes, end = bytes.count
        var i = at
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i &+= 1 }
        let intStart = i
        var mantissa: UInt64 = 0
        i = Self.digits(bytes, from: i, into: &mantissa)
        var count = i &- intStart
        // One digit, or more without a leading zero, at most 15 in all (the fraction's are counted below).
        if count >= 1, count <= 15, count == 1 || bytes[intStart] != UInt8(ascii: "0") {
            if i < end, bytes[i] == UInt8(ascii: ".") {
                let s = i &+ 1
                i = Self.digits(bytes, from: s, into: &mantissa)
                let fraction = i &- s
                count &+= fraction
                if fraction >= 1, count <= 15, i == end || bytes[i] | 0x20 != UInt8(ascii: "e") {
                    at = i
                    let v = Double(mantissa) / Self.powerOfTen(fraction)
                    return negative ? -v : v
                }
            } else if i == end || bytes[i] | 0x20 != UInt8(ascii: "e") {
                at = i
                return negative && mantissa != 0 ? -Double(mantissa) : Double(mantissa)  // `-0` was the integer 0
            }
        }
        return try generalNumber()
    }

    /// A number of any form (``number()`` reads the common ones), from its first byte at `at`.
    ///
    /// One pass over the digits with a local cursor: the integer and fraction digits go into one `UInt64` (exact
    /// up to 19 digits; only the paths below that need it exact use it), so an integer is not read twice. The
    /// reader's cursor is written once, or at the byte an error names.
    @inline(never)
    private mutating func generalNumber() throws -> Double {
        let bytes = self.bytes, end = bytes.count, start = at
        var i = start
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var mantissa: UInt64 = 0
        let intStart = i
        i = Self.digits(bytes, from: i, into: &mantissa)
        let intDigits = i - intStart
        guard intDigits > 0 else { at = i; throw fail("a number without digits") }
        guard intDigits == 1 || bytes[intStart] != UInt8(ascii: "0") else { at = intStart; throw fail("a number with a leading zero") }
        // The digits' count and the power of ten (less the fraction's digits, plus the exponent).
        var count = intDigits, power = 0, integral = true
        if i < end, bytes[i] == UInt8(ascii: ".") {
            i += 1
            let s = i
            i = Self.digits(bytes, from: i, into: &mantissa)
            guard i > s else { at = i; throw fail("a number without digits after its point") }
            count += i - s
            power = s - i
            integral = false
        }
        // Where a lowercase `e` starts the exponent (what JSONSerialization looked for; see below).
        var lowercaseE = -1
        if i < end, bytes[i] | 0x20 == UInt8(ascii: "e") {
            if bytes[i] == UInt8(ascii: "e") { lowercaseE = i }
            i += 1
            var minus = false
            if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { minus = bytes[i] == UInt8(ascii: "-"); i += 1 }
            let s = i
            var e = 0
            while i < end, bytes[i] &- UInt8(ascii: "0") < 10 { e = min(e &* 10 &+ Int(bytes[i] &- UInt8(ascii: "0")), 100_000); i += 1 }
            guard i > s else { at = i; throw fail("a number without digits in its exponent") }
            power += minus ? -e : e
            integral = false
        }
        at = i
        // The value JSONSerialization gave, so that every frame stays what it was: an integer that fits Int64 (for a
        // negative one, at most 19 characters with the sign) or UInt64 (at most 20 digits) as that integer; else a
        // text of more than 17 characters before a lowercase `e` whose exponent is within ±127 through `Decimal`;
        // else the nearest Double (`Double(String)`).
        let length = (lowercaseE >= 0 ? lowercaseE : i) - start
        if integral && length <= (negative ? 19 : 20) {
            // Up to 19 digits are the mantissa exactly; 20 might overflow a UInt64 (then it is not an integer
            // JSONSerialization kept).
            var v = mantissa, fits = true
            if intDigits == 20 {
                v = 0
                for k in intStart..<i {
                    let (m, o1) = v.multipliedReportingOverflow(by: 10)
                    let (a, o2) = m.addingReportingOverflow(UInt64(bytes[k] &- UInt8(ascii: "0")))
                    if o1 || o2 { fits = false; break }
                    v = a
                }
            }
            if fits { return negative && v != 0 ? -Double(v) : Double(v) }  // `-0` was the integer 0
        }
        if length > 17 {
            var exponent = 0
            if lowercaseE >= 0 {
                exponent = Int(String(decoding: UnsafeBufferPointer(rebasing: bytes[(lowercaseE + 1)..<i]), as: UTF8.self)) ?? 0
            }
            if exponent >= -128 && exponent <= 127 {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                if let decimal = Decimal(string: text), decimal.isFinite { return NSDecimalNumber(decimal: decimal).doubleValue }
            }
        } else if count <= 15 && power >= -22 && power <= 22 {
            // Both operands are exact, so one correctly rounded operation gives the nearest Double, as Double(String).
            let m = Double(mantissa)
            let v = power < 0 ? m / Self.powerOfTen(-power) : m * Self.powerOfTen(power)
            return negative ? -v : v
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        guard let d = Double(text) else { at = start; throw fail("a number that cannot be read") }
        return d
    }

    /// 10ᵖ for p in 0…22, exact in a Double, by multiplying 1 by 10 p times (every product is exact): a Lottie number
    /// has a few decimals, so this is a step or three, where a static table is reached through a lazy
    /// initialisation check on every call.
    @inline(__always)
    private static func powerOfTen(_ p: Int) -> Double {
        var t = 1.0
        for _ in 0..<p { t *= 10 }
        return t
    }
}
