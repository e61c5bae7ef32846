import Foundation
@testable import StardustLottie
import StardustAnimation
import StardustCore
import Testing

/// The opening's shortcuts against the plain computations they replace, bit for bit (docs/BENCHMARKS.md, "lottie",
/// twenty-sixth round (opening)): a keyframe animation that converts each keyframe's value once against the one that
/// converted a segment's end value again, and a single outline's path used as its own combination against the copy
/// `addPath` made of it.
@Suite("Lottie opening shortcuts")
struct LottieOpeningShortcutTests {
    /// Every component's bits (−0 and 0, or two NaNs, told apart).
    static func bits(_ v: AnimatableValue) -> [UInt64] {
        switch v {
        case .number(let x): return [1, x.bitPattern]
        case .point(let p): return [2, p.x.bitPattern, p.y.bitPattern]
        case .color(let c): return [3] + [c.red, c.green, c.blue, c.alpha].map(\.bitPattern)
        case .array(let a): return [4, UInt64(a.count)] + a.flatMap(bits)
        default: return [UInt64.max]
        }
    }

    static func bits(_ p: Path?) -> [UInt64] {
        guard let p else { return [UInt64.max] }
        var out: [UInt64] = []
        func pt(_ q: Point) { out.append(q.x.bitPattern); out.append(q.y.bitPattern) }
        for e in p.elements {
            switch e {
            case .move(let a): out.append(1); pt(a)
            case .line(let a): out.append(2); pt(a)
            case .quadCurve(let a, let c): out.append(3); pt(a); pt(c)
            case .curve(let a, let c1, let c2): out.append(4); pt(a); pt(c1); pt(c2)
            case .closeSubpath: out.append(5)
            }
        }
        if let q = p.currentPoint { pt(q) } else { out.append(9) }
        // The start point of the last subpath, which closing shows as the current point.
        var closed = p
        closed.closeSubpath()
        if let q = closed.currentPoint { pt(q) } else { out.append(9) }
        return out
    }

    /// The control points' bits (NaN handles are equal to themselves here, not under `==`).
    static func bits(_ f: [TimingFunction]?) -> [UInt32] {
        (f ?? []).flatMap { [$0.c1x, $0.c1y, $0.c2x, $0.c2y].map(\.bitPattern) } + [UInt32(f?.count ?? 0), f == nil ? 1 : 0]
    }

    static let edges: [Double] = [0, -0.0, 1, -1, 0.5, 1e-300, -.leastNonzeroMagnitude, .greatestFiniteMagnitude, .infinity, .nan]

    static func d(_ rng: inout SplitMix64) -> Double {
        Int.random(in: 0..<4, using: &rng) == 0 ? edges.randomElement(using: &rng)! : Double.random(in: -300...300, using: &rng)
    }

    static func point(_ rng: inout SplitMix64) -> LottiePoint {
        Bool.random(using: &rng) ? .zero : LottiePoint(d(&rng), d(&rng))
    }

    /// Random keyframes of `[Double]` values: sorted times (some equal), holds, easings and spatial tangents.
    static func keyframes(_ rng: inout SplitMix64) -> [LottieKeyframe<[Double]>] {
        let n = Int.random(in: 0...7, using: &rng)
        var t = Double.random(in: -20...20, using: &rng)
        var out: [LottieKeyframe<[Double]>] = []
        let width = Int.random(in: 1...9, using: &rng)
        for _ in 0..<n {
            let value = (0..<width).map { _ in d(&rng) }
            let easing: (out: LottiePoint, into: LottiePoint)? = Bool.random(using: &rng) ? (point(&rng), point(&rng)) : nil
            let spatial: (out: LottiePoint, into: LottiePoint)? = Bool.random(using: &rng) ? (point(&rng), point(&rng)) : nil
            out.append(LottieKeyframe(time: t, value: value, hold: Int.random(in: 0..<3, using: &rng) == 0, easing: easing, spatial: spatial))
            t += [0, 0.5, 1, 12].randomElement(using: &rng)!
        }
        return out
    }

