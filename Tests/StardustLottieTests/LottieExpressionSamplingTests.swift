import Foundation
@testable import StardustLottie
import StardustAnimation
import StardustCore
import Testing

/// The value a sampled expression gives at one frame (``LottieTranslator/expressionValue(_:_:at:)``, called once per
/// sample), which takes a static value's keyframes from the value itself instead of the one-keyframe list
/// ``LottieAnimated/keyframeList`` makes: against that list spelled out (the general path), and a wiggle against
/// its definition — the value plus `amp · noise(frame · freq / 30 + 0.5)`, channel 1, 2 per component.
@Suite("Lottie expression sampling")
struct LottieExpressionSamplingTests {
    /// Every component's bits (so that −0 and 0, or two NaNs, are told apart as the renderer would see them).
    static func bits(_ v: AnimatableValue?) -> [UInt64]? {
        switch v {
        case nil: return nil
        case .number(let x)?: return [x.bitPattern]
        case .point(let p)?: return [p.x.bitPattern, p.y.bitPattern]
        case .size(let s)?: return [s.width.bitPattern, s.height.bitPattern]
        case .color(let c)?: return [c.red, c.green, c.blue, c.alpha].map(\.bitPattern)
        default: return [UInt64.max]
        }
    }

    static let edges: [Double] = [0, -0.0, 1, -1, 0.5, 1e-300, -.leastNonzeroMagnitude, .greatestFiniteMagnitude,
                                  -.greatestFiniteMagnitude, 123_456.789, .infinity, .nan]

    static func randomValue(_ rng: inout SplitMix64) -> AnimatableValue {
        func d() -> Double { Bool.random(using: &rng) ? edges.randomElement(using: &rng)! : Double.random(in: -500...500, using: &rng) }
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return .number(d())
        case 1: return .point(Point(d(), d()))
        case 2: return .size(Size(d(), d()))
        default: return .color(Color(red: d(), green: d(), blue: d(), alpha: d()))
        }
    }

    static func randomExpression(_ rng: inout SplitMix64) -> LottieExpression {
        let loops: [LottieExpression.Loop] = [.cycle, .pingpong, .offset, .continue]
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: return .loopOut(loops.randomElement(using: &rng)!, keyframes: Int.random(in: 0...3, using: &rng))
        case 1: return .loopIn(loops.randomElement(using: &rng)!, keyframes: Int.random(in: 0...3, using: &rng))
        case 2: return .other
        default:
            let f = [0, 0.5, 2, 1000, Double.random(in: 0...40, using: &rng)].randomElement(using: &rng)!
            return .wiggle(frequency: f, amplitude: edges.dropLast(2).randomElement(using: &rng)! * (Bool.random(using: &rng) ? 1 : 1e-3))
        }
    }

    @Test("a static value's samples are those of its one-keyframe list, bit for bit")
    func staticValueAsItsKeyframeList() {
        var rng = SplitMix64(seed: 2_424)
        for trial in 0..<6_000 {
            let v = Self.randomValue(&rng), e = Self.randomExpression(&rng)
            let frame = Bool.random(using: &rng) ? Self.edges.randomElement(using: &rng)! : Double.random(in: -200...800, using: &rng)
            let fixed = LottieAnimated<AnimatableValue>.fixed(v)
            let listed = LottieAnimated<AnimatableValue>.keyframes(fixed.keyframeList)
            let a = LottieTranslator.expressionValue(e, fixed, at: frame), b = LottieTranslator.expressionValue(e, listed, at: frame)
            #expect(Self.bits(a) == Self.bits(b), "trial \(trial): \(e) at \(frame) on \(v)")
            if case .wiggle = e {} else { #expect(a == nil, "trial \(trial): \(e)") }
        }
    }

    @Test("a wiggle is its value plus the amplitude times the noise of each component's channel")
    func wiggleAgainstItsDefinition() {
        var rng = SplitMix64(seed: 2_425)
        for trial in 0..<3_000 {
            let v = Self.randomValue(&rng)
            let freq = Double.random(in: 0...30, using: &rng), amp = Double.random(in: -50...50, using: &rng)
            let frame = Double.random(in: -100...700, using: &rng)
            // Static, or two keyframes (the base value then interpolated: the general `animatedValue`).
            let p: LottieAnimated<AnimatableValue> = Bool.random(using: &rng)
                ? .fixed(v) : .keyframes([LottieKeyframe(time: 0, value: v), LottieKeyframe(time: 300, value: Self.randomValue(&rng))])
            let base = LottieTranslator.animatedValue(p, at: frame)
            func n(_ channel: Int) -> Double { amp * LottieExpression.noise(frame * freq / 30 + 0.5, channel: channel) }
            let expected: AnimatableValue
            switch base {
            case .number(let x): expected = .number(x + n(1))
            case .point(let q): expected = .point(Point(q.x + n(1), q.y + n(2)))
            case .size(let q): expected = .size(Size(q.width + n(1), q.height + n(2)))
            default: expected = base
            }
            let got = LottieTranslator.expressionValue(.wiggle(frequency: freq, amplitude: amp), p, at: frame)
            #expect(Self.bits(got) == Self.bits(expected), "trial \(trial)")
        }
    }
}
