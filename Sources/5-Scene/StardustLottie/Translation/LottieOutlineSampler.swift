import StardustCore

/// The outlines of one mask or shape as a function of the frame, shared by every layer that draws them.
///
/// A chain of "difference" masks builds each earlier mask's layers twice (docs/LOTTIE.md, "Using it"), so one
/// mask can be drawn by hundreds of layers. Sharing this sampler makes them all hold one path value (one
/// storage) for the frame 0 model and one per drawn frame, instead of a fresh copy each: less memory, and the
/// renderer can see that the copies are the same path (docs/RENDERER.md, "Paths"). The values are the ones each
/// layer computed on its own before, so no pixel changes. Not thread-safe, like the layer tree that holds it.
final class LottieOutlineSampler {
    /// The outlines, combined into one path per frame.
    let outlines: [LottieGeometry]
    /// Whether one of them changes over time.
    let isAnimated: Bool
    /// The combined path at frame 0 (the layers' model path).
    private(set) lazy var initial: Path = combined(at: 0)
    private var last: (frame: Double, path: Path)?

    init(_ outlines: [LottieGeometry]) {
        self.outlines = outlines
        isAnimated = outlines.contains(where: { $0.isAnimated })
    }

    /// The outlines at `frame`, combined; the last frame's path is kept and handed out again.
    func path(at frame: Double) -> Path {
        if let last, last.frame == frame { return last.path }
        let p = combined(at: frame)
        last = (frame, p)
        return p
    }

    private func combined(at frame: Double) -> Path {
        var p = Path()
        for o in outlines { p.addPath(o.path(at: frame)) }
        return p
    }
}
