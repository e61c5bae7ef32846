import Foundation
import StardustAnimation
import StardustCore

/// Expressions (`x` on a property) are After Effects JavaScript; no JavaScript runs here. The common forms are
/// evaluated (``LottieExpression``): `loopOut`/`loopIn` "cycle" and "pingpong" as the keyframe animation's own
/// repetition (`repeatCount`, `autoreverses`, exact), "offset" and "continue" and `wiggle(freq, amp)` sampled per
/// frame over the composition into a linear keyframe animation. Every other expression is collected and named,
/// with its JSON path, in one warning line at the end of the translation; the property's keyframes are used.
extension LottieTranslator {
    /// Records an expression that is not evaluated (named in the one warning line).
    func warnExpression(_ source: String, at path: String) {
        if !noteRecordings.isEmpty { record(.expression(source: source, path: path)) }
        let short = Self.shortLine(source)
        if unevaluated.count < 50 || unevaluated.contains(where: { $0.hasPrefix(path + " ") }) {
            let entry = "\(path) \"\(short)\""
            if !unevaluated.contains(entry) { unevaluated.append(entry) }
        } else {
            unevaluatedMore += 1
        }
    }

    /// An expression's source as the warning names it: its non-empty lines, each trimmed of spaces and tabs, joined
    /// by spaces, and cut to 37 characters and "…" when that is longer than 40 characters.
    ///
    /// Only the first lines are read: once the joined text has 42 characters, its first 41 are those of the whole
    /// (a character is a grapheme cluster; text added after it can only extend its last one), so the whole is
    /// longer than 40 and its first 37 are known. Splitting and trimming every line of a long source first was
    /// about 1 M instructions an expression (docs/BENCHMARKS.md, "lottie", twenty-third round).
    static func shortLine(_ source: String) -> String {
        var line = "", lines = 0
        var start = source.startIndex, i = start
        // The lines as `split(whereSeparator: \.isNewline)` gives them: the characters between newlines, none empty.
        while true {
            let atEnd = i == source.endIndex
            if atEnd || source[i].isNewline {
                if start < i {
                    if lines > 0 { line += " " }
                    line += source[start..<i].trimmingCharacters(in: .whitespaces)
                    lines += 1
                    if line.count > 41 { break }
                }
                if atEnd { break }
                start = source.index(after: i)
            }
            i = source.index(after: i)
        }
        return line.count > 40 ? String(line.prefix(37)) + "…" : line
    }

    /// The one warning line naming every expression that was not evaluated.
    func warnUnevaluatedExpressions() {
        guard !unevaluated.isEmpty else { return }
        let more = unevaluatedMore > 0 ? " and \(unevaluatedMore) more" : ""
        warn("$", "not evaluated: \(unevaluated.count + unevaluatedMore) expression(s) (their keyframes are used): "
             + unevaluated.joined(separator: ", ") + more)
    }

    /// Evaluates `p`'s expression onto `layer`'s `keyPath` when it is one of the known forms; otherwise names it.
    /// `animation` is the property's keyframe animation (already added), if it has keyframes.
    func applyExpression<V>(_ source: String, _ p: LottieProperty<V>, animation: KeyframeAnimation?, layer: Layer, keyPath: String,
                            _ convert: (V) -> AnimatableValue) {
        let e = LottieExpression(source)
        let keyframes = p.value.keyframeList
        switch e {
        case .loopOut(let loop, let n) where (loop == .cycle || loop == .pingpong) && (n == 0 || n >= keyframes.count):
            guard let a = animation else { return }
            if loop == .pingpong { a.timing.autoreverses = true }
            a.timing.repeatCount = .infinity
        case .loopIn(let loop, let n) where (loop == .cycle || loop == .pingpong) && (n == 0 || n >= keyframes.count):
            guard let a = animation, a.timing.duration > 0 else { return }
            // Start whole cycles earlier, so the last one ends on the last keyframe and the value holds after it.
            let cycle = a.timing.duration * (loop == .pingpong ? 2 : 1)
            let start = min(animation0Time, a.timing.beginTime) - cycle
            let count = min(max(((a.timing.beginTime - start) / cycle).rounded(.up), 1), 100_000)
            if loop == .pingpong { a.timing.autoreverses = true }
            a.timing.beginTime -= count * cycle
            a.timing.repeatCount = count + (loop == .pingpong ? 0.5 : 1)
        case .loopOut, .loopIn, .wiggle:
            guard let span = sampleSpan() else { return }
            let values = p.value.map(convert)
            let s = LottieSampledAnimation.animation(keyPath: keyPath, span: span, frameRate: frameRate) { f in
                Self.expressionValue(e, values, at: f) ?? Self.animatedValue(values, at: f)
            }
            s.name = p.path
            layer.add(s, forKey: "lottie.\(keyPath)")
        case .other:
            warnExpression(source, at: p.path)
        }
    }

