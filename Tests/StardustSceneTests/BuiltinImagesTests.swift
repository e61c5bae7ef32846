import XCTest
import Foundation
import StardustCore
@testable import StardustScene

final class BuiltinImagesTests: XCTestCase {
    /// The documented sizes (docs/IMAGES.md).
    let documented: [String: (Int, Int)] = [
        "dot": (32, 32), "blurry-dot": (32, 32), "snowflake": (64, 64), "maple-leaf": (64, 64),
        "maple-leaf-red": (64, 64), "confetti": (16, 8), "spark": (32, 32), "star": (64, 64),
    ]

    func image(_ name: String) -> Image { BuiltinImages.image(named: name)! }

    /// Bilinear alpha (0…1) at a continuous position (pixel centers at half-integers); 0 outside.
    func alpha(_ img: Image, _ p: Point) -> Double {
        let x = p.x - 0.5, y = p.y - 0.5
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        func a(_ i: Int, _ j: Int) -> Double {
            guard i >= 0, j >= 0, i < img.width, j < img.height else { return 0 }
            return Double(img[i, j].a) / 255
        }
        return (a(x0, y0) * (1 - fx) + a(x0 + 1, y0) * fx) * (1 - fy) + (a(x0, y0 + 1) * (1 - fx) + a(x0 + 1, y0 + 1) * fx) * fy
    }

    /// Mean |α(p) − α(rotated p)| over rings of sample points around `center`.
    func rotationDifference(_ img: Image, center: Point, angle: Double, radii: [Double]) -> Double {
        var sum = 0.0, n = 0
        for r in radii {
            for k in 0..<180 {
                let a = Double(k) * 2 * .pi / 180
                let p = Point(center.x + r * cos(a), center.y + r * sin(a))
                let q = Point(center.x + r * cos(a + angle), center.y + r * sin(a + angle))
                sum += abs(alpha(img, p) - alpha(img, q)); n += 1
            }
        }
        return sum / Double(n)
    }

    func testNamesSizesAndPrefix() {
        XCTAssertEqual(Set(BuiltinImages.names), Set(documented.keys))
        for (name, (w, h)) in documented {
            let img = image(name)
            XCTAssertEqual(img.width, w, name); XCTAssertEqual(img.height, h, name)
            XCTAssertEqual(BuiltinImages.pixelSize(named: name)?.width, w)
            XCTAssertEqual(BuiltinImages.pixelSize(named: "builtin:" + name)?.height, h)
            XCTAssertEqual(BuiltinImages.image(named: "builtin:" + name), img)
        }
        XCTAssertNil(BuiltinImages.image(named: "nope"))
        XCTAssertNil(BuiltinImages.texture(named: "builtin:nope"))
        XCTAssertNil(BuiltinImages.pixelSize(named: "builtin:"))
    }

    func testPremultipliedValidAndWhite() {
        for name in BuiltinImages.names {
            let img = image(name)
            var maxAlpha: UInt8 = 0
            for y in 0..<img.height { for x in 0..<img.width {
                let p = img[x, y]
                XCTAssertTrue(p.r <= p.a && p.g <= p.a && p.b <= p.a, "\(name) (\(x), \(y))")
                if name != "maple-leaf-red" { XCTAssertTrue(p.r == p.a && p.g == p.a && p.b == p.a, "\(name) is white") }
                maxAlpha = max(maxAlpha, p.a)
            } }
            XCTAssertGreaterThanOrEqual(maxAlpha, 250, name)
            // Transparent corners: every image leaves room for an anti-aliased edge.
            XCTAssertEqual(img[0, 0].a, 0, name); XCTAssertEqual(img[img.width - 1, img.height - 1].a, 0, name)
        }
    }

    func testDot() {
        let img = image("dot")
        XCTAssertEqual(img[16, 16].a, 255); XCTAssertEqual(img[15, 15].a, 255)
        XCTAssertEqual(img[0, 31].a, 0); XCTAssertEqual(img[31, 0].a, 0)
        let area = (0..<32).reduce(0.0) { s, y in (0..<32).reduce(s) { $0 + Double(img[$1, y].a) / 255 } }
        XCTAssertEqual(area, .pi * 225, accuracy: .pi * 225 * 0.01)
        // Anti-aliased edge: some pixels are partially covered.
        XCTAssertTrue((0..<32).contains { x in img[x, 16].a > 0 && img[x, 16].a < 255 })
    }

    func testRotationInvariantFlagMatchesThePixels() {
        for name in BuiltinImages.names {
            let img = image(name)
            let c = Point(Double(img.width) / 2, Double(img.height) / 2)
            let radii = stride(from: 2.0, to: Double(max(img.width, img.height)) / 2, by: 2).map { $0 }
            let diff = rotationDifference(img, center: c, angle: 0.7, radii: radii)
            if BuiltinImages.isRotationInvariant(named: "builtin:" + name) {
                XCTAssertLessThan(diff, 0.01, name)
            } else {
                XCTAssertGreaterThan(diff, 0.02, name)
            }
        }
        XCTAssertTrue(BuiltinImages.isRotationInvariant(named: "dot"))
        XCTAssertFalse(BuiltinImages.isRotationInvariant(named: "snowflake"))
    }

