import Testing
import Foundation
import StardustCore
@testable import StardustScene

@Suite struct BuiltinImagesTests {
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

    @Test("names sizes and prefix") func namesSizesAndPrefix() {
        #expect(Set(BuiltinImages.names) == Set(documented.keys))
        for (name, (w, h)) in documented {
            let img = image(name)
            #expect(img.width == w, "\(name)"); #expect(img.height == h, "\(name)")
            #expect(BuiltinImages.pixelSize(named: name)?.width == w)
            #expect(BuiltinImages.pixelSize(named: "builtin:" + name)?.height == h)
            #expect(BuiltinImages.image(named: "builtin:" + name) == img)
        }
        #expect(BuiltinImages.image(named: "nope") == nil)
        #expect(BuiltinImages.texture(named: "builtin:nope") == nil)
        #expect(BuiltinImages.pixelSize(named: "builtin:") == nil)
    }

    @Test("premultiplied valid and white") func premultipliedValidAndWhite() {
        for name in BuiltinImages.names {
            let img = image(name)
            var maxAlpha: UInt8 = 0
            for y in 0..<img.height { for x in 0..<img.width {
                let p = img[x, y]
                #expect(p.r <= p.a && p.g <= p.a && p.b <= p.a, "\(name) (\(x), \(y))")
                if name != "maple-leaf-red" { #expect(p.r == p.a && p.g == p.a && p.b == p.a, "\(name) is white") }
                maxAlpha = max(maxAlpha, p.a)
            } }
            #expect(maxAlpha >= 250, "\(name)")
            // Transparent corners: every image leaves room for an anti-aliased edge.
            #expect(img[0, 0].a == 0, "\(name)"); #expect(img[img.width - 1, img.height - 1].a == 0, "\(name)")
        }
    }

    @Test("dot") func dot() {
        let img = image("dot")
        #expect(img[16, 16].a == 255); #expect(img[15, 15].a == 255)
        #expect(img[0, 31].a == 0); #expect(img[31, 0].a == 0)
        let area = (0..<32).reduce(0.0) { s, y in (0..<32).reduce(s) { $0 + Double(img[$1, y].a) / 255 } }
        #expect(abs(area - (.pi * 225)) <= .pi * 225 * 0.01)
        // Anti-aliased edge: some pixels are partially covered.
        #expect((0..<32).contains { x in img[x, 16].a > 0 && img[x, 16].a < 255 })
    }

    @Test("rotation invariant flag matches the pixels") func rotationInvariantFlagMatchesThePixels() {
        for name in BuiltinImages.names {
            let img = image(name)
            let c = Point(Double(img.width) / 2, Double(img.height) / 2)
            let radii = stride(from: 2.0, to: Double(max(img.width, img.height)) / 2, by: 2).map { $0 }
            let diff = rotationDifference(img, center: c, angle: 0.7, radii: radii)
            if BuiltinImages.isRotationInvariant(named: "builtin:" + name) {
                #expect(diff < 0.01, "\(name)")
            } else {
                #expect(diff > 0.02, "\(name)")
            }
        }
        #expect(BuiltinImages.isRotationInvariant(named: "dot"))
        #expect(!(BuiltinImages.isRotationInvariant(named: "snowflake")))
    }

    @Test("blurry dot falls off like a gaussian") func blurryDotFallsOffLikeAGaussian() {
        let img = image("blurry-dot")
        #expect(img[15, 15].a >= 250)
        // Along a ray from the center, alpha never increases and matches the documented profile.
        var last = 256
        for x in 16..<32 { let a = Int(img[x, 16].a); #expect(a <= last); last = a }
        let floor = exp(-4.5)
        for r in [3.0, 16.0 / 3, 8, 12] {
            let expected = (exp(-r * r / (2 * (16.0 / 3) * (16.0 / 3))) - floor) / (1 - floor)
            #expect(abs((alpha(img, Point(16 + r, 16))) - expected) <= 0.03, "r = \(r)")
        }
        #expect(img[0, 16].a <= 2)
    }

    @Test("snowflake is six fold and mirror symmetric") func snowflakeIsSixFoldAndMirrorSymmetric() {
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
        #expect(mean > 0.15)
        #expect(rotationDifference(img, center: c, angle: .pi / 3, radii: radii) < 0.05 * mean * 2)
        #expect(rotationDifference(img, center: c, angle: .pi / 6, radii: radii) > mean * 0.5)
        for y in 0..<64 { for x in 0..<64 { #expect(abs((Double(img[x, y].a)) - (Double(img[63 - x, y].a))) <= 2) } }
        // An arm points straight up; between two arms, at the rim, nothing is drawn.
        #expect(img[31, 8].a == 255)
        #expect(alpha(img, Point(32 + 26 * cos(-Double.pi / 3), 32 + 26 * sin(-Double.pi / 3))) == 0)
    }

    @Test("star is five fold symmetric") func starIsFiveFoldSymmetric() {
        let img = image("star")
        let c = StarImage.center
        let radii = [4.0, 8, 12, 16, 20, 24]
        #expect(rotationDifference(img, center: c, angle: 2 * .pi / 5, radii: radii) < 0.02)
        #expect(rotationDifference(img, center: c, angle: .pi / 5, radii: [16, 20, 24]) > 0.3)
        #expect(abs((alpha(img, c)) - 1) <= 1e-9)
        #expect(abs((alpha(img, Point(c.x, c.y - 25))) - 1) <= 1e-9)   // inside the top point
        #expect(abs((alpha(img, Point(c.x, c.y + 25))) - 0) <= 1e-9)   // between the two lower points
        for y in 0..<64 { for x in 0..<64 { #expect(abs((Double(img[x, y].a)) - (Double(img[63 - x, y].a))) <= 2) } }
    }

    @Test("maple leaf shape") func mapleLeafShape() {
        let white = image("maple-leaf"), red = image("maple-leaf-red")
        for y in 0..<64 { for x in 0..<64 { #expect(abs((Double(white[x, y].a)) - (Double(white[63 - x, y].a))) <= 2) } }
        #expect(white[31, 30].a == 255); #expect(white[32, 56].a == 255) // body and stem
        #expect(white[40, 56].a == 0)                                          // beside the stem
        #expect(white[44, 14].a == 0, "the notch between the top and right lobes is empty")
        #expect(white[57, 14].a > 0) // the right lobe's tip
        #expect(red[20, 30].a == 255)
        #expect(red[20, 30].r > 2 * red[20, 30].g)
        // Same silhouette.
        for y in 0..<64 { for x in 0..<64 where white[x, y].a == 0 { #expect(red[x, y].a == 0) } }
    }

    @Test("confetti and spark") func confettiAndSpark() {
        let conf = image("confetti")
        for y in 0..<8 { for x in 0..<16 {
            let inside = x >= 1 && x < 15 && y >= 1 && y < 7
            #expect(conf[x, y].a == (inside ? 255 : 0))
        } }
        let spark = image("spark")
        #expect(spark[16, 16].a == 255)
        #expect(spark[24, 20].a > 0); #expect(spark[24, 20].a < 128)
        #expect(spark[0, 0].a == 0)
        #expect(alpha(spark, Point(27, 16)) > alpha(spark, Point(16 + 11 * 0.7071, 16 + 11 * 0.7071))) // the rays
    }

    @Test("textures are shared and thread safe") func texturesAreSharedAndThreadSafe() {
        let t = BuiltinImages.texture(named: "builtin:dot")!
        #expect(t === BuiltinImages.texture(named: "dot"))
        #expect(t.image == image("dot"))
        #expect(t.levels.last?.width == 1)
        let ids = UnsafeMutableBufferPointer<ObjectIdentifier?>.allocate(capacity: 8)
        ids.initialize(repeating: nil)
        defer { ids.deallocate() }
        let box = UnsafeSendableBuffer(ids)
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            box.buffer[i] = BuiltinImages.texture(named: "snowflake").map(ObjectIdentifier.init)
        }
        #expect(Set(ids.compactMap { $0 }).count == 1)
    }
}

/// Lets concurrent iterations write to distinct slots of one buffer.
struct UnsafeSendableBuffer: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<ObjectIdentifier?>
    init(_ b: UnsafeMutableBufferPointer<ObjectIdentifier?>) { buffer = b }
}
