import StardustCore
import Testing
@testable import StardustRender

/// Seeded random input for the dasher and the stroker behind it: patterns with zeros, negatives, NaN and
/// infinities, huge and negative phases, degenerate and closed polylines. Nothing traps, every output point is
/// finite, and no stroke produces more than ``PathDashing/maximumDashes`` dashes (plus one closed piece per input).
@Suite struct PathDashingFuzzTests {
    @Test func randomPatternsAndPathsStayBoundedAndFinite() {
        var rng = SplitMix64(seed: 24)
        let specials: [Double] = [0, 0, -1, .nan, .infinity, 1e-9, 1e9, 3, 0.5]
        func value(_ scale: Double) -> Double {
            Int.random(in: 0..<4, using: &rng) == 0 ? specials.randomElement(using: &rng)! : Double.random(in: 0...scale, using: &rng)
        }
        for _ in 0..<400 {
            let pattern = (0..<Int.random(in: 0...7, using: &rng)).map { _ in value(20) }
            let phase = Int.random(in: 0..<5, using: &rng) == 0 ? specials.randomElement(using: &rng)! * -1 : Double.random(in: -100...100, using: &rng)
            let polylines = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                Polyline(points: (0..<Int.random(in: 1...6, using: &rng)).map { _ in Point(Double.random(in: 0...200, using: &rng), Double.random(in: 0...200, using: &rng)) },
                         isClosed: Bool.random(using: &rng))
            }
            let dashes = PathDashing.dash(polylines, pattern: pattern, phase: phase, dotLength: 1e-6)
            #expect(dashes.count <= PathDashing.maximumDashes + polylines.count)
            #expect(dashes.allSatisfy { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }, "pattern \(pattern) phase \(phase)")
            let outline = Stroker.outline(of: polylines, style: StrokeStyle(width: 3, cap: .round, dashPattern: pattern, dashPhase: phase))
            #expect(outline.allSatisfy { $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
        }
    }
}
