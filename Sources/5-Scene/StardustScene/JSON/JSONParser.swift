/// A syntax error in a JSON document, with its line and column (1-based).
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line of the error, counted from 1; lines end at `\n`.
    public var line: Int
    /// The column of the error, counted from 1 in Unicode scalars of its line.
    public var column: Int
    /// What was expected or found there, for a person to read.
    public var message: String
    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict JSON (RFC 8259) parser that reports the line and column of the
/// first error and limits nesting depth (so hostile input cannot overflow the stack).
///
/// Complexity: O(n) in the document size.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maxDepth = 64

    private let bytes: [UInt8]
    private var i = 0

    /// Parses a whole JSON document from a string.
    /// - Throws: ``JSONSyntaxError`` at the first error, including trailing content or nesting deeper than ``maxDepth``.
    public static func parse(_ text: String) throws -> JSONValue {
        var p = JSONParser(bytes: Array(text.utf8))
        return try p.document()
    }

    /// Parses a whole JSON document from UTF-8 bytes.
    /// - Throws: ``JSONSyntaxError`` at the first error, including trailing content or nesting deeper than ``maxDepth``.
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var p = JSONParser(bytes: bytes)
        return try p.document()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func document() throws -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        skipSpace()
        let v = try value(depth: 0)
        skipSpace()
        if i < bytes.count { throw error("unexpected text after the end of the document") }
        return v
    }

    private func error(_ message: String, at index: Int? = nil) -> JSONSyntaxError {
        let end = min(index ?? i, bytes.count)
        var line = 1, col = 1
        for b in bytes[..<end] { if b == 0x0A { line += 1; col = 1 } else if b & 0xC0 != 0x80 { col += 1 } }
        return JSONSyntaxError(line: line, column: col, message: message)
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            case UInt8(ascii: "/") where i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/"):
                // Line comments are accepted (scene files are written by hand, as in the spec's examples).
                while i < bytes.count && bytes[i] != 0x0A { i += 1 }
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws -> JSONValue {
        guard depth < JSONParser.maxDepth else { throw error("nesting deeper than \(JSONParser.maxDepth) levels") }
        guard i < bytes.count else { throw error("unexpected end of the document; expected a value") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character '\(Character(UnicodeScalar(bytes[i])))'; expected a value")
        }
    }

    private mutating func literal(_ word: String) throws {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { throw error("expected '\(word)'") }
        i += w.count
    }

    private mutating func object(depth: Int) throws -> JSONValue {
        i += 1
        var members: [(key: String, value: JSONValue)] = []
        skipSpace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
            i += 1
            skipSpace()
            members.append((key, try value(depth: depth + 1)))
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of the document inside an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw error("expected ',' or '}' in an object")
        }
    }

    private mutating func array(depth: Int) throws -> JSONValue {
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count && bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of the document inside an array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw error("expected ',' or ']' in an array")
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("bad hex digit in a \\u escape")
            }
            v = v * 16 + d; i += 1
        }
        return v
    }

    private mutating func string() throws -> String {
        let start = i
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("unterminated string", at: start) }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { i += 1; break }
            if c < 0x20 { throw error("control character inside a string") }
            if c == UInt8(ascii: "\\") {
                i += 1
                guard i < bytes.count else { throw error("unterminated escape") }
                let e = bytes[i]; i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if code >= 0xD800 && code < 0xDC00, i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                        i += 2
                        let low = try hex4()
                        if low >= 0xDC00 && low < 0xE000 { code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) } else { code = 0xFFFD }
                    }
                    let scalar = UnicodeScalar(code) ?? "\u{FFFD}"
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw error("unknown escape '\\\(Character(UnicodeScalar(e)))'")
                }
            } else { out.append(c); i += 1 }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func number() throws -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits() -> Int { var n = 0; while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1; n += 1 }; return n }
        if i < bytes.count, bytes[i] == UInt8(ascii: "0") {
            i += 1 // a leading zero stands alone (RFC 8259)
        } else {
            guard digits() > 0 else { throw error("expected digits in a number") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") { i += 1; guard digits() > 0 else { throw error("expected digits after '.'") } }
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw error("expected digits in an exponent") }
        }
        guard let v = Double(String(decoding: bytes[start..<i], as: UTF8.self)), v.isFinite else {
            throw error("number out of range", at: start)
        }
        return v
    }
}
