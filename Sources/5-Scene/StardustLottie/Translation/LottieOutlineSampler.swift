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

    /// One outline's path is its own combination: copying it into an empty path element by element (what
    /// `addPath` does) gives an equal path when it starts with a move, as every path made through `Path`'s
    /// builders does; the copy was about a third of making the frame 0 paths (docs/BENCHMARKS.md, "lottie",
    /// twenty-sixth round (opening)).
    private func combined(at frame: Double) -> Path {
        if outlines.count == 1 {
            let only = outlines[0].path(at: frame)
            if Self.isItsOwnCombination(only) { return only }
            var p = Path()
            p.addPath(only)
            return p
        }
        var p = Path()
        for o in outlines { p.addPath(o.path(at: frame)) }
        return p
    }

    /// Whether `Path().addPath(p)` equals `p`: an empty path, or one that starts with a move (each later element
    /// then finds a current point and is appended as it is, and the current and start points follow the same
    /// elements).
    static func isItsOwnCombination(_ p: Path) -> Bool {
        guard let e = p.elements.first else { return true }
        if case .move = e { return true }
        return false
    }
}
