import Foundation

/// The After Effects expressions that are evaluated (docs/LOTTIE.md, "Expressions"): `loopOut`/`loopIn` with
/// "cycle", "pingpong", "offset" or "continue" (and an optional keyframe count), and `wiggle(freq, amp)`. The
/// source must be that call alone (optionally `var $bm_rt = …;` around it, as Bodymovin exports it); anything
/// else is ``other``.
enum LottieExpression: Equatable {
    enum Loop: String { case cycle, pingpong, offset, `continue` }
    case loopOut(Loop, keyframes: Int)
    case loopIn(Loop, keyframes: Int)
    case wiggle(frequency: Double, amplitude: Double)
    case other

    init(_ source: String) {
        var s = Self.trimmed(source, .whitespacesAndNewlines)
        for prefix in ["var $bm_rt;", "var $bm_rt =", "$bm_rt =", "var $bm_rt=", "$bm_rt="] where s.hasPrefix(prefix) {
            s = Self.trimmed(s.dropFirst(prefix.count), .whitespacesAndNewlines)
            if prefix == "var $bm_rt;" { for p in ["$bm_rt =", "$bm_rt="] where s.hasPrefix(p) { s = String(s.dropFirst(p.count)) } }
        }
        s = Self.trimmed(s, .whitespacesAndNewlines)
        while s.hasSuffix(";") { s = Self.trimmed(s.dropLast(), .whitespaces) }
        guard let open = s.firstIndex(of: "("), s.hasSuffix(")") else { self = .other; return }
        let name = Self.trimmed(s[..<open], .whitespaces)
        let inside = s[s.index(after: open)..<s.index(before: s.endIndex)]
        let args = inside.split(separator: ",", omittingEmptySubsequences: false).map {
            Self.trimmed(Self.trimmed($0, .whitespaces), .quotes)
        }
        switch name {
        case "loopOut", "loopIn":
            let loop = Loop(rawValue: args.first.map { $0.isEmpty ? "cycle" : $0 } ?? "cycle")
            let n = args.count > 1 ? Int(args[1]) : 0
            guard let loop, let n, args.count <= 2, n >= 0 else { self = .other; return }
            self = name == "loopOut" ? .loopOut(loop, keyframes: n) : .loopIn(loop, keyframes: n)
        case "wiggle":
            guard args.count == 2, let f = Double(args[0]), let a = Double(args[1]), f.isFinite, a.isFinite, f >= 0, f <= 1000 else {
                self = .other; return
            }
            self = .wiggle(frequency: f, amplitude: a)
        default:
            self = .other
        }
    }

    /// The characters trimmed from an expression's ends: ``trimmed(_:_:)``.
    enum Trim {
        case whitespacesAndNewlines, whitespaces, quotes

        var set: CharacterSet {
            switch self {
            case .whitespacesAndNewlines: return .whitespacesAndNewlines
            case .whitespaces: return .whitespaces
            case .quotes: return CharacterSet(charactersIn: "'\"")
            }
        }

        /// Whether the ASCII byte `b` is in ``set``: tab, line feed, vertical tab, form feed, carriage return and
        /// space for white space and new lines (the only ASCII ones of those Unicode classes); tab and space for white
        /// space alone.
        func contains(_ b: UInt8) -> Bool {
            switch self {
            case .whitespacesAndNewlines: return b == 0x20 || (0x09...0x0D).contains(b)
            case .whitespaces: return b == 0x20 || b == 0x09
            case .quotes: return b == UInt8(ascii: "'") || b == UInt8(ascii: "\"")
            }
        }
    }

    /// `text` without the characters of `trim` at its ends, as Foundation's `trimmingCharacters(in:)` gives it: an
    /// ASCII text (every expression in practice) by its bytes, any other through Foundation. Foundation's trim was
    /// most of the cost of reading an expression, and a file can hold hundreds (docs/BENCHMARKS.md, "lottie", twelfth
    /// round).
    static func trimmed<S: StringProtocol>(_ text: S, _ trim: Trim) -> String {
        let whole = Substring(text)
        let bytes = whole.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return whole.trimmingCharacters(in: trim.set) }
        guard let first = bytes.firstIndex(where: { !trim.contains($0) }),
              let last = bytes.lastIndex(where: { !trim.contains($0) }) else { return "" }
        return String(whole[first...last])
    }

    /// Deterministic smooth noise in −1…1 (value noise on integer lattice points with a smoothstep between them),
    /// one independent sequence per `channel`: the same file draws the same wiggle on every run and machine.
    static func noise(_ x: Double, channel: Int) -> Double {
        func lattice(_ i: Int) -> Double {
            var h = UInt64(bitPattern: Int64(i)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(channel &+ 1) &* 0xC2B2_AE3D_27D4_EB4F
            h ^= h >> 31; h &*= 0xBF58_476D_1CE4_E5B9; h ^= h >> 27
            return Double(h >> 11) / Double(1 << 53) * 2 - 1
        }
        // Clamped so that a time far out (or a NaN) cannot trap; inside ±2⁶² this is Int(floor(x)).
        let i = Int.clamped(floor(x), to: -(1 << 62)...(1 << 62)), u = x - floor(x)
        let s = u * u * (3 - 2 * u)
        return lattice(i) + (lattice(i + 1) - lattice(i)) * s
    }
}
