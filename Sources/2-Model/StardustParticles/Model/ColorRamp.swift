import StardustCore

/// A color over each particle's life: color stops at normalised ages (0 = birth, 1 = end of life),
/// joined per component by ``CurveInterpolation``, flat before the first stop and after the last
/// (docs/PARTICLE-MODEL.md §2.6). ``CellExtensions/colorOverLife`` multiplies each particle's
/// color by it; with ``CellExtensions/secondColorOverLife`` each particle takes its own fixed mix
/// of the two ramps.
public struct ColorRamp: Hashable, Sendable {
    /// Stop times in 0…1, not decreasing (at most ``ParticleCurve/maximumStops``).
    public let times: [Double]
    /// The color at each stop (components are not clamped; the drawn color is).
    public let colors: [Color]
    /// How colors are joined between stops.
    public let interpolation: CurveInterpolation
    let rgba: [SIMD4<Double>]

    /// A ramp through `(times[i], colors[i])`; throws on a bad stop (see ``ParticleCurveError``).
    public init(times: [Double], colors: [Color], interpolation: CurveInterpolation = .linear) throws(ParticleCurveError) {
        guard times.count == colors.count else { throw .countMismatch }
        try ParticleCurveError.check(times)
        for (i, c) in colors.enumerated() where !(c.red.isFinite && c.green.isFinite && c.blue.isFinite && c.alpha.isFinite) {
            throw .nonFiniteValue(index: i)
        }
        self.times = times; self.colors = colors; self.interpolation = interpolation
        rgba = colors.map { SIMD4($0.red, $0.green, $0.blue, $0.alpha) }
    }

    /// The color (r, g, b, a) at normalised age `f`.
    @inline(__always) public func value(at f: Double) -> SIMD4<Double> {
        let (i, u) = curveSegment(times, f)
        if i < 0 { return rgba[0] }
        if i + 1 >= rgba.count { return rgba[i] }
        return rgba[i] + (rgba[i + 1] - rgba[i]) * interpolation.weight(u)
    }

    public static func == (a: ColorRamp, b: ColorRamp) -> Bool {
        a.times == b.times && a.colors == b.colors && a.interpolation == b.interpolation
    }
    public func hash(into h: inout Hasher) { h.combine(times); h.combine(colors); h.combine(interpolation) }
}
