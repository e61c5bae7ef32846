import StardustCore
import StardustParticles

/// Over-life curves and color ramps written as constants in the presets (docs/PARTICLE-MODEL.md §2.6).
/// Their stops are literals within the curve budget, so construction cannot fail: a mistake in one is
/// a programming error caught by the preset tests, not a user error.
enum PresetCurves {
    /// A curve through `stops` (normalised age, value).
    static func curve(_ stops: [(Double, Double)], _ mode: CurveInterpolation) -> ParticleCurve {
        try! ParticleCurve(times: stops.map(\.0), values: stops.map(\.1), interpolation: mode)  // swiftlint:disable:this force_try
    }

    /// A color ramp through `stops` (normalised age, color).
    static func ramp(_ stops: [(Double, Color)], _ mode: CurveInterpolation) -> ColorRamp {
        try! ColorRamp(times: stops.map(\.0), colors: stops.map(\.1), interpolation: mode)  // swiftlint:disable:this force_try
    }

    /// A color from 0…1 components (alpha 1 unless given).
    static func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> Color {
        Color(red: r, green: g, blue: b, alpha: a)
    }
}
