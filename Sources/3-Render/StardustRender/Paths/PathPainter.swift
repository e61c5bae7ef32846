import StardustCore

/// A path command made ready for banded drawing: flattened, transformed to
/// device pixels, with its paint resolved. Built once per frame, read by
/// every band.
public struct PreparedPath: Sendable {
    /// Device-pixel bounds of everything the path may touch.
    public var bounds: PixelRect
    /// The polygon edges in device pixels (for strokes: of the stroke's outline).
    public var edges: EdgeList
    /// The fill rule (strokes fill their outline with `.nonZero`).
    public var rule: FillRule
    /// The paint with the command's opacity folded in.
    public var shader: PaintShader
    /// How the paint combines with the pixels below.
    public var blend: BlendMode

    /// An empty path that draws nothing.
    public init(bounds: PixelRect) {
        self.bounds = bounds; self.edges = EdgeList(polylines: []); self.rule = .nonZero
        self.shader = PaintShader(paint: .color(.clear)); self.blend = .normal
    }

    /// A prepared path from its parts (``PathPainter/prepare(_:scale:)`` builds these).
    public init(bounds: PixelRect, edges: EdgeList, rule: FillRule, shader: PaintShader, blend: BlendMode) {
        self.bounds = bounds; self.edges = edges; self.rule = rule; self.shader = shader; self.blend = blend
    }
}

/// Fills and strokes paths with anti-aliasing (owned by the path painter).
public enum PathPainter {
    /// The flattening tolerance, in device pixels (0.05: the area lost to chords stays under 0.5 % for circles of radius ≥ 10 px).
    public static let tolerance = 0.05

    /// Prepares `command` for drawing at `scale` pixels per point.
    ///
    /// Maps the path by `command.transform` then `scale`; curves are flattened
    /// in the path's own space with a tolerance of 0.05 device pixel divided by
    /// the transform's largest stretch; strokes are outlined in the path's
    /// space (so the pen follows the transform, as in Core Graphics) and then
    /// mapped. Subpaths with NaN or infinite points are skipped. O(points · log points).
    public static func prepare(_ command: PathDraw, scale: Double) -> PreparedPath {
        var none: EdgeListReuse? = nil
        return prepare(command, scale: scale, reusing: &none)
    }

