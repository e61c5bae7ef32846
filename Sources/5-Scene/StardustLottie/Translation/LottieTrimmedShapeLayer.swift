import StardustAnimation
import StardustCore

/// A shape cut by trim paths where `CAShapeLayer`'s model cannot say it (docs/LOTTIE.md, "Trim paths"): a trimmed
/// fill (Core Animation trims only strokes), or a trim whose offset turns or whose start passes its end
/// (``LottieTrimRange``). At draw time the path — or the animated outlines, evaluated at the layer's frame — is cut
/// to the shown pieces and drawn through ``ShapeLayer``'s own fill and stroke (a fill closes each open piece with a
/// straight line), so nothing else draws it.
final class LottieTrimmedShapeLayer: ShapeLayer {
    /// The animated outlines (empty: the layer's `path` is used).
    var outlines: [LottieGeometry] = []
    /// Frames per second of the animation (local seconds → frames).
    var frameRate: Double = 30
    /// The trim, evaluated per frame; `nil`: the presented `strokeStart…strokeEnd` (a fill's simple trim).
    var range: LottieTrimRange?
    /// The last outline measured for trimming, and the last pieces cut from it: most frames trim an unchanged outline
    /// (a static path, or an animation between its keyframes' spans) and many show the same pieces (a trim at rest),
    /// so the outline is flattened once and an unchanged cut is not redone. Drawing is single-threaded per layer
    /// (like the layer tree), so the cache needs no lock.
    private var measured: MeasuredPath?
    private var lastCut: (pieces: [ClosedRange<Double>], shown: Path)?

    /// A trimmed shape layer with the defaults (``Layer/blankCopy()``); its caches start empty, as a new one's do.
    override func blankCopy() -> Layer? { LottieTrimmedShapeLayer() }

    override func copyValues(to copy: Layer) {
        super.copyValues(to: copy)
        guard let c = copy as? LottieTrimmedShapeLayer else { return }
        c.outlines = outlines
        c.frameRate = frameRate
        c.range = range
    }

    override func drawContents(into list: inout [DrawCommand], time: Double, transform: Transform2D) {
        var whole = path ?? Path()
        if !outlines.isEmpty {
            whole = Path()
            for o in outlines { whole.addPath(o.path(at: time * frameRate)) }
        }
        var pieces: [ClosedRange<Double>]
        if let range {
            pieces = range.pieces(at: time * frameRate)
        } else {
            var s0 = strokeStart, s1 = strokeEnd
            if hasAnimations {
                s0 = presentationValue(forKeyPath: "strokeStart", at: time)?.doubleValue ?? s0
                s1 = presentationValue(forKeyPath: "strokeEnd", at: time)?.doubleValue ?? s1
            }
            pieces = s1 > s0 ? [s0...s1] : []
        }
        let shown = cut(whole, to: pieces, tolerance: 0.1 / max(transform.maxScale, 1e-6))
        drawContents(into: &list, time: time, transform: transform, path: shown.isEmpty ? nil : shown)
    }

    /// The pieces of `whole` shown, as `whole.trimmed(from:to:tolerance:)` of each piece gives them, from the cache
    /// when the outline, tolerance and pieces are the ones of the last call.
    private func cut(_ whole: Path, to pieces: [ClosedRange<Double>], tolerance: Double) -> Path {
        if let m = measured, m.tolerance == tolerance, m.path == whole {
            if let last = lastCut, last.pieces == pieces { return last.shown }
        } else {
            measured = nil; lastCut = nil
        }
        var shown = Path()
        for p in pieces {
            if p.lowerBound <= 0 && p.upperBound >= 1 { shown.addPath(whole); continue }
            let m = measured ?? MeasuredPath(whole, tolerance: tolerance)
            measured = m
            shown.addPath(m.trimmed(from: p.lowerBound, to: p.upperBound))
        }
        lastCut = (pieces, shown)
        return shown
    }
}

extension LottieTranslator {
    /// `fill` itself without a trim; with one, a ``LottieTrimmedShapeLayer`` that takes over its paint.
    func trimmedFill(_ fill: ShapeLayer, trim: Trim?, outlines: [LottieGeometry]) -> ShapeLayer? {
        guard let trim else { return fill }
        let t = trimmedCopy(of: fill, outlines: outlines)
        t.name = "trimmed " + (fill.name ?? "fill")
        if trim.range.isStrokeRange { applyTrim(trim, to: t) } else { t.range = trim.range; noteExpressions(of: trim) }
        return t
    }

    /// `stroke` trimmed by `strokeStart`/`strokeEnd` when they say the trim, else a ``LottieTrimmedShapeLayer`` that
    /// takes over its paint.
    func trimmedStroke(_ stroke: ShapeLayer, trim: Trim?, outlines: [LottieGeometry]) -> ShapeLayer {
        guard let trim else { return stroke }
        if trim.range.isStrokeRange { applyTrim(trim, to: stroke); return stroke }
        let t = trimmedCopy(of: stroke, outlines: outlines)
        t.name = "trimmed " + (stroke.name ?? "stroke")
        t.range = trim.range
        noteExpressions(of: trim)
        return t
    }

    /// A trim drawn per frame reads its keyframes, not layer animations: an expression on it is named in the
    /// expressions warning line, as elsewhere.
    private func noteExpressions(of trim: Trim) {
        for p in [trim.start, trim.end, trim.offset] { if let x = p.expression { warnExpression(x, at: p.path) } }
    }

    /// A ``LottieTrimmedShapeLayer`` with `shape`'s path, paint, stroke style and animations.
    private func trimmedCopy(of shape: ShapeLayer, outlines: [LottieGeometry]) -> LottieTrimmedShapeLayer {
        let t = LottieTrimmedShapeLayer()
        t.anchorPoint = .zero
        t.path = shape.path
        t.fillRule = shape.fillRule
        t.fillColor = shape.fillColor
        t.strokeColor = shape.strokeColor
        t.lineWidth = shape.lineWidth
        t.lineCap = shape.lineCap
        t.lineJoin = shape.lineJoin
        t.miterLimit = shape.miterLimit
        t.lineDashPattern = shape.lineDashPattern
        t.lineDashPhase = shape.lineDashPhase
        t.opacity = shape.opacity
        t.frameRate = frameRate
        if outlines.contains(where: { $0.isAnimated }) { t.outlines = outlines }
        for key in shape.animationKeys() { if let a = shape.animation(forKey: key) { t.add(a, forKey: key) } }
        return t
    }
}
