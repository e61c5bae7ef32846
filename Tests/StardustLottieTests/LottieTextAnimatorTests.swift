import Foundation
import StardustAnimation
import StardustCore
import StardustLottie
import Testing

private typealias F = LottieFixtures

/// Text animators (docs/LOTTIE.md, "Text animators"): range selectors in characters and in percent pick
/// characters, wholly or partly, and the properties move, colour, fade and track them; glyph shapes keep the
/// picture free of any font.
@Suite struct LottieTextAnimatorTests {
    @Test func aRangeInCharactersColoursMovesAndTracksTheCharactersItSelects() throws {
        let c = try F.load("text-animators.json")
        #expect(c.warnings.isEmpty, "\(c.warnings)")
        let image = try F.render(c, frame: 0)
        // Character 0 as laid out; tracking 10 after it moves the rest right; characters 1 and 2 blue, 10 lower.
        #expect(F.isRed(image, 12, 20))
        #expect(F.isEmpty(image, 22, 20))  // character 1's own slot is empty
        #expect(F.isBlue(image, 32, 45) && F.isEmpty(image, 32, 10))
        #expect(F.isBlue(image, 42, 45) && F.isEmpty(image, 42, 10))
        #expect(F.isRed(image, 52, 20) && F.isRed(image, 62, 20) && F.isEmpty(image, 67, 20))
    }

    @Test func aRangeInPercentSelectsWholeAndPartCharacters() throws {
        let c = try F.load("text-animators.json")
        // Frame 0: the range is empty; frame 5: it covers 50 % of 5 characters, 2.5: 0 and 1 hidden, 2 at half.
        let start = try F.render(c, frame: 0)
        for x in [12, 22, 32, 42, 52] { #expect(F.isGreen(start, x, 70), "x \(x)") }
        let middle = try F.render(c, frame: 5)
        #expect(F.isEmpty(middle, 12, 70) && F.isEmpty(middle, 22, 70))
        let half = Int(middle[32, 70].a)
        #expect(abs(half - 128) <= 8, "alpha \(half)")
        #expect(F.isGreen(middle, 42, 70) && F.isGreen(middle, 52, 70))
        let end = try F.render(c, frame: 10)
        for x in [12, 22, 32, 42, 52] { #expect(F.isEmpty(end, x, 70), "x \(x)") }
    }

    @Test func animatedCharactersAreLayersWithTheirOwnAnimations() throws {
        let c = try F.load("text-animators.json")
        var names: [String] = [], animated = 0
        func walk(_ l: Layer) {
            if let n = l.name, n.hasPrefix("character") { names.append(n); if l.hasAnimations { animated += 1 } }
            for s in l.sublayers { walk(s) }
        }
        walk(c.root)
        // Five characters per layer; the fading ones animate (opacity), the others are set once.
        #expect(names.count == 10, "\(names)")
        #expect(animated == 5)
    }

    @Test func aLongAnimatedTextIsSampledMoreSparselyNotWithoutBound() throws {
        // The fading text made 20 000 characters long: at most 100 000 character states are sampled per document,
        // so each character's opacity has 5 samples instead of one per frame.
        var doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: F.path("text-animators.json")))) as? [String: Any])
        var layers = try #require(doc["layers"] as? [[String: Any]])
        var t = try #require(layers[1]["t"] as? [String: Any])
        var d = try #require(t["d"] as? [String: Any])
        var k = try #require(d["k"] as? [[String: Any]])
        var s = try #require(k[0]["s"] as? [String: Any])
        s["t"] = String(repeating: "I", count: 20_000)
        k[0]["s"] = s; d["k"] = k; t["d"] = d; layers[1]["t"] = t; doc["layers"] = [layers[1]]
        let c = try LottieFile.load(bytes: Array(try JSONSerialization.data(withJSONObject: doc)), name: "long.json")
        var counts: [Int] = []
        func walk(_ l: Layer) {
            if l.name?.hasPrefix("character") == true, let a = l.animation(forKey: "lottie.textAnimator.opacity") as? KeyframeAnimation {
                counts.append(a.values?.count ?? 0)
            }
            for s in l.sublayers { walk(s) }
        }
        walk(c.root)
        #expect(counts.count == 20_000)
        #expect(counts.allSatisfy { $0 == 5 }, "\(Set(counts))")
    }
}
