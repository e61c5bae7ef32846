/// Lottie animations that ship inside Stardust, named in scene files as `"source": "builtin:NAME"` (as pictures
/// are named `builtin:dot`): the animations the presets play (docs/LOTTIE.md, "Built-in animations").
public enum BuiltinLottie {
    /// The prefix that names a built-in animation where a file name is expected.
    public static let prefix = "builtin:"

    /// The names of the built-in animations.
    public static let names = ["snow-launch"]

    /// The JSON text of a built-in animation, or nil for a name that is not one.
    public static func json(named name: String) -> [UInt8]? {
        switch name {
        case "snow-launch": return Array(snowLaunch.utf8)
        default: return nil
        }
    }

    /// The built-in animation a source string names (`builtin:NAME`), or nil when the source is not `builtin:`.
    public static func name(ofSource source: String) -> String? {
        source.hasPrefix(prefix) ? String(source.dropFirst(prefix.count)) : nil
    }

    /// A built-in animation, parsed and translated.
    /// - Throws: ``LottieError`` when `name` is not a built-in animation (or, a build defect, does not load).
    public static func load(named name: String, limits: LottieLimits = LottieLimits()) throws -> LottieComposition {
        guard let bytes = json(named: name) else {
            throw LottieError(path: prefix + name, "there is no built-in Lottie animation of that name; the built-in ones are \(names.joined(separator: ", "))")
        }
        return try LottieFile.load(bytes: bytes, name: name + ".json", limits: limits)
    }
}