    /// ``prepare(_:scale:)``, taking the edges from `reuse` when a command before it in the same list drew the same
    /// path storage with the same transform, scale and fill rule (a fill's edges are a function of those alone), and
    /// recording the ones it makes. Copies of one shape drawn in one place then hold one edge list.
    static func prepare(_ command: PathDraw, scale: Double, reusing reuse: inout EdgeListReuse?) -> PreparedPath {
        let device = command.transform.concatenating(Transform2D(scaleX: scale, y: scale))
        let stretch = device.maxScale
        guard stretch > 0, stretch.isFinite, command.opacity > 0 else { return PreparedPath(bounds: PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)) }
        let key = reuse == nil ? nil : EdgeListReuse.Key(command, scale: scale)
        if let key, let edges = reuse?.lists[key] {
            let rule = key.rule
            let shader = PaintShader(paint: command.paint, opacity: command.opacity, deviceFromLocal: device)
            return PreparedPath(bounds: pixelBounds(edges.bounds), edges: edges, rule: rule, shader: shader, blend: command.blend)
        }
        let tol = tolerance / stretch
        let path = command.path.removingNonFiniteSubpaths()
        let polylines: [Polyline], rule: FillRule
        switch command.style {
        case .fill(let r):
            polylines = path.flattened(tolerance: tol); rule = r
        case .stroke(let style):
            polylines = Stroker.outline(of: path, style: style, tolerance: tol); rule = .nonZero
        }
        let edges = EdgeList(polylines: polylines, transform: device)
        if let key { reuse?.lists[key] = edges }
        let shader = PaintShader(paint: command.paint, opacity: command.opacity, deviceFromLocal: device)
        return PreparedPath(bounds: pixelBounds(edges.bounds), edges: edges, rule: rule, shader: shader, blend: command.blend)
    }

    /// Draws the rows of `path` that fall inside `target.clip`.
    ///
    /// Coverage is computed over the columns `bounds ∩ 0..<target.width`
    /// (never the band), so every band sees the same numbers; only pixels
    /// inside `target.clip` are written. Scratch is allocated once per call.
    public static func draw(_ path: PreparedPath, into target: RenderTarget) {
        draw(path, into: target, scratch: CoverageScratch())
    }

    /// ``draw(_:into:)`` with the rasterizer's storage and the coverage row in `scratch` (a band drawer's, kept for
    /// all the paths it draws; the same bytes).
    static func draw(_ path: PreparedPath, into target: RenderTarget, scratch: CoverageScratch) {
        let clip = target.clip.intersection(path.bounds)
        guard !clip.isEmpty, !path.edges.isEmpty else { return }
        let lo = max(path.bounds.x0, 0), hi = min(path.bounds.x1, target.width)
        guard lo < hi, clip.x0 >= lo, clip.x1 <= hi else { return }
        let columns = lo..<hi
        // The rasterizer reserves the same number of cells, so the row stays where it is.
        scratch.reserve(cells: columns.count + 2, pieces: 0)
        let coverage = scratch.coverage
        let shader = path.shader, blend = path.blend
        let solid = shader.isSolid ? shader.solidColor : nil
        if let solid, solid == .zero { return } // transparent source: a no-op in both blend modes
        // Source-over of an opaque paint at full coverage replaces the pixel: interior runs are
        // written directly (bit-identical to the compositor's result), edges go through SpanCompositor.
        let opaqueFast = blend == .normal && shader.isOpaque
        CoverageRasterizer.rasterize(path.edges, rule: path.rule, columns: columns, rows: clip.y0..<clip.y1,
                                     coverage: coverage, scratch: scratch) { y, span in
            let x0 = max(span.lowerBound, clip.x0), x1 = min(span.upperBound, clip.x1)
            guard x0 < x1 else { return }
            let cov = coverage - columns.lowerBound // cov[x] is the coverage of pixel x
            func blendRun(_ a: Int, _ b: Int) {
                if let solid {
                    SpanCompositor.composite(target, y: y, x0: a, count: b - a, coverage: UnsafePointer(cov + a), color: solid, mode: blend)
                } else {
                    SpanCompositor.composite(target, y: y, x0: a, count: b - a, coverage: UnsafePointer(cov + a), shader: shader, mode: blend)
                }
            }
            guard opaqueFast else { blendRun(x0, x1); return }
            let row = UnsafeMutableRawPointer(target.row(y))
            var x = x0
            while x < x1 {
                let start = x
                if cov[x] >= 1 {
                    // Thirty-two, then four coverages per step while all are full (wide fills are mostly full rows).
                    while x &+ 32 <= x1 && thirtyTwo(cov + x, full: true) { x &+= 32 }
                    while x &+ 4 <= x1 && laneBits(UnsafeRawPointer(cov + x).loadUnaligned(as: SIMD4<Float>.self) .>= 1) == 15 { x &+= 4 }
                    while x < x1 && cov[x] >= 1 { x += 1 }
                    shader.shadeOpaquePixels(y: y, x0: start, count: x - start, into: row + 4 * start)
                } else {
                    // Thirty-two and four at a time too: the partial runs of thin shapes and the gaps between shapes are long.
                    while x &+ 32 <= x1 && thirtyTwo(cov + x, full: false) { x &+= 32 }
                    while x &+ 4 <= x1 && laneBits(UnsafeRawPointer(cov + x).loadUnaligned(as: SIMD4<Float>.self) .< 1) == 15 { x &+= 4 }
                    while x < x1 && cov[x] < 1 { x += 1 }
                    blendRun(start, x)
                }
            }
        }
    }

    /// Whether the thirty-two coverages at `c` are all full (`≥ 1`, `full`) or all partial (`< 1`): one mask of
    /// eight combined comparisons per thirty-two pixels, where the run scans of ``draw(_:into:)`` spent a test and a
    /// branch per four. The scans then go on by four and by one, so they stop at the same pixel.
    @inline(__always) static func thirtyTwo(_ c: UnsafeMutablePointer<Float>, full: Bool) -> Bool {
        let r = UnsafeRawPointer(c)
        func v(_ k: Int) -> SIMD4<Float> { r.loadUnaligned(fromByteOffset: 16 &* k, as: SIMD4<Float>.self) }
        if full {
            let a = (v(0) .>= 1) .& (v(1) .>= 1) .& (v(2) .>= 1) .& (v(3) .>= 1)
            let b = (v(4) .>= 1) .& (v(5) .>= 1) .& (v(6) .>= 1) .& (v(7) .>= 1)
            return laneBits(a .& b) == 15
        }
        let a = (v(0) .< 1) .& (v(1) .< 1) .& (v(2) .< 1) .& (v(3) .< 1)
        let b = (v(4) .< 1) .& (v(5) .< 1) .& (v(6) .< 1) .& (v(7) .< 1)
        return laneBits(a .& b) == 15
    }

    /// Whole pixels touched by `r`, clamped to a range that integer arithmetic can hold.
    static func pixelBounds(_ r: Rect?) -> PixelRect {
        guard let r else { return PixelRect(x0: 0, y0: 0, x1: 0, y1: 0) }
        let limit = Double(1 << 30)
        func lo(_ v: Double) -> Int { Int(min(max(v.rounded(.down), -limit), limit)) }
        func hi(_ v: Double) -> Int { Int(min(max(v.rounded(.up), -limit), limit)) }
        return PixelRect(x0: lo(r.minX), y0: lo(r.minY), x1: max(hi(r.maxX), lo(r.minX) + 1), y1: max(hi(r.maxY), lo(r.minY) + 1))
    }
}
