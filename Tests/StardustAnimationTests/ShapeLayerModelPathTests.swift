import Foundation
import Testing
import StardustCore
@testable import StardustAnimation

/// `drawContents(into:time:transform:path:)` draws a shape as if its model path were the one handed in, without
/// setting `path` (docs/LOTTIE.md, "Decisions"). Compared, command for command and bit for bit, with setting the path
/// for the call and back (what the Lottie layers did), on random shapes with and without animations of their own keys.
@Suite struct ShapeLayerModelPathTests {
    private func randomPath(_ g: inout SplitMix64) -> Path? {
        let r = { (g: inout SplitMix64) in Point(Double.random(in: -50...50, using: &g), Double.random(in: -50...50, using: &g)) }
        switch Int.random(in: 0..<6, using: &g) {
        case 0: return nil
        case 1: return Path()
        default:
            var p = Path()
            p.move(to: r(&g))
            for _ in 0..<Int.random(in: 1...5, using: &g) {
                if Bool.random(using: &g) { p.addLine(to: r(&g)) } else { p.addCurve(to: r(&g), control1: r(&g), control2: r(&g)) }
            }
            if Bool.random(using: &g) { p.closeSubpath() }
            return p
        }
    }

    private func color(_ g: inout SplitMix64) -> Color? {
        Int.random(in: 0..<4, using: &g) == 0 ? nil
            : Color(red: Double.random(in: 0...1, using: &g), green: 0.5, blue: 0.25, alpha: Double.random(in: 0...1, using: &g))
    }

    @Test func handedInPathDrawsAsTheSwappedModelPath() {
        var g = SplitMix64(seed: 0x2026_1202_1705)
        var drawn = 0, animatedPath = 0
        for series in 0..<400 {
            let s = ShapeLayer()
            s.path = randomPath(&g)
            s.fillColor = color(&g)
            s.strokeColor = color(&g)
            s.lineWidth = Double.random(in: 0...4, using: &g)
            s.strokeStart = Double.random(in: 0...0.4, using: &g)
            s.strokeEnd = Double.random(in: 0.5...1, using: &g)
            if Bool.random(using: &g) { s.lineDashPattern = [Double.random(in: 1...5, using: &g), 2] }
            let timing = MediaTiming(duration: 1, fillMode: .both)
            switch Int.random(in: 0..<4, using: &g) {
            case 0:
                // An animated path is evaluated on the model path: the call must see the handed-in one.
                animatedPath += 1
                let a = BasicAnimation(keyPath: "path", to: randomPath(&g).map(AnimatableValue.path), timing: timing)
                a.isAdditive = Bool.random(using: &g)
                s.add(a, forKey: "p")
            case 1:
                s.add(BasicAnimation(keyPath: "fillColor", from: .color(.clear), to: .color(Color(red: 1, green: 0, blue: 0, alpha: 1)),
                                     timing: timing), forKey: "f")
            case 2:
                s.add(BasicAnimation(keyPath: "opacity", from: .number(0), to: .number(1), timing: timing), forKey: "o")
            default: break
            }
            let model = s.path
            let handed = randomPath(&g)
            let time = Double.random(in: -0.5...1.5, using: &g)
            let transform = Transform2D(a: Double.random(in: 0.5...3, using: &g), b: 0, c: 0, d: 1, tx: 3, ty: -2)
            var plain: [DrawCommand] = [], fast: [DrawCommand] = []
            s.path = handed
            s.drawContents(into: &plain, time: time, transform: transform)
            s.path = model
            s.drawContents(into: &fast, time: time, transform: transform, path: handed)
            #expect(s.path == model, "series \(series): the model path changed")
            #expect(plain.count == fast.count, "series \(series): \(plain.count) vs \(fast.count) commands")
            for (p, f) in zip(plain, fast) {
                #expect(p.isBitwiseIdentical(to: f), "series \(series): \(p) vs \(f)")
            }
            drawn += plain.count
        }
        #expect(drawn > 200)
        #expect(animatedPath > 50)
    }
}
