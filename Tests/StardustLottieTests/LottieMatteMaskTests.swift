import Foundation
import StardustAnimation
import StardustCore
import StardustLottie
import Testing

/// Track mattes, masks, blend modes and the drop shadow against analytic pictures (Tests/Fixtures/lottie/).
@Suite("Lottie mattes, masks, blend modes, shadows")
struct LottieMatteMaskTests {
    typealias F = LottieFixtures

    /// The matte square covers 10…50 × 30…70 (1600 px) of the 100×100 blue solid.
    @Test(arguments: [("matte-alpha.json", 1600.0, 255, 0), ("matte-alpha-inverted.json", 8400, 0, 255),
                      ("matte-luma.json", 800, 128, 0), ("matte-luma-inverted.json", 9200, 128, 255)])
    func trackMattesCoverWhatTheMatteSays(_ name: String, area: Double, inside: Int, outside: Int) throws {
        let image = try F.render(name, frame: 0)
        #expect(abs(Int(image[30, 50].a) - inside) <= 3, "\(name) inside: \(image[30, 50])")
        #expect(abs(Int(image[80, 50].a) - outside) <= 3, "\(name) outside: \(image[80, 50])")
        #expect(Int(image[30, 50].b) >= Int(image[30, 50].a) - 1 && image[30, 50].r == 0)
        #expect(abs(F.coverage(image) - area) < 40, "\(name): coverage \(F.coverage(image)), expected \(area)")
        // The matte source itself is not drawn.
        #expect(image[30, 50].g == 0)
    }

    @Test func maskSubtractCutsAHole() throws {
        let image = try F.render("mask-subtract.json", frame: 0)
        #expect(F.isRed(image, 20, 20))
        #expect(F.isEmpty(image, 50, 50))
        #expect(F.isEmpty(image, 5, 5))
        #expect(abs(F.coverage(image) - (6400 - 400)) < 20, "coverage \(F.coverage(image))")
    }

    @Test func maskIntersectKeepsTheOverlap() throws {
        let image = try F.render("mask-intersect.json", frame: 0)
        #expect(F.span(image, row: 50) == 40...59)
        #expect(abs(F.coverage(image) - 2000) < 20)
    }

    @Test func maskDifferenceKeepsWhereOnlyOneCovers() throws {
        let image = try F.render("mask-difference.json", frame: 0)
        #expect(F.isRed(image, 20, 50) && F.isRed(image, 80, 50) && F.isEmpty(image, 50, 50))
        #expect(abs(F.coverage(image) - 8000) < 20)
    }

    @Test func invertedMaskAtHalfOpacity() throws {
        let image = try F.render("mask-inverted-opacity.json", frame: 0)
        #expect(F.isEmpty(image, 20, 50))
        #expect(abs(Int(image[80, 50].a) - 128) <= 2, "\(image[80, 50])")
        #expect(abs(F.coverage(image) - 2500) < 30)
    }

    @Test func blendModeScreenOfGreenOverRedIsYellow() throws {
        let p = try F.render("blend-screen.json", frame: 0)[50, 50]
        #expect(p.r > 250 && p.g > 250 && p.b < 5 && p.a == 255, "\(p)")
    }

    /// Direction 180° (down), distance 20, softness 0: the shadow is the square moved 20 points down.
    @Test func dropShadowFallsAtItsDirectionAndDistance() throws {
        let image = try F.render("drop-shadow.json", frame: 0)
        #expect(F.isRed(image, 50, 50))
        let below = image[50, 70]
        #expect(below.a > 240 && below.r < 10 && below.g < 10, "\(below)")
        #expect(F.isEmpty(image, 50, 30))
        #expect(F.isEmpty(image, 50, 85))
    }

    /// The effect's softness becomes `shadowRadius` (the blur's σ) = softness / 4, as lottie-web maps it.
    @Test(arguments: [(0.0, 0.0), (50.0, 12.5), (12.5, 3.125)])
    func dropShadowSoftnessIsFourTimesTheBlursSigma(softness: Double, radius: Double) throws {
        // The fixture with its softness (the effect's fifth value) replaced.
        var doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: F.path("drop-shadow.json")))) as? [String: Any])
        var layer = try #require((doc["layers"] as? [[String: Any]])?.first)
        var effect = try #require((layer["ef"] as? [[String: Any]])?.first)
        var values = try #require(effect["ef"] as? [[String: Any]])
        #expect(values[4]["nm"] as? String == "Softness")
        values[4]["v"] = ["a": 0, "k": softness]
        effect["ef"] = values; layer["ef"] = [effect]; doc["layers"] = [layer]
        let c = try LottieFile.load(bytes: Array(try JSONSerialization.data(withJSONObject: doc)), name: "drop-shadow.json")
        func shadowed(_ l: Layer) -> [Layer] { (l.shadowOpacity > 0 ? [l] : []) + l.sublayers.flatMap(shadowed) }
        let layers = shadowed(c.root)
        #expect(layers.count == 1)
        #expect(layers.first.map { abs($0.shadowRadius - radius) < 1e-9 } == true, "\(layers.map(\.shadowRadius))")
    }

    /// A keyframed distance (0 at frame 0, 20 at frame 10, linear) moves the shadow: none shows at frame 0 (it lies
    /// under the square), half-way at frame 5 it is 10 points down, and at frame 10 it is 20 points down.
    @Test func animatedDropShadowFollowsItsKeyframes() throws {
        var doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: F.path("drop-shadow.json")))) as? [String: Any])
        var layer = try #require((doc["layers"] as? [[String: Any]])?.first)
        var effect = try #require((layer["ef"] as? [[String: Any]])?.first)
        var values = try #require(effect["ef"] as? [[String: Any]])
        #expect(values[3]["nm"] as? String == "Distance")
        let linear: [String: Any] = ["x": [1], "y": [1]], start: [String: Any] = ["x": [0], "y": [0]]
        values[3]["v"] = ["a": 1, "k": [["t": 0, "s": [0], "o": start, "i": linear], ["t": 10, "s": [20]]]]
        effect["ef"] = values; layer["ef"] = [effect]; doc["layers"] = [layer]
        let c = try LottieFile.load(bytes: Array(try JSONSerialization.data(withJSONObject: doc)), name: "drop-shadow.json")
        let atStart = try F.render(c, frame: 0), halfway = try F.render(c, frame: 5), atEnd = try F.render(c, frame: 10)
        #expect(F.isEmpty(atStart, 50, 70) && F.isEmpty(atStart, 50, 63))
        #expect(halfway[50, 65].a > 240 && F.isEmpty(halfway, 50, 73), "\(halfway[50, 65])")
        #expect(atEnd[50, 70].a > 240 && atEnd[50, 70].r < 10, "\(atEnd[50, 70])")
    }
}