    /// The conversion before the shortcut: each segment converted its start and its end value.
    static func plainAnimation<V>(_ keyframes: [LottieKeyframe<V>], keyPath: String, frameRate: Double, spatial: Bool,
                                  convert: (V) -> AnimatableValue) -> KeyframeAnimation? {
        guard keyframes.count >= 2, let first = keyframes.first, let last = keyframes.last, last.time > first.time else { return nil }
        let span = last.time - first.time
        var values: [AnimatableValue] = [], times: [Double] = [], functions: [TimingFunction] = []
        var path = Path()
        let usePath = spatial && keyframes.dropLast().contains { k in
            guard let s = k.spatial else { return false }
            return s.out != .zero || s.into != .zero
        }
        func key(_ t: Double) -> Double { min(max((t - first.time) / span, 0), 1) }
        func point(_ v: AnimatableValue) -> Point { if case .point(let p) = v { return p }; return .zero }
        for (n, k) in keyframes.enumerated() {
            let v = convert(k.value)
            values.append(v); times.append(key(k.time))
            if usePath, n == 0 { path.move(to: point(v)) }
            guard n + 1 < keyframes.count else { break }
            let next = keyframes[n + 1]
            let nextValue = convert(next.value)
            if k.hold {
                values.append(v); times.append(key(next.time))
                functions.append(.linear); functions.append(.linear)
                if usePath { path.addLine(to: point(v)); path.addLine(to: point(nextValue)) }
                continue
            }
            functions.append(LottieKeyframes.timingFunction(k.easing))
            if usePath {
                let p0 = point(v), p3 = point(nextValue)
                if let s = k.spatial, s.out != .zero || s.into != .zero {
                    path.addCurve(to: p3, control1: Point(p0.x + s.out.x, p0.y + s.out.y), control2: Point(p3.x + s.into.x, p3.y + s.into.y))
                } else {
                    path.addLine(to: p3)
                }
            }
        }
        let a = LottieKeyframes.spanning(keyPath: keyPath, values: values, keyTimes: times, frames: first.time...last.time, frameRate: frameRate)
        if usePath { a.path = path }
        a.timingFunctions = functions
        return a
    }

    static func same(_ a: KeyframeAnimation?, _ b: KeyframeAnimation?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return (a.values ?? []).map(bits) == (b.values ?? []).map(bits)
            && (a.keyTimes ?? []).map(\.bitPattern) == (b.keyTimes ?? []).map(\.bitPattern)
            && bits(a.timingFunctions) == bits(b.timingFunctions) && bits(a.path) == bits(b.path) && (a.path == nil) == (b.path == nil)
            && a.timing.beginTime.bitPattern == b.timing.beginTime.bitPattern && a.timing.duration.bitPattern == b.timing.duration.bitPattern
            && a.timing.fillMode == b.timing.fillMode && a.keyPath == b.keyPath
    }

    @Test("keyframe animations converting each value once equal the plain conversion, bit for bit")
    func keyframeValuesConvertedOnce() {
        var rng = SplitMix64(seed: 2_626)
        // The translator's converters: a point (spatial), numbers, a colour and a gradient's stops.
        let converters: [([Double]) -> AnimatableValue] = [
            { .point(Point($0.first ?? 0, $0.count > 1 ? $0[1] : 0)) },
            { .number(min(max(($0.first ?? 0) / 100, 0), 1)) },
            { .color(LottieColor.paint($0)) },
            { .array(LottieTranslator.gradientStops($0, colorCount: 2).colors.map { .color($0) }) },
            { .array(LottieTranslator.gradientStops($0, colorCount: 1).locations.map { .number($0) }) },
        ]
        var animations = 0
        for trial in 0..<4_000 {
            var k = Self.keyframes(&rng)
            let c = Int.random(in: 0..<converters.count, using: &rng), spatial = Bool.random(using: &rng)
            if c >= 3 {
                // Gradient stops are finite, as the reader gives every number: a NaN offset would make the stops'
                // order follow a set's iteration order, which differs from one call to the next.
                for i in k.indices { k[i].value = k[i].value.map { $0.isFinite ? $0 : 0.5 } }
            }
            let frameRate = [24, 29.97, 30, 60].randomElement(using: &rng)!
            var calls = 0
            let fast = LottieKeyframes.animation(k, keyPath: "position", frameRate: frameRate, spatial: spatial) { calls += 1; return converters[c]($0) }
            let plain = Self.plainAnimation(k, keyPath: "position", frameRate: frameRate, spatial: spatial, convert: converters[c])
            #expect(Self.same(fast, plain), "trial \(trial): \(k.count) keyframes, converter \(c), spatial \(spatial)")
            if fast != nil {
                animations += 1
                #expect(calls == k.count, "trial \(trial): \(calls) conversions of \(k.count) keyframes")
            }
        }
        #expect(animations > 1_000)
    }

