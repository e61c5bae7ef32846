import StardustCore

/// Dashed strokes and gradients: not drawn yet — dashes, radial gradients and gradient paints on shape layers
/// come with the `stroke` work. Until then a dashed stroke is drawn solid, and a gradient fill or stroke is drawn
/// with the mean colour of its stops.
extension LottieTranslator {
    func warnDashes(at path: String) {
        warn(path, "not drawn yet: dashes (the stroke is drawn solid)")
    }

    /// The stand-in colour of a gradient: its colour stops averaged, times the mean alpha stop.
    func gradientStandIn(_ g: LottieGradient, path: String) -> Color {
        warn(path, "not drawn yet: \(g.isRadial ? "radial" : "linear") gradient (drawn with its mean colour)")
        let v = g.stops.value.initial
        let n = min(g.colorStopCount, v.count / 4)
        guard n > 0 else { return .black }
        var r = 0.0, gr = 0.0, b = 0.0
        for k in 0..<n { r += v[4 * k + 1]; gr += v[4 * k + 2]; b += v[4 * k + 3] }
        var alpha = 1.0
        let alphas = (v.count - 4 * n) / 2
        if alphas > 0 {
            alpha = 0
            for k in 0..<alphas { alpha += v[4 * n + 2 * k + 1] }
            alpha /= Double(alphas)
        }
        return Color(red: r / Double(n), green: gr / Double(n), blue: b / Double(n), alpha: alpha)
    }
}
