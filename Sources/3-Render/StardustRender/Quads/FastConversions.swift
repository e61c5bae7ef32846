#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Float-to-integer conversions for values the caller has already bounded, without the checked
/// conversion's range and NaN tests (a compare-and-branch each, per row or per pixel, in a build
/// without an unchecked mode). On x86-64 they are SSE2's truncating conversions, the instructions the
/// former `-Ounchecked` build emitted; elsewhere the ordinary conversions. Out-of-range or NaN input
/// gives an unspecified value on x86-64 (never a trap): callers must bound it first.
enum FastConversions {
    /// `Int(x)` (truncation) for finite `x` in `(−2³¹, 2³¹)`.
    @inline(__always) static func truncate(_ x: Float) -> Int {
        #if arch(x86_64)
        return Int(_mm_cvttss_si32(_mm_set_ss(x)))
        #else
        return Int(x)
        #endif
    }

    /// `Int(x)` (truncation) for finite `x` in `(−2⁶³, 2⁶³)`.
    @inline(__always) static func truncate(_ x: Double) -> Int {
        #if arch(x86_64)
        return Int(_mm_cvttsd_si64(_mm_set_sd(x)))
        #else
        return Int(x)
        #endif
    }

    /// `Int(x.rounded(.down))` for `x` in `[0, 2²⁴)`: truncation is the floor of a non-negative value.
    @inline(__always) static func floor(_ x: Float) -> Int { truncate(x) }

    /// `Int(x.rounded(.up))` for `x` in `[0, 2²⁴)` (where every integer is a float, so the test is exact).
    @inline(__always) static func ceil(_ x: Float) -> Int {
        let t = truncate(x)
        return Float(t) < x ? t &+ 1 : t
    }
}
