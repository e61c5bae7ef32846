import CFontconfig

/// Finds font files through fontconfig.
///
/// Callers hold ``FontEngine``'s lock: fontconfig's current configuration is
/// shared process state.
enum FontLocator {
    /// The family used when a command names none.
    static let defaultFamily = "DejaVu Sans"
    /// What to tell a user whose machine has no usable font.
    static let installHint = "install a font package, for example `apt-get install fonts-dejavu-core`"

    /// The file and face index of the best scalable match for `family` at
    /// regular or bold weight (`FcFontMatch`: fontconfig may substitute a
    /// similar family when the requested one is not installed).
    static func locate(family: String, bold: Bool) throws -> (path: String, index: Int) {
        guard FcInit() != 0 else {
            throw TextError.noFontFound("fontconfig could not load its configuration; \(installHint) (and the `fontconfig` package).")
        }
        guard let pattern = FcPatternCreate() else {
            throw TextError.noFontFound("fontconfig could not create a font pattern for \"\(family)\"; \(installHint).")
        }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                FcPatternAddString(pattern, FC_FAMILY, $0)
            }
        }
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        _ = FcPatternAddBool(pattern, FC_SCALABLE, 1)
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else {
            throw TextError.noFontFound("No font matches \"\(family)\"; \(installHint).")
        }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>? = nil
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else {
            throw TextError.noFontFound("fontconfig found no font file for \"\(family)\"; \(installHint).")
        }
        var index: Int32 = 0
        if FcPatternGetInteger(match, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        return (String(cString: file), Int(index))
    }
}
