import Foundation
import StardustCore
import StardustRender

/// The round builtin images: `dot`, `blurry-dot` and `spark` (32×32, centered on (16, 16)).
enum DotImages {
    static let center = Point(16, 16)

    /// A white disc of radius 15 with an anti-aliased edge.
    static func drawDot(into img: inout Image) {
        img.fill(Path(ellipseIn: Rect(1, 1, 30, 30)), color: .white)
    }

    /// White with a Gaussian alpha (σ = 16/3 px), shifted and rescaled to reach 0 at radius 16:
    /// `α(r) = (e^(−r²/2σ²) − e^(−4.5)) / (1 − e^(−4.5))`, drawn as a radial gradient with 33 stops.
    static func drawBlurryDot(into img: inout Image) {
        let floor = exp(-4.5)
        let stops = (0...32).map { i -> GradientStop in
            let t = Double(i) / 32
            let a = (exp(-4.5 * t * t) - floor) / (1 - floor)
            return GradientStop(t, Color(white: 1, alpha: a))
        }
        img.fill(Path(ellipseIn: Rect(0, 0, 32, 32)), paint: .radialGradient(center: center, radius: 16, stops: stops))
    }

    /// An opaque core (radius ≈ 2 px) inside a soft glow that fades to 0 at radius 16, plus faint horizontal and vertical rays.
    static func drawSpark(into img: inout Image) {
        let stops = [GradientStop(0, .white), GradientStop(0.12, .white), GradientStop(0.2, Color(white: 1, alpha: 0.6)),
                     GradientStop(0.35, Color(white: 1, alpha: 0.3)), GradientStop(0.55, Color(white: 1, alpha: 0.12)),
                     GradientStop(0.8, Color(white: 1, alpha: 0.03)), GradientStop(1, Color(white: 1, alpha: 0))]
        img.fill(Path(ellipseIn: Rect(0, 0, 32, 32)), paint: .radialGradient(center: center, radius: 16, stops: stops))
        var rays = Path()
        for (dx, dy) in [(1.0, 0.0), (0.0, 1.0)] {
            let along = Point(dx, dy), across = Point(-dy, dx)
            rays.move(to: center - along * 14); rays.addLine(to: center + across * 1.2)
            rays.addLine(to: center + along * 14); rays.addLine(to: center - across * 1.2); rays.closeSubpath()
        }
        img.fill(rays, color: Color(white: 1, alpha: 0.35))
    }
}
