import Foundation
import StardustCore
import Testing
@testable import StardustRender

/// Radial, elliptical and conic gradients against their formulas, and the precision of 8-bit gradient output
/// (docs/DRAWING.md, "Gradients": no dithering; enough precision that an 8-bit output steps one
/// level at a time in bands as wide as the slope gives).
@Suite struct GradientGeometryTests {
    static let blackToWhite = [GradientStop(0, .black), GradientStop(1, .white)]

    /// The red channel (premultiplied, opaque) of pixel (x, y) after filling a `w`×`h` canvas with `paint`.
    func render(_ paint: Paint, w: Int = 120, h: Int = 100) -> Image {
        var img = Image(width: w, height: h)
        img.fill(Path(rect: Rect(0, 0, Double(w), Double(h))), paint: paint)
        return img
    }

    func red(_ img: Image, _ x: Int, _ y: Int) -> Int { Int(img.pixels[(y * img.width + x) * 4]) }

    /// The 8-bit value the formula gives at the centre of pixel (x, y), for a black-to-white gradient of parameter `t`.
    func level(_ t: Double) -> Double { min(max(t, 0), 1) * 255 }

    @Test func radialGradientValueAtAKnownRadius() {
        let img = render(.radialGradient(center: Point(60.5, 50.5), radius: 40, stops: Self.blackToWhite))
        for (x, y) in [(80, 50), (60, 30), (88, 78), (60, 50), (110, 50)] {
            let r = Point(Double(x) + 0.5, Double(y) + 0.5).distance(to: Point(60.5, 50.5))
            #expect(abs(Double(red(img, x, y)) - level(r / 40)) <= 1, "pixel (\(x), \(y)) at radius \(r)")
        }
    }

    @Test func ellipticalGradientValueOnItsAxes() {
        // Semi-axes 50 (x) and 20 (y): location 0.5 at 25 points across and at 10 points down.
        let img = render(.ellipticalGradient(center: Point(60.5, 50.5), radiusX: 50, radiusY: 20, stops: Self.blackToWhite))
        #expect(abs(Double(red(img, 85, 50)) - 127.5) <= 1)
        #expect(abs(Double(red(img, 60, 60)) - 127.5) <= 1)
        #expect(abs(Double(red(img, 35, 50)) - 127.5) <= 1)
        // On the ellipse and beyond: the last color.
        #expect(red(img, 60, 75) == 255 && red(img, 115, 50) == 255)
        for (x, y) in [(70, 55), (45, 40), (90, 62)] {
            let dx = (Double(x) + 0.5 - 60.5) / 50, dy = (Double(y) + 0.5 - 50.5) / 20
            #expect(abs(Double(red(img, x, y)) - level((dx * dx + dy * dy).squareRoot())) <= 1, "pixel (\(x), \(y))")
        }
    }

    @Test func conicGradientValueAtKnownAngles() {
        // Start at +x, clockwise on a y-down screen: a quarter turn is straight down.
        let img = render(.conicGradient(center: Point(60, 50), startAngle: 0, stops: Self.blackToWhite))
        func at(_ degrees: Double) -> Int {
            let a = degrees * .pi / 180
            return red(img, Int(60 + 30 * cos(a)), Int(50 + 30 * sin(a)))
        }
        for degrees in [10.0, 90, 180, 270, 300] {
            let a = degrees * .pi / 180
            let x = Int(60 + 30 * cos(a)), y = Int(50 + 30 * sin(a))
            var t = atan2(Double(y) + 0.5 - 50, Double(x) + 0.5 - 60) / (2 * .pi)
            if t < 0 { t += 1 }
            #expect(abs(Double(at(degrees)) - level(t)) <= 1, "\(degrees)°")
        }
        #expect(abs(at(90) - 64) <= 2 && abs(at(180) - 128) <= 2 && abs(at(270) - 191) <= 2)
        // A start angle of −90° (pointing up) moves location 0 to 12 o'clock: 3 o'clock is then a quarter turn.
        let up = render(.conicGradient(center: Point(60, 50), startAngle: -Double.pi / 2, stops: Self.blackToWhite))
        #expect(abs(red(up, 90, 50) - 64) <= 2)
        #expect(abs(red(up, 60, 80) - 128) <= 2)
    }

    @Test func degenerateGradientsPaintTheLastStop() {
        for paint in [Paint.ellipticalGradient(center: Point(10, 10), radiusX: 0, radiusY: 5, stops: Self.blackToWhite),
                      .ellipticalGradient(center: Point(10, 10), radiusX: 5, radiusY: .nan, stops: Self.blackToWhite),
                      .conicGradient(center: Point(10, 10), startAngle: .infinity, stops: Self.blackToWhite)] {
            let img = render(paint, w: 20, h: 20)
            #expect(img.pixels.allSatisfy { $0 == 255 }, "\(paint)")
        }
    }

    /// Runs of equal values along a row: (value, length) pairs.
    func runs(_ values: [Int]) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        for v in values {
            if let last = out.last, last.0 == v { out[out.count - 1].1 += 1 } else { out.append((v, 1)) }
        }
        return out
    }

    @Test func aSlowAxialGradientStepsOneLevelAtATimeWithoutWideBands() {
        // Black to white across 2048 pixels: 8 pixels per level. Every step is one level; no band is wider than
        // 8 pixels plus the ramp's resolution (2048 / 1023 ≈ 2 pixels, at each end).
        let w = 2048
        let img = render(.linearGradient(start: Point(0, 0), end: Point(Double(w), 0), stops: Self.blackToWhite), w: w, h: 1)
        let row = (0..<w).map { red(img, $0, 0) }
        let r = runs(row)
        #expect(zip(r, r.dropFirst()).allSatisfy { $1.0 - $0.0 == 1 }, "every step is one level up")
        #expect(r.count == 256)
        let inner = r.dropFirst().dropLast().map(\.1)
        #expect(inner.max()! <= 8 + 4 && inner.min()! >= 8 - 4, "bands \(inner.min()!)…\(inner.max()!) pixels")
    }

    @Test func aSlowDarkRadialGradientHasNoRepeatedBands() {
        // A narrow dark range (levels 20…40) over a 1000-pixel radius: 50 pixels per level in theory; each level
        // appears once along the radius, in one band of at most 50 + 2 × (1000 / 1023) + 1 pixels.
        let stops = [GradientStop(0, Color(red: 20.0 / 255, green: 20.0 / 255, blue: 20.0 / 255, alpha: 1)),
                     GradientStop(1, Color(red: 40.0 / 255, green: 40.0 / 255, blue: 40.0 / 255, alpha: 1))]
        let img = render(.radialGradient(center: Point(0, 0.5), radius: 1000, stops: stops), w: 1000, h: 1)
        let r = runs((0..<1000).map { red(img, $0, 0) })
        #expect(zip(r, r.dropFirst()).allSatisfy { $1.0 - $0.0 == 1 }, "one level at a time, each level once")
        let inner = r.dropFirst().dropLast().map(\.1)
        #expect(inner.max()! <= 54 && inner.min()! >= 46, "bands \(inner.min()!)…\(inner.max()!) pixels")
    }
}