    static func animated<V>(_ rng: inout SplitMix64, _ make: (inout SplitMix64) -> V) -> LottieAnimated<V> {
        if Bool.random(using: &rng) { return .fixed(make(&rng)) }
        var t = 0.0
        return .keyframes((0..<Int.random(in: 1...4, using: &rng)).map { _ in
            defer { t += Double.random(in: 0...10, using: &rng) }
            return LottieKeyframe(time: t, value: make(&rng), hold: Bool.random(using: &rng),
                                  easing: Bool.random(using: &rng) ? (LottiePoint(0.3, 0), LottiePoint(0.7, 1)) : nil)
        })
    }

    static func geometry(_ rng: inout SplitMix64, depth: Int = 0) -> LottieGeometry {
        func pair(_ r: inout SplitMix64) -> [Double] { [d(&r), d(&r)] }
        func scalar(_ r: inout SplitMix64) -> Double { d(&r) }
        func bezier(_ r: inout SplitMix64) -> LottieBezier {
            let n = Int.random(in: 0...5, using: &r)
            return LottieBezier(closed: Bool.random(using: &r), vertices: (0..<n).map { _ in LottiePoint(d(&r), d(&r)) },
                                inTangents: (0..<n).map { _ in point(&r) }, outTangents: (0..<n).map { _ in point(&r) })
        }
        func prop<V>(_ v: LottieAnimated<V>) -> LottieProperty<V> { LottieProperty(v) }
        switch Int.random(in: 0..<(depth == 0 ? 5 : 4), using: &rng) {
        case 0: return .rectangle(position: animated(&rng, pair), size: animated(&rng, pair), roundness: animated(&rng, scalar), reversed: Bool.random(using: &rng))
        case 1: return .ellipse(position: animated(&rng, pair), size: animated(&rng, pair), reversed: Bool.random(using: &rng))
        case 2:
            let count: (inout SplitMix64) -> Double = { r in Double(Int.random(in: 0...8, using: &r)) }
            return .polystar(LottiePolystar(isStar: Bool.random(using: &rng), position: prop(animated(&rng, pair)), points: prop(animated(&rng, count)),
                                            rotation: prop(animated(&rng, scalar)), outerRadius: prop(animated(&rng, scalar)),
                                            outerRoundness: prop(animated(&rng, scalar)), innerRadius: prop(animated(&rng, scalar)),
                                            innerRoundness: prop(animated(&rng, scalar)), reversed: Bool.random(using: &rng)))
        case 3: return .bezier(animated(&rng, bezier), reversed: Bool.random(using: &rng))
        default: return .rounded(geometry(&rng, depth: 1), radius: animated(&rng, scalar))
        }
    }

