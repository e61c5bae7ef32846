import Testing
import StardustCore
@testable import StardustRender

/// The gradient ramp cache (docs/RENDERER.md, "Gradient ramp cache") against building every ramp afresh with
/// `PaintShader.makeRamp`, bit for bit, on hits, on misses built from the opacity-1 ramp, and after it empties.
@Suite struct GradientRampCacheTests {
    /// The ramp the cache replaces: built from the stops at this opacity, its opacity and packed bytes as before.
    static func fresh(_ stops: [GradientStop], _ opacity: Float) -> (colors: [SIMD4<UInt32>], opaque: Bool, pixels: [UInt32]) {
        let colors = PaintShader.makeRamp(stops, opacity: opacity)
        let opaque = colors.allSatisfy { $0.w == 1 }
        return (colors.map { SIMD4($0.x.bitPattern, $0.y.bitPattern, $0.z.bitPattern, $0.w.bitPattern) }, opaque,
                opaque ? colors.map(PaintShader.pack) : [])
    }

    static func bits(_ r: GradientRamp) -> (colors: [SIMD4<UInt32>], opaque: Bool, pixels: [UInt32]) {
        (r.colors.map { SIMD4($0.x.bitPattern, $0.y.bitPattern, $0.z.bitPattern, $0.w.bitPattern) }, r.isOpaque, r.pixels)
    }

    static let gradients: [[GradientStop]] = [
        [GradientStop(0, Color(red: 1, green: 0, blue: 0, alpha: 1)), GradientStop(1, Color(red: 0, green: 0, blue: 1, alpha: 1))],
        [GradientStop(0.2, Color(red: 0.3, green: 0.7, blue: 0.1, alpha: 0.4)), GradientStop(0.5, Color(red: 1, green: 1, blue: 1, alpha: 1)),
         GradientStop(0.9, Color(red: 0.05, green: 0.2, blue: 0.9, alpha: 0))],
        // Unsorted, coincident and out-of-range locations; a NaN location (clamped to 0) and a NaN color.
        [GradientStop(0.7, Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)), GradientStop(0.7, Color(red: 0.9, green: 0.1, blue: 0.3, alpha: 1)),
         GradientStop(-0.3, Color(red: 0, green: 0, blue: 0, alpha: 1)), GradientStop(1.4, Color(red: 1, green: 1, blue: 0, alpha: 0.5))],
        [GradientStop(.nan, Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)), GradientStop(0.6, Color(red: .nan, green: 0.1, blue: 0.3, alpha: 0.9))],
        [GradientStop(0.5, Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 1))],
        [GradientStop(-0.0, Color(red: -0.0, green: 1, blue: 0, alpha: 1)), GradientStop(1, Color(red: 0, green: 0.5, blue: 1, alpha: 1))],
        [GradientStop(0, Color(red: 0, green: 1, blue: 0, alpha: 1)), GradientStop(1, Color(red: 0, green: 0.5, blue: 1, alpha: 1))],
    ]
    static let opacities: [Float] = [1, 0.5, 0, 0.999, 1e-3, 0.37]

    @Test func everyRampMatchesAFreshOneOnMissAndOnHit() {
        // Each order of opacities: the opacity-1 ramp made first (others multiplied from it) or last (built directly).
        for order in [Self.opacities, Self.opacities.reversed()] {
            let cache = GradientRampCache(capacity: 64)
            for pass in 0..<2 { // the second pass hits
                for stops in Self.gradients {
                    for op in order {
                        let got = Self.bits(cache.ramp(stops, opacity: op)), want = Self.fresh(stops, op)
                        #expect(got.colors == want.colors, "pass \(pass) opacity \(op) stops \(stops)")
                        #expect(got.opaque == want.opaque && got.pixels == want.pixels, "pass \(pass) opacity \(op)")
                    }
                }
            }
        }
    }

    @Test func aSmallCacheStaysBoundedAndKeepsGivingTheSameRamps() {
        let cache = GradientRampCache(capacity: 5)
        for round in 0..<3 {
            for (i, stops) in Self.gradients.enumerated() {
                for op in Self.opacities where (Int(op * 1000) + i + round) % 2 == 0 || op == 1 {
                    let got = Self.bits(cache.ramp(stops, opacity: op)), want = Self.fresh(stops, op)
                    #expect(got.colors == want.colors && got.opaque == want.opaque && got.pixels == want.pixels)
                    #expect(cache.count <= 5)
                }
            }
        }
    }

    @Test func theShaderPaintsWhatAFreshRampPaints() {
        // A translucent radial and an opaque linear gradient through PaintShader (which reads the shared cache),
        // against the fresh ramp indexed as the shader indexes it.
        let device = Transform2D(scaleX: 1.5, y: 0.75)
        for (stops, op) in [(Self.gradients[1], 0.6), (Self.gradients[0], 1.0)] {
            for paint in [Paint.radialGradient(center: Point(x: 10, y: 8), radius: 14, stops: stops),
                          Paint.linearGradient(start: Point(x: 0, y: 0), end: Point(x: 30, y: 5), stops: stops)] {
                for _ in 0..<2 {
                    let shader = PaintShader(paint: paint, opacity: op, deviceFromLocal: device)
                    let fresh = PaintShader.makeRamp(stops, opacity: Float(op))
                    #expect(Self.bits(GradientRamp(colors: shader.ramp)).colors == Self.bits(GradientRamp(colors: fresh)).colors)
                    #expect(shader.isOpaque == fresh.allSatisfy { $0.w == 1 })
                    #expect(shader.rampPixels == (shader.isOpaque ? fresh.map(PaintShader.pack) : []))
                }
            }
        }
    }
}
