#if !canImport(QuartzCore)
/// How a `play` repeats (lottie-ios's `LottieLoopMode`), as Core Animation timing: a repeat count and whether
/// each cycle plays back again.
public enum LottieLoopMode: Hashable, Sendable {
    /// Once, then stop at the end (the default).
    case playOnce
    /// Forever, from the start again each time.
    case loop
    /// Forever, forwards then backwards.
    case autoReverse
    /// `count` times (a fraction ends part-way), then stop.
    case `repeat`(Float)
    /// `count` times forwards and backwards, then stop at the start.
    case repeatBackwards(Float)

    /// Cycles played: Core Animation's `repeatCount` (a forward-and-back pair counts once).
    var repeatCount: Double {
        switch self {
        case .playOnce: return 1
        case .loop, .autoReverse: return .infinity
        case .repeat(let n), .repeatBackwards(let n): return n.isFinite && n > 0 ? Double(n) : (n == .infinity ? .infinity : 1)
        }
    }

    /// Whether each cycle plays forwards, then backwards.
    var autoreverses: Bool {
        switch self {
        case .autoReverse, .repeatBackwards: return true
        case .playOnce, .loop, .repeat: return false
        }
    }
}
#endif