    @Test("a single outline's path is its own combination, bit for bit, at every frame")
    func singleOutlineIsItsOwnCombination() {
        var rng = SplitMix64(seed: 2_627)
        for trial in 0..<3_000 {
            let g = Self.geometry(&rng)
            let sampler = LottieOutlineSampler([g])
            for frame in [0, -0.0, 0.5, 3, 7.25, 40, -5] {
                var plain = Path()
                plain.addPath(g.path(at: frame))
                let fast = frame == 0 && frame.sign == .plus ? sampler.initial : sampler.path(at: frame)
                // Bits, not `==`: a NaN coordinate is not equal to itself.
                #expect(Self.bits(fast) == Self.bits(plain), "trial \(trial) at \(frame): \(g)")
            }
        }
    }

    @Test("a path that does not start with a move is copied, as addPath makes it")
    func pathWithoutLeadingMoveIsCopied() {
        let odd = Path(elements: [.line(to: Point(1, 2)), .closeSubpath, .curve(to: Point(3, 4), control1: Point(5, 6), control2: Point(7, 8))])
        #expect(!LottieOutlineSampler.isItsOwnCombination(odd))
        var copy = Path()
        copy.addPath(odd)
        #expect(copy != odd)
        #expect(LottieOutlineSampler.isItsOwnCombination(Path()))
        #expect(LottieOutlineSampler.isItsOwnCombination(Path(rect: Rect(0, 0, 2, 3))))
    }

    /// The chain before the shortcut: a dictionary of layer copies by index and a set of the indices passed.
    static func plainParentChain(of layer: LottieLayer, in list: [LottieLayer]) -> (chain: [LottieLayer], unknownParent: Bool) {
        var byIndex: [Int: LottieLayer] = [:]
        for l in list { if let i = l.index { byIndex[i] = l } }
        var chain: [LottieLayer] = [], seen: Set<Int> = []
        var next = layer.parent
        while let p = next, let parent = byIndex[p], seen.insert(p).inserted, p != layer.index {
            chain.insert(parent, at: 0)
            next = parent.parent
        }
        return (chain, layer.parent.map { byIndex[$0] == nil } ?? false)
    }

    @Test("parent chains found by position equal the plain walk: loops, repeated indices, unknown parents, long chains")
    func parentChainsByPosition() throws {
        var rng = SplitMix64(seed: 2_628)
        for trial in 0..<300 {
            let count = [1, 3, 8, 40, 120].randomElement(using: &rng)!
            let indexRange = Bool.random(using: &rng) ? count : max(1, count / 3)  // a narrow range repeats indices
            var layers: [String] = []
            for n in 0..<count {
                var fields = ["\"ty\": 3", "\"nm\": \"l\(n)\"", "\"ks\": {}", "\"ip\": 0", "\"op\": 10", "\"st\": 0"]
                if Int.random(in: 0..<8, using: &rng) > 0 { fields.append("\"ind\": \(Int.random(in: 0..<indexRange, using: &rng))") }
                switch Int.random(in: 0..<6, using: &rng) {
                case 0: break
                case 1: fields.append("\"parent\": \(indexRange + 5)")  // not a layer of the composition
                case 2: fields.append("\"parent\": \(n + 1)")  // a long chain down the list
                default: fields.append("\"parent\": \(Int.random(in: 0..<indexRange, using: &rng))")
                }
                layers.append("{" + fields.joined(separator: ", ") + "}")
            }
            let json = "{\"v\": \"5.7.4\", \"fr\": 10, \"ip\": 0, \"op\": 10, \"w\": 10, \"h\": 10, \"layers\": [" + layers.joined(separator: ", ") + "]}"
            let animation = try LottieParser.parse(Array(json.utf8))
            let list = animation.layers
            let lookup = LottieLayerLookup(list)
            for layer in list {
                let t = LottieTranslator(animation: animation, images: [:])
                let fast = t.parentChain(of: layer, in: lookup)
                let plain = Self.plainParentChain(of: layer, in: list)
                #expect(fast == plain.chain, "trial \(trial): \(layer.path)")
                #expect(t.warnings.isEmpty != plain.unknownParent, "trial \(trial): \(layer.path)")
                if let i = layer.index { #expect(lookup[i] == list.last { $0.index == i }, "trial \(trial)") }
            }
        }
    }
}
