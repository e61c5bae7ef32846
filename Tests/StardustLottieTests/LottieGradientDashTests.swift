import Foundation
import StardustCore
import StardustLottie
import Testing

/// Gradient fills (linear, radial, alpha stops), animated dashes and trims on fills, against analytic values
/// (Tests/Fixtures/lottie/).
@Suite("Lottie gradients, dashes, trimmed fills, round corners")
struct LottieGradientDashTests {
    typealias F = LottieFixtures

    /// Black at x 0 to white at x 100: the pixel centred on x + ½ is 255 (x + ½) / 100.
    @Test func linearGradientValueAtKnownPoints() throws {
        let image = try F.render("gradient-linear.json", frame: 0)
        for x in [10, 25, 50, 75, 90] {
            let expected = 255 * (Double(x) + 0.5) / 100
            #expect(abs(Double(image[x, 50].r) - expected) <= 3, "x \(x): \(image[x, 50]), expected \(expected)")
            #expect(image[x, 20].r == image[x, 80].r)
        }
    }

    /// Red with alpha 1 at x 0 to 0 at x 100 (alpha stops separate from the colour stops).
    @Test func alphaStopsFadeTheGradient() throws {
        let image = try F.render("gradient-alpha.json", frame: 0)
        for x in [10, 50, 90] {
            let expected = 255 * (1 - (Double(x) + 0.5) / 100)
            #expect(abs(Double(image[x, 50].a) - expected) <= 3, "x \(x): \(image[x, 50])")
            #expect(image[x, 50].g == 0 && image[x, 50].b == 0)
        }
    }

    /// White at (50, 50) to black at radius 40.
    @Test func radialGradientValueAtKnownRadii() throws {
        let image = try F.render("gradient-radial.json", frame: 0)
        for d in [0, 10, 20, 30] {
            let r = hypot(Double(d) + 0.5, 0.5)
            let expected = 255 * (1 - r / 40)
            #expect(abs(Double(image[50 + d, 50].r) - expected) <= 3, "d \(d): \(image[50 + d, 50]), expected \(expected)")
            #expect(abs(Int(image[50 + d, 50].r) - Int(image[50, 50 + d].r)) <= 1)
        }
        #expect(image[95, 50].r < 3 && image[95, 50].a == 255)
    }

    /// Dash 10, gap 10 along y = 50; the dash offset runs 0 → 10 over frames 0…10.
    @Test func dashesHaveTheirLengthAndTheOffsetMovesThem() throws {
        func runs(_ frame: Double) throws -> String {
            let image = try F.render("dash.json", frame: frame)
            return String((0..<100).map { image[$0, 50].a > 127 ? "#" : "." })
        }
        let dash = String(repeating: "#", count: 10), gap = String(repeating: ".", count: 10)
        #expect(try runs(0) == String(repeating: dash + gap, count: 5))
        #expect(try runs(10) == String(repeating: gap + dash, count: 5))
        #expect(try runs(5) == "#####" + String(repeating: gap + dash, count: 4) + gap + "#####")
    }

    /// A 40×40 square's fill trimmed to 0…50 %: the trimmed outline, closed, holds half the area.
    @Test func trimOnAFillCutsItsArea() throws {
        let image = try F.render("trim-fill.json", frame: 0)
        #expect(abs(F.coverage(image) - 800) < 20, "coverage \(F.coverage(image))")
    }

    /// Radius 10 on a 40×40 square: each corner loses 10² − π·10²/4 (the cubic is within 0.03 % of the circle).
    @Test func roundCornersTakeTheCornersOff() throws {
        let image = try F.render("round-corners.json", frame: 0)
        let expected = 1600 - 4 * (100 - Double.pi * 25)
        #expect(abs(F.coverage(image) - expected) < 6, "coverage \(F.coverage(image)), expected \(expected)")
        #expect(F.isEmpty(image, 31, 31))
        #expect(F.isRed(image, 35, 35))
        #expect(F.isRed(image, 31, 50))
    }
}
