import Foundation
import Testing
import StardustCore
@testable import StardustRender

@Suite struct RasterPaintTests {
    func shade(_ s: PaintShader, y: Int, x0: Int, count: Int) -> [SIMD4<Float>] {
        var out = [SIMD4<Float>](repeating: SIMD4(repeating: -1), count: count)
        out.withUnsafeMutableBufferPointer { s.shade(y: y, x0: x0, count: count, into: $0.baseAddress!) }
        return out
    }

    @Test("linear gradient ends are padded stop colors") func linearGradientEndsArePaddedStopColors() {
        // Stops given out of order: they are sorted by location.
        let stops = [GradientStop(1, Color(red: 0, green: 0, blue: 1, alpha: 0.5)), GradientStop(0, .red)]
        let s = PaintShader(paint: .linearGradient(start: Point(2, 0), end: Point(10, 0), stops: stops), opacity: 1)
        let row = shade(s, y: 3, x0: 0, count: 14)
        #expect(row[0] == SIMD4(1, 0, 0, 1)); #expect(row[1] == SIMD4(1, 0, 0, 1))  // centers 0.5, 1.5 < start
        #expect(row[10] == SIMD4(0, 0, 0.5, 0.5)); #expect(row[13] == SIMD4(0, 0, 0.5, 0.5)) // ≥ end
        // Pixel 5's center 5.5 is at t = 3.5/8: the premultiplied mix of the two stops (ramp step 1/1023).
        let t: Float = 3.5 / 8
        let expected = SIMD4<Float>(1, 0, 0, 1) * (1 - t) + SIMD4<Float>(0, 0, 0.5, 0.5) * t
        for k in 0..<4 { #expect(abs(row[5][k] - expected[k]) <= 0.002) }
    }

    @Test("opacity and transform and degenerate cases") func opacityAndTransformAndDegenerateCases() {
        // A radial gradient in local space scaled ×2 into device pixels: device (20, 20) is the local center.
        let s = PaintShader(paint: .radialGradient(center: Point(10, 10), radius: 5, stops: [GradientStop(0, .white), GradientStop(1, .black)]),
                            opacity: 0.5, deviceFromLocal: Transform2D(scaleX: 2, y: 2))
        let row = shade(s, y: 19, x0: 19, count: 12)
        // Pixel (19, 19): local (9.75, 9.75), t = 0.0707; pixel (30, 19) is 10.5 px = 5.25 local units right: padded black.
        let t0 = Float(0.25 * 2.0.squareRoot() / 5)
        #expect(row[0].w == 0.5); #expect(abs(row[0].x - (0.5 * (1 - t0))) <= 0.001)
        #expect(row[11] == SIMD4(0, 0, 0, 0.5))
        // Degenerate gradients paint the last stop; a solid color is premultiplied with opacity.
        let same = PaintShader(paint: .linearGradient(start: Point(1, 1), end: Point(1, 1), stops: [GradientStop(0, .red), GradientStop(1, .green)]))
        #expect(same.isSolid); #expect(same.solidColor == SIMD4(0, 1, 0, 1))
        let flat = PaintShader(paint: .radialGradient(center: .zero, radius: 0, stops: [GradientStop(0, .red)]))
        #expect(flat.solidColor == SIMD4(1, 0, 0, 1))
        let solid = PaintShader(paint: .color(Color(red: 1, green: 0.5, blue: 0, alpha: 0.5)), opacity: 0.5)
        #expect(shade(solid, y: 0, x0: 0, count: 2) == [SIMD4(0.25, 0.125, 0, 0.25), SIMD4(0.25, 0.125, 0, 0.25)])
    }

    @Test("na n colors are sanitized") func naNColorsAreSanitized() {
        let nan = Color(red: .nan, green: 1, blue: 0, alpha: 1)
        #expect(PaintShader(paint: .color(nan)).solidColor == SIMD4(0, 1, 0, 1))
        let g = PaintShader(paint: .linearGradient(start: .zero, end: Point(4, 0), stops: [GradientStop(0, nan), GradientStop(1, .white)]))
        for c in shade(g, y: 0, x0: 0, count: 4) { #expect(!c.x.isNaN); #expect(c.w == 1) }
        var img = Image(width: 4, height: 4)
        img.fill(Path(rect: Rect(0, 0, 4, 4)), color: Color(red: .nan, green: .nan, blue: .nan, alpha: 1))
        #expect(img[1, 1] == PremultipliedPixel(r: 0, g: 0, b: 0, a: 255))
    }

    @Test("image gradient fill") func imageGradientFill() {
        var img = Image(width: 16, height: 2)
        img.fill(Path(rect: Rect(0, 0, 16, 2)), paint: .linearGradient(start: Point(0, 0), end: Point(16, 0), stops: [GradientStop(0, .black), GradientStop(1, .white)]))
        #expect(img[0, 0].a == 255); #expect(img[15, 1].a == 255)
        // Pixel x has t = (x + 0.5)/16: gray levels rise monotonically and match 255·t within rounding.
        for x in 0..<16 { #expect(abs((Double(img[x, 0].r)) - (255 * (Double(x) + 0.5) / 16)) <= 1) }
    }
}