    /// The earliest local time an expression is evaluated for: the composition's in point.
    var animation0Time: Double { min(animation.inPoint, 0) / frameRate }

    /// The frames a sampled expression covers: the top composition's in…out points.
    func sampleSpan() -> ClosedRange<Double>? {
        let lo = min(animation.inPoint, 0), hi = max(animation.outPoint, lo + 1)
        return lo...hi
    }

    /// The value of a keyframed property at `frame` (eased segments, holds), on converted values.
    static func animatedValue(_ p: LottieAnimated<AnimatableValue>, at frame: Double) -> AnimatableValue {
        LottieGeometry.interpolate(p, frame) { a, b, u in mix(a, b, u) }
    }

    static func mix(_ a: AnimatableValue, _ b: AnimatableValue, _ u: Double) -> AnimatableValue {
        add(a, scale(subtract(b, a), u))
    }

    static func combine(_ a: AnimatableValue, _ b: AnimatableValue, _ f: (Double, Double) -> Double) -> AnimatableValue {
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(f(x, y))
        case (.point(let p), .point(let q)): return .point(Point(f(p.x, q.x), f(p.y, q.y)))
        case (.size(let p), .size(let q)): return .size(Size(f(p.width, q.width), f(p.height, q.height)))
        case (.color(let p), .color(let q)):
            return .color(Color(red: f(p.red, q.red), green: f(p.green, q.green), blue: f(p.blue, q.blue), alpha: f(p.alpha, q.alpha)))
        default: return a
        }
    }
    static func add(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue { combine(a, b, +) }
    static func subtract(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue { combine(a, b, -) }
    static func scale(_ a: AnimatableValue, _ s: Double) -> AnimatableValue { combine(a, a) { x, _ in x * s } }

    /// `loopOut`/`loopIn` "offset" and "continue", any loop over the last (first) `n` keyframes, and `wiggle`, at `frame`.
    ///
    /// Called once per sample (a wiggle over a long composition is sampled up to 600 times): the keyframes are taken
    /// from `p` itself, since ``LottieAnimated/keyframeList`` makes a one-keyframe array for a static value on every
    /// call, and a static value has fewer than the two keyframes a loop needs.
    static func expressionValue(_ e: LottieExpression, _ p: LottieAnimated<AnimatableValue>, at frame: Double) -> AnimatableValue? {
        switch e {
        case .wiggle(let freq, let amp):
            let base = animatedValue(p, at: frame), t = frame
            var channel = 0
            func n() -> Double { channel += 1; return amp * LottieExpression.noise(t * freq / 30 + 0.5, channel: channel) }
            switch base {
            case .number(let x): return .number(x + n())
            case .point(let q): return .point(Point(q.x + n(), q.y + n()))
            case .size(let q): return .size(Size(q.width + n(), q.height + n()))
            default: return base
            }
        case .loopOut(let loop, let count):
            guard case .keyframes(let k) = p, k.count >= 2 else { return nil }
            let first = k[count > 0 && count < k.count ? k.count - 1 - count : 0], last = k[k.count - 1]
            let span = last.time - first.time
            guard frame > last.time, span > 0 else { return nil }
            switch loop {
            case .cycle, .offset:
                let cycles = ((frame - first.time) / span).rounded(.down)
                let inCycle = animatedValue(p, at: first.time + (frame - first.time) - cycles * span)
                return loop == .cycle ? inCycle : add(inCycle, scale(subtract(last.value, first.value), cycles))
            case .pingpong:
                let x = (frame - first.time) / span, c = x.rounded(.down), u = x - c
                return animatedValue(p, at: first.time + (c.truncatingRemainder(dividingBy: 2) == 0 ? u : 1 - u) * span)
            case .continue:
                let before = animatedValue(p, at: last.time - 0.5)
                return add(last.value, scale(subtract(last.value, before), (frame - last.time) / 0.5))
            }
        case .loopIn(let loop, let count):
            guard case .keyframes(let k) = p, k.count >= 2 else { return nil }
            let first = k[0], last = k[count > 0 && count < k.count ? count : k.count - 1]
            let span = last.time - first.time
            guard frame < first.time, span > 0 else { return nil }
            switch loop {
            case .cycle, .offset:
                let cycles = ((first.time - frame) / span).rounded(.up)
                let inCycle = animatedValue(p, at: frame + cycles * span)
                return loop == .cycle ? inCycle : subtract(inCycle, scale(subtract(last.value, first.value), cycles))
            case .pingpong:
                let x = (first.time - frame) / span, c = x.rounded(.down), u = x - c
                return animatedValue(p, at: first.time + (c.truncatingRemainder(dividingBy: 2) == 0 ? u : 1 - u) * span)
            case .continue:
                let after = animatedValue(p, at: first.time + 0.5)
                return add(first.value, scale(subtract(first.value, after), (first.time - frame) / 0.5))
            }
        case .other:
            return nil
        }
    }
}
