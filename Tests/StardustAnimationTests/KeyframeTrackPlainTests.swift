import Foundation
import Testing
import StardustCore
@testable import StardustAnimation

/// A keyframe track measures arc lengths only in the paced modes and validates its key times once
/// (docs/ANIMATION.md, "Keyframe tracks"). These tests compare it, bit for bit, with the plain track that measures in
/// every mode and validates the key times at every lookup, on random animations of every mode.
@Suite struct KeyframeTrackPlainTests {
    private func randomValue(_ kind: Int, _ g: inout SplitMix64) -> AnimatableValue {
        let r = { (g: inout SplitMix64) in Double.random(in: -200...200, using: &g) }
        switch kind {
        case 0: return .number(r(&g))
        case 1: return .point(Point(r(&g), r(&g)))
        case 2: return .size(Size(width: r(&g), height: r(&g)))
        default: return .color(Color(red: Double.random(in: 0...1, using: &g), green: Double.random(in: 0...1, using: &g),
                                     blue: Double.random(in: 0...1, using: &g), alpha: Double.random(in: 0...1, using: &g)))
        }
    }

    private func randomPath(_ g: inout SplitMix64) -> Path {
        let r = { (g: inout SplitMix64) in Point(Double.random(in: -100...100, using: &g), Double.random(in: -100...100, using: &g)) }
        var p = Path()
        p.move(to: r(&g))
        for _ in 0..<Int.random(in: 1...6, using: &g) {
            switch Int.random(in: 0..<5, using: &g) {
            case 0, 1: p.addLine(to: r(&g))
            case 2: p.addQuadCurve(to: r(&g), control: r(&g))
            case 3: p.addCurve(to: r(&g), control1: r(&g), control2: r(&g))
            default: p.closeSubpath()
            }
        }
        return p
    }

    private func randomAnimation(_ g: inout SplitMix64) -> KeyframeAnimation {
        let a = KeyframeAnimation(keyPath: "position")
        a.calculationMode = CalculationMode.allCases.randomElement(using: &g)!
        let n: Int
        if Int.random(in: 0..<4, using: &g) == 0 {
            let p = randomPath(&g)
            a.path = p
            n = p.elements.filter { if case .move = $0 { return false }; return true }.count + 1
        } else {
            n = Int.random(in: 0...7, using: &g)
            let kind = Int.random(in: 0..<4, using: &g)
            a.values = (0..<n).map { _ in randomValue(kind, &g) }
        }
        // Valid key times (n or n + 1 of them), invalid ones (decreasing, wrong count) or none.
        switch Int.random(in: 0..<4, using: &g) {
        case 0: break
        case 1, 2:
            let count = Int.random(in: 0..<2, using: &g) == 0 ? n : n + 1
            var k = (0..<count).map { _ in Double.random(in: 0...1, using: &g) }.sorted()
            if count > 1, Bool.random(using: &g) { k[0] = 0; k[count - 1] = 1 }
            a.keyTimes = k
        default: a.keyTimes = (0..<max(n, 1)).map { _ in Double.random(in: -0.5...1.5, using: &g) }
        }
        if Bool.random(using: &g) {
            a.timingFunctions = (0..<max(n - 1, 0)).map { _ in [TimingFunction.easeIn, .easeOut, .linear].randomElement(using: &g)! }
        }
        if Bool.random(using: &g) {
            a.tensionValues = (0..<n).map { _ in Double.random(in: -1...1, using: &g) }
            a.biasValues = (0..<n).map { _ in Double.random(in: -1...1, using: &g) }
        }
        return a
    }

    private func bits(_ v: AnimatableValue?) -> [UInt64]? { v.map { ($0.components ?? [.nan]).map(\.bitPattern) } }

    @Test func fastTrackMatchesPlainTrackBitForBit() {
        var g = SplitMix64(seed: 0x5EED_2026_1202)
        var compared = 0, measuredTracks = 0
        for series in 0..<600 {
            let a = randomAnimation(&g)
            let fast = KeyframeTrack(a), plain = KeyframeTrack(a, plain: true)
            let paced = a.calculationMode == .paced || a.calculationMode == .cubicPaced
            // The skip is in force: no lengths outside the paced modes.
            if !paced { #expect(fast.lengths.isEmpty, "series \(series)") } else { measuredTracks += 1 }
            #expect(fast.lengths.map(\.bitPattern) == plain.lengths.map(\.bitPattern) || !paced, "series \(series)")
            let fractions = [-0.25, 0, 1e-9, 0.5, 1 - 1e-9, 1, 1.25] + (0..<40).map { _ in Double.random(in: 0...1, using: &g) }
            for f in fractions {
                let v = fast.value(atFraction: f, of: a), w = plain.value(atFraction: f, of: a)
                #expect(bits(v) == bits(w), "series \(series) mode \(a.calculationMode) f \(f): \(String(describing: v)) vs \(String(describing: w))")
                let t = fast.tangentAngle(atFraction: f, of: a), u = plain.tangentAngle(atFraction: f, of: a)
                #expect(t?.bitPattern == u?.bitPattern, "series \(series) mode \(a.calculationMode) f \(f): tangent \(String(describing: t)) vs \(String(describing: u))")
                compared += 1
            }
        }
        #expect(compared == 600 * 47)
        #expect(measuredTracks > 100)
    }

    /// The key times are resolved with the track, so changing them after a lookup must drop it.
    @Test func changedKeyTimesAreSeenAfterALookup() {
        var g = SplitMix64(seed: 0xC0FFEE)
        for series in 0..<200 {
            let a = randomAnimation(&g)
            _ = a.keyframeValue(atFraction: 0.3)
            let n = a.path == nil ? (a.values?.count ?? 0) : 0
            if n >= 2 {
                a.keyTimes = (0..<n).map { Double($0) / Double(n - 1) }.map { $0 * $0 }
            } else {
                a.keyTimes = nil
            }
            let fresh = KeyframeTrack(a, plain: true)
            for f in [0.1, 0.3, 0.6, 0.9] {
                #expect(bits(a.keyframeValue(atFraction: f)) == bits(fresh.value(atFraction: f, of: a)), "series \(series) f \(f)")
            }
        }
    }
}