    func testBlurryDotFallsOffLikeAGaussian() {
        let img = image("blurry-dot")
        XCTAssertGreaterThanOrEqual(img[15, 15].a, 250)
        // Along a ray from the center, alpha never increases and matches the documented profile.
        var last = 256
        for x in 16..<32 { let a = Int(img[x, 16].a); XCTAssertLessThanOrEqual(a, last); last = a }
        let floor = exp(-4.5)
        for r in [3.0, 16.0 / 3, 8, 12] {
            let expected = (exp(-r * r / (2 * (16.0 / 3) * (16.0 / 3))) - floor) / (1 - floor)
            XCTAssertEqual(alpha(img, Point(16 + r, 16)), expected, accuracy: 0.03, "r = \(r)")
        }
        XCTAssertLessThanOrEqual(img[0, 16].a, 2)
    }

    func testSnowflakeIsSixFoldAndMirrorSymmetric() {
        let img = image("snowflake")
        let c = Point(32, 32), radii = [6.0, 10, 14, 18, 22, 26]
        var total = 0.0
        for r in radii {
            for k in 0..<180 {
                let a = Double(k) * Double.pi / 90
                total += alpha(img, Point(c.x + r * cos(a), c.y + r * sin(a)))
            }
        }
        let mean = total / Double(radii.count * 180)
        XCTAssertGreaterThan(mean, 0.15)
        XCTAssertLessThan(rotationDifference(img, center: c, angle: .pi / 3, radii: radii), 0.05 * mean * 2)
        XCTAssertGreaterThan(rotationDifference(img, center: c, angle: .pi / 6, radii: radii), mean * 0.5)
        for y in 0..<64 { for x in 0..<64 { XCTAssertEqual(Double(img[x, y].a), Double(img[63 - x, y].a), accuracy: 2) } }
        // An arm points straight up; between two arms, at the rim, nothing is drawn.
        XCTAssertEqual(img[31, 8].a, 255)
        XCTAssertEqual(alpha(img, Point(32 + 26 * cos(-Double.pi / 3), 32 + 26 * sin(-Double.pi / 3))), 0)
    }

    func testStarIsFiveFoldSymmetric() {
        let img = image("star")
        let c = StarImage.center
        let radii = [4.0, 8, 12, 16, 20, 24]
        XCTAssertLessThan(rotationDifference(img, center: c, angle: 2 * .pi / 5, radii: radii), 0.02)
        XCTAssertGreaterThan(rotationDifference(img, center: c, angle: .pi / 5, radii: [16, 20, 24]), 0.3)
        XCTAssertEqual(alpha(img, c), 1, accuracy: 1e-9)
        XCTAssertEqual(alpha(img, Point(c.x, c.y - 25)), 1, accuracy: 1e-9)   // inside the top point
        XCTAssertEqual(alpha(img, Point(c.x, c.y + 25)), 0, accuracy: 1e-9)   // between the two lower points
        for y in 0..<64 { for x in 0..<64 { XCTAssertEqual(Double(img[x, y].a), Double(img[63 - x, y].a), accuracy: 2) } }
    }

    func testMapleLeafShape() {
        let white = image("maple-leaf"), red = image("maple-leaf-red")
        for y in 0..<64 { for x in 0..<64 { XCTAssertEqual(Double(white[x, y].a), Double(white[63 - x, y].a), accuracy: 2) } }
        XCTAssertEqual(white[31, 30].a, 255); XCTAssertEqual(white[32, 56].a, 255) // body and stem
        XCTAssertEqual(white[40, 56].a, 0)                                          // beside the stem
        XCTAssertEqual(white[44, 14].a, 0, "the notch between the top and right lobes is empty")
        XCTAssertGreaterThan(white[57, 14].a, 0) // the right lobe's tip
        XCTAssertEqual(red[20, 30].a, 255)
        XCTAssertGreaterThan(red[20, 30].r, 2 * red[20, 30].g)
        // Same silhouette.
        for y in 0..<64 { for x in 0..<64 where white[x, y].a == 0 { XCTAssertEqual(red[x, y].a, 0) } }
    }

    func testConfettiAndSpark() {
        let conf = image("confetti")
        for y in 0..<8 { for x in 0..<16 {
            let inside = x >= 1 && x < 15 && y >= 1 && y < 7
            XCTAssertEqual(conf[x, y].a, inside ? 255 : 0)
        } }
        let spark = image("spark")
        XCTAssertEqual(spark[16, 16].a, 255)
        XCTAssertGreaterThan(spark[24, 20].a, 0); XCTAssertLessThan(spark[24, 20].a, 128)
        XCTAssertEqual(spark[0, 0].a, 0)
        XCTAssertGreaterThan(alpha(spark, Point(27, 16)), alpha(spark, Point(16 + 11 * 0.7071, 16 + 11 * 0.7071))) // the rays
    }

    func testTexturesAreSharedAndThreadSafe() {
        let t = BuiltinImages.texture(named: "builtin:dot")!
        XCTAssertTrue(t === BuiltinImages.texture(named: "dot"))
        XCTAssertEqual(t.image, image("dot"))
        XCTAssertEqual(t.levels.last?.width, 1)
        let ids = UnsafeMutableBufferPointer<ObjectIdentifier?>.allocate(capacity: 8)
        ids.initialize(repeating: nil)
        defer { ids.deallocate() }
        let box = UnsafeSendableBuffer(ids)
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            box.buffer[i] = BuiltinImages.texture(named: "snowflake").map(ObjectIdentifier.init)
        }
        XCTAssertEqual(Set(ids.compactMap { $0 }).count, 1)
    }
}

/// Lets concurrent iterations write to distinct slots of one buffer.
struct UnsafeSendableBuffer: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<ObjectIdentifier?>
    init(_ b: UnsafeMutableBufferPointer<ObjectIdentifier?>) { buffer = b }
}
