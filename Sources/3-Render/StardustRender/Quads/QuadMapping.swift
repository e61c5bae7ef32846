import StardustCore

/// A quantity that varies linearly over the device: `c + dx·x + dy·y` at the
/// center of pixel `(x, y)` (the half-pixel offset is folded into `c`).
struct LinearField {
    var c: Float, dx: Float, dy: Float
    @inline(__always) func row(_ y: Int) -> Float { c + dy * Float(y) }
}

/// How a parallelogram of device space maps back to a texture: for every
/// pixel center, the texel coordinates `(u, v)` in level-0 texels and the
/// signed distances `e`, `f` (in device pixels) from the quad's left and top
/// edges, which give anti-aliased coverage.
///
/// The quad is `origin + s·edgeX + t·edgeY` for `s, t ∈ [0, 1]`; the
/// texture region `region` (in texels) is stretched over it.
struct QuadMapping {
    var u: LinearField
    var v: LinearField
    var e: LinearField
    var f: LinearField
    /// Distance in device pixels between the quad's left and right edges.
    var width: Float
    /// Distance in device pixels between the quad's top and bottom edges.
    var height: Float
    /// Level-0 texels per device pixel along the most-minified axis (≥ 0).
    var texelsPerPixel: Float
    /// Pixels that may receive coverage (the device bounding box grown by a pixel), not yet clipped.
    var bounds: PixelRect

    /// Builds the mapping, or `nil` when the quad is degenerate or not finite.
    ///
    /// `region` is `(x, y, width, height)` in texels.
    init?(origin o: SIMD2<Double>, edgeX ex: SIMD2<Double>, edgeY ey: SIMD2<Double>, region r: SIMD4<Double>) {
        let det = ex.x * ey.y - ex.y * ey.x
        guard det != 0, det.isFinite, o.x.isFinite, o.y.isFinite else { return nil }
        // s = (ey.y·(px − ox) − ey.x·(py − oy)) / det, t = (−ex.y·(px − ox) + ex.x·(py − oy)) / det
        let sx = ey.y / det, sy = -ey.x / det
        let tx = -ex.y / det, ty = ex.x / det
        let lenX = (ex.x * ex.x + ex.y * ex.y).squareRoot(), lenY = (ey.x * ey.x + ey.y * ey.y).squareRoot()
        let w = abs(det) / lenY, h = abs(det) / lenX
        guard w.isFinite, h.isFinite else { return nil }
        func field(_ kx: Double, _ ky: Double, _ offset: Double, _ scale: Double) -> LinearField {
            // value(px, py) = offset + scale·(kx·(px − ox) + ky·(py − oy)), at px = x + 0.5, py = y + 0.5
            let dx = scale * kx, dy = scale * ky
            let c = offset + dx * (0.5 - o.x) + dy * (0.5 - o.y)
            return LinearField(c: Float(c), dx: Float(dx), dy: Float(dy))
        }
        u = field(sx, sy, r.x, r.z)
        v = field(tx, ty, r.y, r.w)
        e = field(sx, sy, 0, w)
        f = field(tx, ty, 0, h)
        width = Float(w); height = Float(h)
        let du = (u.dx * u.dx + u.dy * u.dy).squareRoot(), dv = (v.dx * v.dx + v.dy * v.dy).squareRoot()
        texelsPerPixel = max(du, dv)
        let x1 = o.x + ex.x, x2 = o.x + ey.x, x3 = x1 + ey.x
        let y1 = o.y + ex.y, y2 = o.y + ey.y, y3 = y1 + ey.y
        bounds = QuadMapping.pixelBounds(minX: min(min(o.x, x1), min(x2, x3)), minY: min(min(o.y, y1), min(y2, y3)),
                                         maxX: max(max(o.x, x1), max(x2, x3)), maxY: max(max(o.y, y1), max(y2, y3)))
    }

    /// The pixels whose centers lie within half a pixel of the box, conservatively (one extra pixel each side).
    @inline(__always)
    static func pixelBounds(minX: Double, minY: Double, maxX: Double, maxY: Double) -> PixelRect {
        let lim = 1.0e9
        func lo(_ v: Double) -> Int { Int(max(-lim, min(lim, v)).rounded(.down)) - 1 }
        func hi(_ v: Double) -> Int { Int(max(-lim, min(lim, v)).rounded(.up)) + 1 }
        return PixelRect(x0: lo(minX), y0: lo(minY), x1: hi(maxX), y1: hi(maxY))
    }

    /// Whether the quad's edges are parallel to the device axes, so that `v` and `f` are constant along a row.
    var isAxisAligned: Bool { u.dy == 0 && e.dy == 0 && v.dx == 0 && f.dx == 0 }
}
