/// Text animators (`t.a`): each a range selector (`s`) and the properties it animates (`a`).
extension LottieParser {
    func textAnimators(_ j: LottieJSON?) throws -> [LottieTextAnimator] {
        var result: [LottieTextAnimator] = []
        for a in try j?.elements() ?? [] {
            let s = a["s"], p = a["a"]
            let selector = LottieTextRangeSelector(
                start: try scalar(s?["s"], default: 0), end: try scalar(s?["e"], default: 100),
                offset: try scalar(s?["o"], default: 0), amount: try scalar(s?["a"], default: 100),
                smoothness: try scalar(s?["sm"], default: 100),
                inCharacters: try s?.number("r", default: 1) == 2, basedOn: try s?.integer("b", default: 1) ?? 1,
                shape: try s?.integer("sh", default: 1) ?? 1, randomized: try s?.number("rn", default: 0) == 1)
            func vec(_ key: LottieJSONName) throws -> LottieProperty<[Double]>? { try p?[key].map { try vector($0, default: []) } }
            func num(_ key: LottieJSONName) throws -> LottieProperty<Double>? { try p?[key].map { try scalar($0, default: 0) } }
            result.append(LottieTextAnimator(
                selector: selector, fillColor: try vec("fc"), strokeColor: try vec("sc"), strokeWidth: try num("sw"),
                opacity: try num("o"), position: try vec("p"), scale: try vec("s"), rotation: try num("r"),
                tracking: try num("t"), otherProperties: Self.otherTextAnimatorProperties(p), path: a.path))
        }
        return result
    }

    /// The keys of an animator's properties that are not drawn (named in a warning).
    static func otherTextAnimatorProperties(_ p: LottieJSON?) -> [String] {
        guard let p else { return [] }
        let drawn: Set<String> = ["fc", "sc", "sw", "o", "p", "s", "r", "t", "nm", "mn"]
        return p.keys.filter { !drawn.contains($0) }
    }
}
