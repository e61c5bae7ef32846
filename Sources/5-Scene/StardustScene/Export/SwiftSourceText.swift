/// The only ways text from a scene (its name, its file's name, layer and cell names, key paths, strings,
/// image names) reaches generated Swift: one function per output context, each of which can produce only
/// what that context holds — comment text, a string literal, or an identifier — whatever the input
/// (docs/HOSTILE-INPUT.md, rule 1). Generated code is never steered by its input.
///
/// Every scalar that could end a line or a comment, reorder what a reader sees, or start an escape is
/// spelled out as visible text (`\u{2028}`): the Unicode line breaks (LF, CR, NEL, LS, PS, VT, FF),
/// the other C0 and C1 controls and NUL, DEL, the bidirectional controls and other invisible format
/// characters. Comments also neutralize `*/` and `/*`; string literals escape backslashes and quotes, so
/// `\(` never interpolates and `#` or `"""` never delimit anything.
public enum SwiftSourceText {
    /// Text for a `//` line comment: one line whatever `s` holds.
    public static func comment(_ s: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(s.unicodeScalars.count)
        for ch in s.unicodeScalars {
            if needsEscape(ch) { out += visible(ch) } else { out.unicodeScalars.append(ch) }
        }
        // A `//` comment ends only at a line break, but the text may be pasted into a block comment.
        return out.replacingOccurrences(of: "*/", with: "*\\/").replacingOccurrences(of: "/*", with: "/\\*")
    }

    /// Text for a `///` documentation comment: a comment line, and no Markdown code fence or heading can start
    /// on a following line because there is none.
    public static func docComment(_ s: String) -> String { comment(s) }

    /// A Swift string literal (`"…"`) whose value is exactly `s`: quotes, backslashes and every scalar that
    /// could break the line or hide text are escapes, so nothing in `s` interpolates, ends the literal or
    /// delimits a raw or multi-line string.
    public static func stringLiteral(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                if needsEscape(ch) { out += visible(ch) } else { out.unicodeScalars.append(ch) }
            }
        }
        return out + "\""
    }

    /// A Swift identifier made from a name (`blurry flake` → `blurryFlake`), or `nil` when nothing is left.
    /// Only ASCII letters, digits and `_` survive; a leading digit gets a `_`; a keyword gets a `Layer`
    /// suffix, so the result can be extended (`blurryFlakePath`)
    /// and needs no backticks. Distinct names may give the same identifier: the writer deduplicates them
    /// (`SwiftExportWriter.variable`).
    public static func identifier(_ name: String) -> String? {
        let words = asciiWords(name)
        guard let first = words.first else { return nil }
        var id = first.prefix(1).lowercased() + first.dropFirst() + upperCamel(words.dropFirst())
        if id.first!.isNumber { id = "_" + id }
        return keywords.contains(id) ? id + "Layer" : id
    }

    /// `words` in UpperCamelCase (`["snow", "classic"]` → `SnowClassic`).
    static func upperCamel<S: Sequence>(_ words: S) -> String where S.Element == String {
        words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The ASCII letter-and-digit words of `name` (everything else separates words).
    static func asciiWords(_ name: String) -> [String] {
        var words: [String] = [], word = ""
        for ch in name.unicodeScalars {
            if ch.isASCII, ch.properties.isAlphabetic || ("0"..."9").contains(ch) {
                word.unicodeScalars.append(ch)
            } else if !word.isEmpty {
                words.append(word); word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// A name chosen on the command line (`--function`), as written in a declaration and a call: a plain ASCII
    /// identifier, in backticks when it is a keyword (`` `class` ``); `nil` when it is not an identifier at all.
    public static func declaredName(_ s: String) -> String? {
        guard let first = s.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic || first == "_",
              s.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0)) }),
              s != "_" else { return nil }
        return keywords.contains(s) ? "`\(s)`" : s
    }

    /// Whether `ch` must be spelled as an escape: controls (C0 with NUL, DEL, C1 with NEL), the Unicode line and
    /// paragraph separators, bidirectional controls and other invisible format characters, unassigned and
    /// private-use scalars, and lone combining marks (which would attach to the quote or comment marker).
    static func needsEscape(_ ch: Unicode.Scalar) -> Bool {
        if ch.value < 0x20 || (0x7F...0x9F).contains(ch.value) { return true }
        switch ch.properties.generalCategory {
        case .lineSeparator, .paragraphSeparator, .format, .control, .unassigned, .privateUse, .surrogate,
             .nonspacingMark, .enclosingMark, .spacingMark:
            return true
        default:
            return false
        }
    }

    /// `\u{2028}`: the scalar as visible text (valid as an escape inside a string literal too).
    static func visible(_ ch: Unicode.Scalar) -> String { "\\u{" + String(ch.value, radix: 16, uppercase: true) + "}" }

    /// Swift's keywords and the contextual words that cannot name a variable in every position.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any",
        "as", "await", "async", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_", "Type", "Protocol",
        "some", "any", "each", "copy", "consume", "discard", "macro", "then", "layer", "get", "set", "willSet", "didSet",
        "sending", "isolated", "unowned", "weak", "lazy", "indirect", "mutating", "nonmutating", "convenience", "dynamic",
        "final", "optional", "override", "required", "actor", "distributed", "prefix", "postfix", "infix",
    ]
}
