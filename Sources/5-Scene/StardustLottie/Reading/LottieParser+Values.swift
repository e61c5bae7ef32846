/// Animated properties: `{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}` (and the files that omit `a`).
extension LottieParser {
    /// A property whose values are number arrays (points, sizes, colours, gradient stops).
    func vector(_ j: LottieJSON?, default d: [Double]) throws -> LottieProperty<[Double]> {
        guard let j else { return .constant(d) }
        return try property(j) { try $0.numbers() }
    }

    /// A scalar property (a one-element array counts as its element).
    func scalar(_ j: LottieJSON?, default d: Double) throws -> LottieProperty<Double> {
        guard let j else { return .constant(d) }
        return try property(j) { try $0.scalar() }
    }

    /// A bezier shape property (`ks` of `sh`, mask paths).
    func bezierProperty(_ j: LottieJSON) throws -> LottieProperty<LottieBezier> {
        try property(j) { v in
            // Keyframe values of shapes are one-element arrays of the shape.
            if v.isArray, v.count == 1, let first = v.first { return try self.bezier(first) }
            return try self.bezier(v)
        }
    }

    func bezier(_ j: LottieJSON) throws -> LottieBezier {
        guard j.isObject else { throw j.fail("expected a bezier shape object, found \(j.kind)") }
        let v = try points(j["v"])
        var i = try points(j["i"]), o = try points(j["o"])
        // Missing tangents are zero (straight segments); extra ones are ignored.
        if i.count < v.count { i += Array(repeating: .zero, count: v.count - i.count) }
        if o.count < v.count { o += Array(repeating: .zero, count: v.count - o.count) }
        try countKeyframes(v.count / 16, at: j)
        return LottieBezier(closed: try j.flag("c"), vertices: v, inTangents: Array(i.prefix(v.count)), outTangents: Array(o.prefix(v.count)))
    }

    /// The points of a bezier's `v`, `i` or `o` list (none when absent): `[x, y]` arrays, extra numbers ignored.
    ///
    /// A list whose every element is an array of at least two finite numbers, and nothing else, is read straight
    /// from the document's nodes (``LottieJSONDocument/points(ofArray:)``); anything else goes through
    /// ``checkedPoints(_:)``, which gives the same points or the error with its path. The direct read makes no
    /// element list or number array per point (6 % of opening the lottie-ios files and drawing their first frames,
    /// docs/BENCHMARKS.md, "lottie", fourteenth round), nor a value holding the document per element and number
    /// (a retain and a release each; `points` was 2.7 % of the same with them, twenty-third round).
    func points(_ node: LottieJSON?) throws -> [LottiePoint] {
        guard let node else { return [] }
        guard node.isArray, let direct = node.document.points(ofArray: node.index) else { return try checkedPoints(node) }
        return direct
    }

    /// ``points(_:)`` element by element through the checked accessors, each error naming its element's path.
    func checkedPoints(_ node: LottieJSON) throws -> [LottiePoint] {
        try node.elements().map { p in
            let n = try p.numbers()
            guard n.count >= 2 else { throw p.fail("expected [x, y], found \(n.count) number(s)") }
            return LottiePoint(n[0], n[1])
        }
    }

    /// Adds to the file-wide keyframe budget.
    func countKeyframes(_ n: Int, at j: LottieJSON) throws {
        keyframeCount += n
        guard keyframeCount <= limits.maxKeyframes else {
            throw j.fail("more than \(limits.maxKeyframes) keyframes in the file")
        }
    }

    /// The generic property reader: static or keyframed, with the expression kept.
    func property<V: Sendable & Equatable>(_ j: LottieJSON, _ read: (LottieJSON) throws -> V) throws -> LottieProperty<V> {
        guard j.isObject else {
            // A bare value where an animatable object is expected (some exporters): static.
            return LottieProperty(.fixed(try read(j)), path: j.path)
        }
        guard let k = j["k"] else { throw j.fail("missing \"k\" (the value or keyframes)") }
        let expression = try j.string("x")
        if let x = expression, x.utf8.count > limits.maxExpressionBytes {
            throw LottieError(path: "\(j.path).x", "an expression of \(x.utf8.count) bytes, more than the limit of \(limits.maxExpressionBytes)")
        }
        // Keyframes are an array of objects with `t`; `a` is not trusted (files with `a: 0` and keyframes exist).
        guard k.first?.hasMember("t") == true else {
            return LottieProperty(.fixed(try read(k)), expression: expression, path: j.path)
        }
        let nodes = try k.elements()
        try countKeyframes(nodes.count, at: k)
        var frames: [LottieKeyframe<V>] = []
        frames.reserveCapacity(nodes.count)
        var previousEnd: V?
        for (n, node) in nodes.enumerated() {
            guard node.isObject else { throw node.fail("expected a keyframe object, found \(node.kind)") }
            guard let tNode = node["t"] else { throw node.fail("missing \"t\" (the keyframe's frame)") }
            let t = try checkedFrame(tNode)
            if let last = frames.last, t < last.time {
                throw tNode.fail("keyframe at frame \(t) comes before the previous one at \(last.time)")
            }
            // Before Bodymovin 5.5 a segment had `s` and `e`; the last keyframe often has only `t`.
            let value: V
            if let s = node["s"] { value = try read(s) } else if let e = previousEnd { value = e } else if n > 0, let last = frames.last {
                value = last.value
            } else {
                throw node.fail("missing \"s\" (the keyframe's value)")
            }
            previousEnd = try node["e"].map(read)
            let hold = try node.flag("h")
            var easing: (out: LottiePoint, into: LottiePoint)?
            if let o = node["o"], let i = node["i"] { easing = (try handle(o), try handle(i)) }
            var spatial: (out: LottiePoint, into: LottiePoint)?
            if let to = node["to"], let ti = node["ti"] {
                let a = try to.numbers(), b = try ti.numbers()
                if a.count >= 2, b.count >= 2 { spatial = (LottiePoint(a[0], a[1]), LottiePoint(b[0], b[1])) }
            }
            frames.append(LottieKeyframe(time: t, value: value, hold: hold, easing: easing, spatial: spatial))
        }
        // The pre-5.5 form: a last keyframe with only `t` ends the previous segment at its `e`.
        if frames.count >= 2, nodes.last?["s"] == nil, let e = try nodes[nodes.count - 2]["e"].map(read) {
            frames[frames.count - 1].value = e
        }
        return LottieProperty(.keyframes(frames), expression: expression, path: j.path)
    }

    /// An easing handle `{x, y}` where each may be a number or a per-dimension array (the first is used, as
    /// lottie-ios's Core Animation engine does).
    func handle(_ j: LottieJSON) throws -> LottiePoint {
        guard let x = j["x"], let y = j["y"] else { throw j.fail("expected an easing handle {x, y}") }
        return LottiePoint(try x.scalar(), try y.scalar())
    }
}
