/// The `Content-Disposition` header of a download (RFC 6266, with RFC 5987's `filename*`): whatever the scene is
/// called, the header is one well-formed line (docs/HOSTILE-INPUT.md, rule 6). Old clients read `filename`, an ASCII
/// fallback in which quotes, backslashes, path separators, controls and non-ASCII become `_`; current ones read
/// `filename*=UTF-8''…`, the exact name percent-encoded.
enum StudioContentDisposition {
    /// `attachment; filename="Gr_n _x_.gif"; filename*=UTF-8''Gr%C3%BCn%20%22x%22.gif`.
    static func attachment(fileName: String) -> String {
        "attachment; filename=\"\(asciiFallback(fileName))\"; filename*=UTF-8''\(percentEncoded(fileName))"
    }

    /// The name with every byte outside printable ASCII, and `"`, `\`, `/`, replaced by `_` (one per scalar).
    static func asciiFallback(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { s in
            (0x20...0x7E).contains(s.value) && s != "\"" && s != "\\" && s != "/" ? s : "_"
        }))
    }

    /// RFC 5987 `value-chars`: `attr-char`s as they are, every other UTF-8 byte as `%XX`.
    static func percentEncoded(_ name: String) -> String {
        var out = ""
        for b in name.utf8 {
            let c = Character(Unicode.Scalar(b))
            if b < 0x80, c.isLetter || c.isNumber || "!#$&+-.^_`|~".contains(c) {
                out.append(c)
            } else {
                out += "%" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
