import Foundation

/// The allowed values of every numeric option and manifest value, in one place (docs/HOSTILE-INPUT.md, rule 4):
/// each command checks its options against these before any work, and the batch manifest checks its values
/// against the same ranges, so no value can reach a writer or an allocator it would trap in (`--fps 1e-300`,
/// NaN, infinity, negative sizes). A value outside its range is a usage error (exit 2) that states the range.
struct OptionRange: Sendable {
    /// The option as the user writes it (`--fps`); the batch manifest names its JSON key instead.
    var name: String
    var lower: Double
    var upper: Double
    /// Whether the lower bound itself is excluded.
    var lowerOpen = false
    /// Only whole numbers.
    var integral = false
    var unit = ""

    /// `0.1…240`, `(0, 16]`.
    var rangeText: String {
        func n(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)" }
        let u = unit.isEmpty ? "" : " \(unit)"
        return lowerOpen ? "(\(n(lower)), \(n(upper))]\(u)" : "\(n(lower))…\(n(upper))\(u)"
    }

    func contains(_ v: Double) -> Bool {
        v.isFinite && (lowerOpen ? v > lower : v >= lower) && v <= upper && (!integral || v == v.rounded())
    }

    /// `v`, or a usage error naming the option and its range.
    @discardableResult
    func check(_ v: Double) throws -> Double {
        guard contains(v) else { throw CLIError.usage("\(name) must be in \(rangeText); got \(v).") }
        return v
    }

    @discardableResult
    func check(_ v: Int) throws -> Int {
        guard contains(Double(v)) else { throw CLIError.usage("\(name) must be in \(rangeText); got \(v).") }
        return v
    }

    /// `v` when present.
    @discardableResult
    func check(_ v: Double?) throws -> Double? { try v.map { try check($0) } }
    @discardableResult
    func check(_ v: Int?) throws -> Int? { try v.map { try check($0) } }

    /// The same range under another name (a manifest key).
    func named(_ n: String) -> OptionRange { var r = self; r.name = n; return r }
}

extension OptionRange {
    // Time. The GIF writer stores delays in hundredths of a second and the encoders allocate per frame:
    // below 0.1 frames per second a frame lasts longer than any format can say.
    static let renderFPS = OptionRange(name: "--fps", lower: 0.1, upper: 240, unit: "frames per second")
    static let snapFPS = OptionRange(name: "--fps", lower: 0.1, upper: 120, unit: "frames per second")
    static let traceFPS = OptionRange(name: "--fps", lower: 0.1, upper: 1000, unit: "frames per second")
    static let renderDuration = OptionRange(name: "--duration", lower: 0.001, upper: 3600, unit: "seconds")
    static let traceDuration = OptionRange(name: "--duration", lower: 0, upper: 86_400, unit: "seconds")
    static let at = OptionRange(name: "--at", lower: -86_400, upper: 86_400, unit: "seconds")
    static let maxFrameRate = OptionRange(name: "--max-frame-rate", lower: 1, upper: 240, unit: "frames per second")
    // Space.
    static let scale = OptionRange(name: "--scale", lower: 0.01, upper: 16)
    static let sizeSide = OptionRange(name: "--size", lower: 1, upper: 20_000, unit: "points per side")
    // Work.
    static let threads = OptionRange(name: "--threads", lower: 0, upper: 1024, integral: true)
    static let jobs = OptionRange(name: "--jobs", lower: 1, upper: 1024, integral: true)
    static let layers = OptionRange(name: "--layers", lower: 1, upper: 256, integral: true)
    static let runs = OptionRange(name: "--runs", lower: 1, upper: 10_000, integral: true)
    static let port = OptionRange(name: "--port", lower: 0, upper: 65_535, integral: true)
    static let seed = OptionRange(name: "seed", lower: 0, upper: 9_007_199_254_740_992, integral: true)
    // Budgets (docs/LIMITS.md).
    static let maxParticles = OptionRange(name: "--max-particles", lower: 0, upper: 1_000_000_000, integral: true)
    static let maxImageMB = OptionRange(name: "--max-image-mb", lower: 0, upper: 1_048_576, integral: true)
    static let maxFrames = OptionRange(name: "--max-frames", lower: 1, upper: 10_000_000, integral: true)
    static let maxCoverage = OptionRange(name: "--max-coverage", lower: 0, upper: 1e9, unit: "megapixels")
}
