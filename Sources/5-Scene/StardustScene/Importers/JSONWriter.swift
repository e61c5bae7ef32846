import Foundation

/// Writes a ``JSONValue`` as readable JSON text: objects one key per line, short arrays of scalars inline.
public enum JSONWriter {
    public static func string(_ v: JSONValue) -> String {
        var out = ""
        write(v, indent: 0, into: &out)
        return out
    }

    /// The value on one line with no spaces (for JSON Lines: reports, traces).
    public static func compact(_ v: JSONValue) -> String {
        switch v {
        case .array(let a): return "[" + a.map(compact).joined(separator: ",") + "]"
        case .object(let o): return "{" + o.map { quote($0.key) + ":" + compact($0.value) }.joined(separator: ",") + "}"
        default: return string(v)
        }
    }

    /// A number in its shortest exact form (`30`, `0.1`, `-1.5e-07`).
    public static func number(_ d: Double) -> String {
        guard d.isFinite else { return "0" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    /// `s` as a JSON string literal: quote, backslash, newline, return and tab escaped by name, other controls as
    /// `\u00XX`. The one JSON quoter of the package: scene files, reports and traces all write strings through it
    /// (Swift source has its own, `SwiftSourceText.stringLiteral`).
    static func quote(_ s: String) -> String {
        var r = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": r += "\\\""
            case "\\": r += "\\\\"
            case "\n": r += "\\n"
            case "\r": r += "\\r"
            case "\t": r += "\\t"
            case _ where u.value < 0x20: r += String(format: "\\u%04x", u.value)
            default: r.unicodeScalars.append(u)
            }
        }
        return r + "\""
    }

    static func write(_ v: JSONValue, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent + 1), end = String(repeating: "  ", count: indent)
        switch v {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += number(n)
        case .string(let s): out += quote(s)
        case .array(let a):
            let scalars = a.allSatisfy { if case .array = $0 { return false }; if case .object = $0 { return false }; return true }
            if a.isEmpty { out += "[]" } else if scalars {
                out += "[" + a.map { string($0) }.joined(separator: ", ") + "]"
            } else {
                out += "[\n"
                for (i, e) in a.enumerated() {
                    out += pad
                    write(e, indent: indent + 1, into: &out)
                    out += i + 1 < a.count ? ",\n" : "\n"
                }
                out += end + "]"
            }
        case .object(let o):
            if o.isEmpty { out += "{}"; return }
            out += "{\n"
            for (i, (k, e)) in o.enumerated() {
                out += pad + quote(k) + ": "
                write(e, indent: indent + 1, into: &out)
                out += i + 1 < o.count ? ",\n" : "\n"
            }
            out += end + "}"
        }
    }
}
