import Foundation
import StardustCore
import StardustLottie
import Testing

/// Time remapping, skew and the evaluated expressions against analytic positions (Tests/Fixtures/lottie/).
@Suite("Lottie time remap, skew, expressions")
struct LottieTimeExpressionTests {
    typealias F = LottieFixtures

    static func centre(_ name: String, frame: Double, row: Int = 50) throws -> Double? {
        guard let s = F.span(try F.render(name, frame: frame), row: row) else { return nil }
        return Double(s.lowerBound + s.upperBound + 1) / 2
    }

    /// The precomp's square moves x 0 → 100 over its 1 s; a remap to a constant 0.5 s holds it at x 50.
    @Test func constantTimeRemapHoldsThePrecompFrame() throws {
        for frame in [0.0, 7, 15] { #expect(try Self.centre("timeremap-fixed.json", frame: frame) == 50) }
    }

    /// 45° along axis 0: x' = x − y (lottie-web's skewFromAxis; ThorVG draws the same rows).
    @Test func skewShearsAlongItsAxis() throws {
        let image = try F.render("skew.json", frame: 0)
        for y in [42, 50, 58] {
            let dy = Double(y) + 0.5 - 50
            let s = try #require(F.span(image, row: y))
            let c = Double(s.lowerBound + s.upperBound + 1) / 2
            #expect(abs(c - (50 - dy)) <= 1, "row \(y): \(s)")
        }
    }

    /// x runs 0 → 40 over frames 0…10 (4 per frame); after frame 10 each loop form continues differently.
    @Test(arguments: [("cycle", 8.0, 20.0), ("pingpong", 32, 20), ("offset", 48, 60), ("continue", 48, 60)])
    func loopOutContinuesPastTheLastKeyframe(_ loop: String, at12: Double, at15: Double) throws {
        let name = "loopout-\(loop).json"
        #expect(try Self.centre(name, frame: 5) == 20)
        #expect(try Self.centre(name, frame: 12) == at12, "\(loop) at frame 12")
        #expect(try Self.centre(name, frame: 15) == at15, "\(loop) at frame 15")
        #expect(try LottieFixtures.load(name).warnings.isEmpty)
    }

    /// wiggle(2, 10): deterministic (the same picture twice), within the amplitude, and it moves.
    @Test func wiggleIsDeterministicAndBounded() throws {
        let c = try F.load("wiggle.json")
        var centres: [Double] = []
        for frame in stride(from: 0.0, to: 20, by: 2) {
            let a = try F.render(c, frame: frame), b = try F.render(c, frame: frame)
            #expect(a.pixels == b.pixels)
            let s = try #require(F.span(a, row: 50))
            centres.append(Double(s.lowerBound + s.upperBound + 1) / 2)
        }
        #expect(centres.allSatisfy { abs($0 - 50) <= 10.5 }, "\(centres)")
        #expect(Set(centres).count > 3, "\(centres)")
    }

    /// An expression that is not evaluated is named, with its path, in one warning line.
    @Test func otherExpressionsAreNamedInOneLine() throws {
        let w = try F.load("wiggle.json").warnings.filter { $0.message.contains("expression") }
        #expect(w.count == 1)
        #expect(w.first?.message.contains("$.layers[1].ks.r") == true, "\(w)")
        #expect(w.first?.message.contains("wiggle") == false)
    }
}
