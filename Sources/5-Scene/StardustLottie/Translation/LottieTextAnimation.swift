import Foundation

/// What a document's text animators do to each of its characters at a frame (docs/LOTTIE.md, "Text animators"),
/// After Effects' way: each animator's range selector says how much each character is selected (0…1); a property
/// moves a character from its document value towards the animator's value by that much (colours, stroke width),
/// or adds that share of its offset (position, rotation, tracking, opacity) or of its factor (scale). Animators
/// apply in order.
struct LottieTextAnimation {
    /// One character's state.
    struct State: Equatable {
        var offset = (x: 0.0, y: 0.0)
        var scale = (x: 1.0, y: 1.0)
        /// Degrees.
        var rotation = 0.0
        /// 1 = opaque; each animator adds its share of its opacity's difference to 100 % (clamped to 0…1 when drawn).
        var opacity = 1.0
        var fill: [Double]?
        var stroke: [Double]?
        var strokeWidth: Double
        /// Points added after this character (shifting the characters after it).
        var tracking = 0.0

        static func == (a: State, b: State) -> Bool {
            a.offset == b.offset && a.scale == b.scale && a.rotation == b.rotation && a.opacity == b.opacity
                && a.fill == b.fill && a.stroke == b.stroke && a.strokeWidth == b.strokeWidth && a.tracking == b.tracking
        }
    }

    let animators: [LottieTextAnimator]
    let document: LottieTextDocument
    /// Each character's index in the text, and whether it is a space (for selectors based on characters without
    /// spaces).
    let characters: [(index: Int, isSpace: Bool)]

    /// How much character `i` (of `count` counted characters) is selected at `frame`: the share of its cell
    /// `[i, i + 1]` inside the range `[start + offset, end + offset]` (the square shape), narrowed by the
    /// smoothness (at s % only shares between 0.5 ∓ s / 2 rise from 0 to 1, as lottie-web reads it), times the amount.
    static func selection(_ s: LottieTextRangeSelector, index i: Int, count n: Int, at frame: Double) -> Double {
        let unit = s.inCharacters ? 1 : Double(n) / 100
        var a = LottieKeyframes.value(s.start.value, at: frame) * unit
        var b = LottieKeyframes.value(s.end.value, at: frame) * unit
        if a > b { swap(&a, &b) }
        let o = LottieKeyframes.value(s.offset.value, at: frame) * unit
        a += o; b += o
        let x = Double(i)
        var cover = min(max(min(b, x + 1) - max(a, x), 0), 1)
        let smooth = min(max(LottieKeyframes.value(s.smoothness.value, at: frame) / 100, 0), 1)
        if smooth < 1 {
            let threshold = 0.5 - smooth / 2
            cover = cover <= threshold ? 0 : (smooth > 0 ? min((cover - threshold) / smooth, 1) : 1)
        }
        let amount = min(max(LottieKeyframes.value(s.amount.value, at: frame) / 100, -1), 1)
        return cover * amount
    }

    /// Every character's state at `frame`, in the order of ``characters``.
    func states(at frame: Double) -> [State] {
        let base = State(fill: document.fillColor.map { Array($0.prefix(3)) }, stroke: document.strokeColor.map { Array($0.prefix(3)) },
                         strokeWidth: document.strokeWidth)
        var result = Array(repeating: base, count: characters.count)
        for a in animators {
            let s = a.selector
            let withoutSpaces = s.basedOn == 2
            let n = withoutSpaces ? characters.filter { !$0.isSpace }.count : (characters.last.map { $0.index + 1 } ?? 0)
            let fc = a.fillColor.map { LottieTextAnimation.vector($0.value, at: frame) }
            let sc = a.strokeColor.map { LottieTextAnimation.vector($0.value, at: frame) }
            let sw = a.strokeWidth.map { LottieKeyframes.value($0.value, at: frame) }
            let o = a.opacity.map { LottieKeyframes.value($0.value, at: frame) / 100 }
            let p = a.position.map { LottieTextAnimation.vector($0.value, at: frame) }
            let sc2 = a.scale.map { LottieTextAnimation.vector($0.value, at: frame) }
            let r = a.rotation.map { LottieKeyframes.value($0.value, at: frame) }
            let t = a.tracking.map { LottieKeyframes.value($0.value, at: frame) / 1000 * document.fontSize }
            var counted = 0
            for (k, c) in characters.enumerated() {
                let index: Int
                if withoutSpaces {
                    if c.isSpace { continue }
                    index = counted; counted += 1
                } else {
                    index = c.index
                }
                let m = Self.selection(s, index: index, count: n, at: frame)
                guard m != 0 else { continue }
                var st = result[k]
                if let fc { st.fill = Self.mix(st.fill ?? fc, fc, m) }
                if let sc { st.stroke = Self.mix(st.stroke ?? sc, sc, m) }
                if let sw { st.strokeWidth += (sw - st.strokeWidth) * m }
                if let o { st.opacity += (o - 1) * m }
                if let p { st.offset.x += (p.first ?? 0) * m; st.offset.y += (p.count > 1 ? p[1] : 0) * m }
                if let sc2 {
                    st.scale.x *= 1 + ((sc2.first ?? 100) / 100 - 1) * m
                    st.scale.y *= 1 + ((sc2.count > 1 ? sc2[1] : sc2.first ?? 100) / 100 - 1) * m
                }
                if let r { st.rotation += r * m }
                if let t { st.tracking += t * m }
                result[k] = st
            }
        }
        return result
    }

    /// The frames of every keyframe of the animators (an empty list when nothing animates).
    var keyframeTimes: [[Double]] {
        var times: [[Double]] = []
        for a in animators {
            let s = a.selector
            times += [s.start.value.keyframeTimes, s.end.value.keyframeTimes, s.offset.value.keyframeTimes,
                      s.amount.value.keyframeTimes, s.smoothness.value.keyframeTimes]
            for p in [a.fillColor, a.strokeColor, a.position, a.scale] { if let p { times.append(p.value.keyframeTimes) } }
            for p in [a.strokeWidth, a.opacity, a.rotation, a.tracking] { if let p { times.append(p.value.keyframeTimes) } }
        }
        return times
    }

    static func vector(_ p: LottieAnimated<[Double]>, at frame: Double) -> [Double] {
        let n = p.keyframeList.map(\.value.count).min() ?? 0
        return (0..<n).map { i in LottieKeyframes.value(p.map { $0[i] }, at: frame) }
    }

    static func mix(_ a: [Double], _ b: [Double], _ m: Double) -> [Double] {
        (0..<min(3, min(a.count, b.count))).map { a[$0] + (b[$0] - a[$0]) * m }
    }
}
