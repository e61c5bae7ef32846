/// How a scene's `lottie` layer repeats its animation: lottie-ios's `LottieLoopMode` names and meanings
/// (docs/SCENES.md, "lottie").
public enum LottieLoopMode: Hashable, Sendable, CustomStringConvertible {
    /// Plays from `fromProgress` to `toProgress` once and holds the last frame (lottie-ios's default).
    case playOnce
    /// Plays the segment again and again.
    case loop
    /// Plays the segment forwards then backwards, forever.
    case autoReverse
    /// Plays the segment `count` times (fractions allowed), then holds where it stopped.
    case `repeat`(Double)
    /// Plays the segment forwards then backwards `count` times, then holds where it stopped.
    case repeatBackwards(Double)

    /// The scene-file spelling: `playOnce`, `loop`, `autoReverse`, `repeat(3)`, `repeatBackwards(2)`.
    public var description: String {
        switch self {
        case .playOnce: return "playOnce"
        case .loop: return "loop"
        case .autoReverse: return "autoReverse"
        case .repeat(let n): return "repeat(\(Self.number(n)))"
        case .repeatBackwards(let n): return "repeatBackwards(\(Self.number(n)))"
        }
    }

    /// Reads the scene-file spelling; nil for anything else or a count that is not positive and finite.
    public init?(parsing text: String) {
        switch text {
        case "playOnce": self = .playOnce
        case "loop": self = .loop
        case "autoReverse": self = .autoReverse
        default:
            for (prefix, make) in [("repeat(", { LottieLoopMode.repeat($0) }), ("repeatBackwards(", { LottieLoopMode.repeatBackwards($0) })]
            where text.hasPrefix(prefix) && text.hasSuffix(")") {
                let inner = text.dropFirst(prefix.count).dropLast()
                guard let n = Double(inner), n.isFinite, n > 0, n <= 1e6 else { return nil }
                self = make(n)
                return
            }
            return nil
        }
    }

    static func number(_ n: Double) -> String { n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n) }
}
