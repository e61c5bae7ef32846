import StardustCore

/// A masked image drawn from its ``LayerPixelIndex``: only the layer's own texels are visited, each
/// once, instead of testing every texel (or sampling every pixel) of the layer's quad.
///
/// Used when the draw maps one texel to one device pixel with at most a turn and a move (a dust
/// layer at rest or in flight). Aligned on the pixel grid, each kept texel is blended onto its pixel:
/// the same bytes as the texel-for-pixel copy. Otherwise each kept texel is a speck blended onto the
/// pixel under its center (nearest placement): every texel lands exactly once, so the layer keeps its
/// pixels' colors and count in flight. Within a layer the texels are blended in row order, then
/// column order, so a pixel hit twice gets the same result for any band split.
struct IndexedMaskedImage: @unchecked Sendable {
    let index: LayerPixelIndex
    let columns: UnsafePointer<UInt16>
    let starts: UnsafePointer<UInt16>
    let layer: Int
    /// The last layer drawn: `layer … lastLayer` (consecutive layers at rest on one placement are drawn in one pass,
    /// ``merged(with:)``); `layer` itself unless merged.
    private(set) var lastLayer: Int
    let layerCount: Int
    let width: Int
    /// Texel center `(u, v)` (level-0 texel coordinates) → device point: `origin + u·du + v·dv`.
    let origin: SIMD2<Double>, du: SIMD2<Double>, dv: SIMD2<Double>
    /// `du` in 32.32 fixed point: along a texel row a speck's position is `rowStart + tx·du`, exact to 2⁻³² px per
    /// column step, and its pixel is the integer part (an arithmetic shift), the same in every band.
    let duFixed: SIMD2<Int64>
    /// The inverse: the texel coordinates of a device point (the quad mapping's `u`, `v` fields).
    let u: LinearField, v: LinearField
    /// The pixel-aligned placement, when the draw lands texel for pixel on whole pixels.
    let aligned: PixelAlignedImage?
    /// Aligned: the device pixels drawn (the placement's rectangle; for merged layers the hull of theirs).
    private(set) var restRect: PixelRect
    /// Aligned: whether every pixel of the drawn layers lies inside its own draw's texel columns (the index's
    /// ``LayerPixelIndex/columns(ofLayer:)``), so the columns need no test per layer (a condition of merging).
    let pixelsInside: Bool

    /// `nil` unless the draw maps texels to pixels one to one up to a turn (lengths within 10⁻³) and its device box lies
    /// within ±2²⁴ pixels (for the fixed-point positions).
    init?(_ index: LayerPixelIndex, layer: Int, mapping m: QuadMapping, origin o: SIMD2<Double>, edgeX ex: SIMD2<Double>,
          edgeY ey: SIMD2<Double>, region r: SIMD4<Double>, aligned: PixelAlignedImage?) {
        let a = ex / r.z, b = ey / r.w
        let la = (a * a).sum(), lb = (b * b).sum(), dot = (a * b).sum()
        guard abs(la - 1) < 1e-3, abs(lb - 1) < 1e-3, abs(dot) < 1e-3 else { return nil }
        // Fixed point needs positions well inside ±2³¹ pixels: the quad's device box within ±2²⁴.
        let lim = 1 << 24
        guard m.bounds.x0 > -lim, m.bounds.y0 > -lim, m.bounds.x1 < lim, m.bounds.y1 < lim else { return nil }
        self.index = index
        columns = index.columns.withUnsafeBufferPointer { $0.baseAddress! }
        starts = index.starts.withUnsafeBufferPointer { $0.baseAddress! }
        self.layer = layer
        lastLayer = layer
        layerCount = index.assignment.layerCount
        width = index.assignment.width
        let c = o - r.x * a - r.y * b
        origin = c; du = a; dv = b
        duFixed = SIMD2(Int64((a.x * Self.one).rounded()), Int64((a.y * Self.one).rounded()))
        u = m.u; v = m.v
        self.aligned = aligned
        restRect = aligned?.rect ?? PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        if let a = aligned {
            let c = index.columns(ofLayer: layer)
            pixelsInside = c.isEmpty || (c.lowerBound >= a.texelX && c.upperBound <= a.texelX + (a.rect.x1 - a.rect.x0))
        } else {
            pixelsInside = false
        }
    }

    /// Layer `layer`'s columns in texel row `y`, as a pointer range.
    @inline(__always) func row(_ y: Int) -> (UnsafePointer<UInt16>, Int) {
        let s = starts + (y &* (layerCount &+ 1) &+ layer)
        let lo = Int(s[0]), hi = Int(s[1])
        return (columns + (2 &* width &* y &+ lo), hi &- lo)
    }

    /// Draws the layer's texels of `plane` (the draw's `contentsRect` region) inside `target.clip`.
    func draw<B: PixelBlend>(_ b: B.Type, plane: TexelPlane, color: SIMD4<Float>, storeOpaque: Bool, bounds: PixelRect,
                             target: RenderTarget) {
        let clip = bounds.intersection(target.clip)
        if clip.isEmpty { return }
        if let a = aligned {
            drawAligned(a, b, plane: plane, color: color, storeOpaque: storeOpaque, clip: clip, target: target)
        } else {
            drawSpecks(b, plane: plane, color: color, storeOpaque: storeOpaque, clip: clip, target: target)
        }
    }

    /// This draw and `next` (the following command) as one, when both land texel for pixel with the same offset
    /// between texels and pixels, over the same rows, from the same index, every pixel of their layers inside its own
    /// draw's columns (``pixelsInside``), and `next` draws the layer after ``lastLayer`` (the caller checks color and
    /// blend): layers at rest drawn in one pass over the union of their pixels, within the hull of their rectangles.
    /// Each pixel is blended once per layer it belongs to, with the same source and nothing else in between, and no
    /// pixel outside a layer's own columns exists, so the bytes are those of the separate draws.
    func merged(with next: IndexedMaskedImage) -> IndexedMaskedImage? {
        guard let a = aligned, let b = next.aligned, index === next.index, next.layer == lastLayer + 1,
              pixelsInside, next.pixelsInside,
              a.texelX - a.rect.x0 == b.texelX - b.rect.x0, a.texelY - a.rect.y0 == b.texelY - b.rect.y0,
              restRect.y0 == next.restRect.y0, restRect.y1 == next.restRect.y1,
              a.plane.base == b.plane.base, a.plane.rowBytes == b.plane.rowBytes else { return nil }
        var m = self
        m.lastLayer = next.lastLayer
        m.restRect.x0 = min(restRect.x0, next.restRect.x0)
        m.restRect.x1 = max(restRect.x1, next.restRect.x1)
        return m
    }

    /// Texel for pixel: the texel rows under the clip's rows, the columns under its columns. The pixels of layers
    /// `layer … lastLayer` in a row are one run of the index (grouped by layer); a pixel in two of them is listed,
    /// and blended, twice — as the separate draws would.
    private func drawAligned<B: PixelBlend>(_ a: PixelAlignedImage, _ b: B.Type, plane: TexelPlane, color: SIMD4<Float>,
                                            storeOpaque: Bool, clip: PixelRect, target: RenderTarget) {
        let r = restRect.intersection(clip)
        if r.isEmpty { return }
        let dx = a.texelX - a.rect.x0, dy = a.texelY - a.rect.y0
        let tx0 = r.x0 + dx, span = UInt(r.x1 - r.x0)
        // The clip usually spans the whole picture's width, or the whole drawn rectangle whose layers' pixels all lie
        // inside: no test per pixel then.
        let whole = (tx0 <= 0 && r.x1 + dx >= width) || (pixelsInside && r.x0 == restRect.x0 && r.x1 == restRect.x1)
        let keepOpaque = B.keep(255 * color.w)
        let stride = layerCount &+ 1, rowSlots = 2 &* width
        for y in r.y0..<r.y1 {
            let ty = y + dy
            let s = starts + ty &* stride
            let lo = Int(s[layer]), hi = Int(s[lastLayer &+ 1])
            if lo == hi { continue }
            let cols = columns + (rowSlots &* ty)
            let src = plane.base + ty * plane.rowBytes, dst = target.row(y) - 4 &* dx
            if whole {
                for i in lo..<hi {
                    let tx = Int(cols[i])
                    blendTexel(b, src + 4 &* tx, into: dst + 4 &* tx, color: color, keepOpaque: keepOpaque, storeOpaque: storeOpaque)
                }
            } else {
                for i in lo..<hi {
                    let tx = Int(cols[i])
                    if UInt(bitPattern: tx &- tx0) >= span { continue }
                    blendTexel(b, src + 4 &* tx, into: dst + 4 &* tx, color: color, keepOpaque: keepOpaque, storeOpaque: storeOpaque)
                }
            }
        }
    }

    /// Moved and turned: each texel onto the pixel under its center. The texel rows that can reach the clip
    /// come from the inverse mapping of its corners; in each, the texel centers along the row step by the same
    /// fixed-point vector, so the columns whose pixel lies in the clip form one interval, computed exactly in
    /// integers (``clipInterval(_:_:_:_:)``): the speck loop then tests nothing but the end of that interval.
    private func drawSpecks<B: PixelBlend>(_ b: B.Type, plane: TexelPlane, color: SIMD4<Float>, storeOpaque: Bool,
                                           clip: PixelRect, target: RenderTarget) {
        // Texel rows and columns under the clip, one texel of margin (corners of the pixel rectangle).
        let cx = SIMD4<Float>(Float(clip.x0 - 1), Float(clip.x1), Float(clip.x0 - 1), Float(clip.x1))
        let cy = SIMD4<Float>(Float(clip.y0 - 1), Float(clip.y0 - 1), Float(clip.y1), Float(clip.y1))
        let cu = u.c + u.dx * cx + u.dy * cy, cv = v.c + v.dx * cx + v.dy * cy
        let uLo = cu.min(), uHi = cu.max(), vLo = cv.min(), vHi = cv.max()
        guard vLo.isFinite, vHi.isFinite, uLo.isFinite, uHi.isFinite else { return }
        var ty0 = max(plane.minY, TexelPlane.floorIndex(vLo) - 1), ty1 = min(plane.maxY, TexelPlane.floorIndex(vHi) + 1)
        // Only the columns holding the layer's pixels matter (about half the picture's width for a dust layer).
        let own = index.columns(ofLayer: layer)
        let cx0 = max(plane.minX, TexelPlane.floorIndex(uLo) - 1, own.lowerBound)
        let cx1 = min(plane.maxX, TexelPlane.floorIndex(uHi) + 1, own.upperBound - 1)
        if ty0 > ty1 || cx0 > cx1 { return }
        // The rows whose texels in those columns can land in the clip's rows: the pixel row of texel (x, y) is
        // ⌊origin.y + du.y·(x + ½) + dv.y·(y + ½)⌋. Two rows of margin (positions are exact to 2⁻³² px); only when
        // the rows are steep enough (|dv.y| ≥ ½: turned less than 60°), else the corners' rows stand.
        if abs(dv.y) >= 0.5 {
            let a = du.y * (Double(cx0) + 0.5), b = du.y * (Double(cx1) + 0.5)
            let lo = (Double(clip.y0) - origin.y - max(a, b)) / dv.y - 0.5, hi = (Double(clip.y1) - origin.y - min(a, b)) / dv.y - 0.5
            let first = min(lo, hi), last = max(lo, hi)
            if first.isFinite, last.isFinite, abs(first) < 1e9, abs(last) < 1e9 {
                ty0 = max(ty0, Int(first.rounded(.down)) - 2)
                ty1 = min(ty1, Int(last.rounded(.up)) + 2)
                if ty0 > ty1 { return }
            }
        }
        let frame = target.base, originY = target.originY, stride = target.stride
        // The destination factor of an opaque texel (one per draw: the color is constant).
        let keepOpaque = B.keep(255 * color.w)
        let xLo = Int64(clip.x0) << 32, xHi = Int64(clip.x1) << 32, yLo = Int64(clip.y0) << 32, yHi = Int64(clip.y1) << 32
        // Two phases per block of texel rows: first each row's interval and index run (the runs' first and last
        // columns are loaded for many rows at once, so their cache misses overlap), then the rows' specks in order.
        withUnsafeTemporaryAllocation(of: SpeckRow.self, capacity: Self.rowBlock) { block in
            let rows = block.baseAddress!
            var ty = ty0
            while ty <= ty1 {
                var count = 0
                while ty <= ty1 && count < Self.rowBlock {
                    defer { ty &+= 1 }
                    // p(tx) = start + tx·du in 32.32 fixed point (texel centers base + (tx + ½)·du); the pixel is ⌊p⌋
                    // (arithmetic shift). Positions stay within ±2²⁴ px (checked at init), so nothing overflows.
                    let s0 = origin + dv * (Double(ty) + 0.5) + du * 0.5
                    let start = SIMD2(Int64((s0.x * Self.one).rounded(.down)), Int64((s0.y * Self.one).rounded(.down)))
                    var (lo, hi) = Self.clipInterval(start.x, duFixed.x, xLo, xHi)
                    let (ylo, yhi) = Self.clipInterval(start.y, duFixed.y, yLo, yHi)
                    lo = max(lo, ylo, cx0); hi = min(hi, yhi, cx1 + 1)
                    if lo >= hi { continue }
                    // The index is read only for rows that reach the clip (about half of those under its corners).
                    let (cols, n) = row(ty)
                    if n == 0 { continue }
                    (rows + count).initialize(to: SpeckRow(cols: cols, count: n, lo: lo, hi: hi,
                                                           src: plane.base + ty * plane.rowBytes, start: start))
                    count &+= 1
                }
                // The runs' ends: a short loop, so many rows' index lines are fetched at once.
                for r in 0..<count {
                    let cols = rows[r].cols, n = rows[r].count, lo = rows[r].lo, hi = rows[r].hi
                    // A row whose kept columns all fall inside the interval needs no search (most rows, at small turns).
                    let i = lo <= Int(cols[0]) ? 0 : lowerBound(cols, n, lo)
                    let end = hi > Int(cols[n &- 1]) ? n : lowerBound(cols, n, hi)
                    rows[r].cols = cols + i
                    rows[r].count = max(0, end &- i)
                }
                for r in 0..<count {
                    // The flag constant in each copy of the speck loop: no test of it per speck.
                    if storeOpaque {
                        drawRow(rows[r], b, frame: frame, originY: originY, stride: stride, color: color,
                                keepOpaque: keepOpaque, storeOpaque: true)
                    } else {
                        drawRow(rows[r], b, frame: frame, originY: originY, stride: stride, color: color,
                                keepOpaque: keepOpaque, storeOpaque: false)
                    }
                }
            }
        }
    }

    /// One texel row's specks, each blended onto the pixel under its center.
    @inline(__always) private func drawRow<B: PixelBlend>(_ row: SpeckRow, _ b: B.Type, frame: UnsafeMutablePointer<UInt8>,
                                                          originY: Int, stride: Int, color: SIMD4<Float>, keepOpaque: Float,
                                                          storeOpaque: Bool) {
        // Scalars (SSE2 has no 64-bit vector multiply). The band's first row is folded into the start:
        // ⌊(s − y₀·2³²)/2³²⌋ = ⌊s/2³²⌋ − y₀.
        let dx = duFixed.x, dy = duFixed.y
        let cols = row.cols, src = row.src, sx = row.start.x, sy = row.start.y &- (Int64(originY) &<< 32)
        for i in 0..<row.count {
            let tx = Int(cols[i])
            let t = Int64(tx)
            let px = Int(truncatingIfNeeded: (sx &+ dx &* t) &>> 32)
            let py = Int(truncatingIfNeeded: (sy &+ dy &* t) &>> 32)  // row within the band
            blendTexel(b, src + 4 &* tx, into: frame + (py &* stride &+ 4 &* px), color: color, keepOpaque: keepOpaque,
                       storeOpaque: storeOpaque)
        }
    }

    /// Texel rows per block of ``drawSpecks``: their runs are located before any is drawn.
    static let rowBlock = 32

    /// One texel row's specks inside the clip: its run of kept columns (first the row's whole run and the column
    /// interval `lo ..< hi` inside the clip, then the part of the run in it), its texels and its fixed-point start.
    private struct SpeckRow {
        var cols: UnsafePointer<UInt16>
        var count: Int
        let lo: Int, hi: Int
        let src: UnsafePointer<UInt8>
        let start: SIMD2<Int64>
    }

    /// The columns `tx` (a half-open interval) with `lo ≤ s + d·tx < hi`: exact integer bounds of the fixed-point
    /// positions along a texel row (`s`, `d`, `lo`, `hi` in 32.32, well inside ±2⁶²). Empty when no column fits.
    @inline(__always) static func clipInterval(_ s: Int64, _ d: Int64, _ lo: Int64, _ hi: Int64) -> (Int, Int) {
        if d == 0 { return s >= lo && s < hi ? (Int.min / 2, Int.max / 2) : (0, 0) }
        // d > 0: tx ≥ ⌈(lo − s)/d⌉ and tx < ⌈(hi − s)/d⌉; d < 0: the same with the roles of lo and hi swapped
        // (s + d·tx < hi ⇔ tx > (s − hi)/|d|, s + d·tx ≥ lo ⇔ tx ≤ (s − lo)/|d|).
        if d > 0 { return (Int(ceilDiv(lo &- s, d)), Int(ceilDiv(hi &- s, d))) }
        let m = 0 &- d
        return (Int(floorDiv(s &- hi, m)) &+ 1, Int(floorDiv(s &- lo, m)) &+ 1)
    }

    /// ⌈a / b⌉ for b > 0.
    @inline(__always) static func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 { 0 &- floorDiv(0 &- a, b) }

    /// ⌊a / b⌋ for b > 0.
    @inline(__always) static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && a < 0) ? q &- 1 : q
    }

    /// 2³², one in 32.32 fixed point.
    static let one = 4_294_967_296.0

    /// The first position in `cols[0..<n]` (ascending) whose column is at least `x`. Branch-free halving (the
    /// comparison's sign mask selects the step): the steps depend on `n` only, so nothing mispredicts. `x` lies in
    /// 0 … 2¹⁶ (a column bound), so the differences cannot overflow.
    @inline(__always) func lowerBound(_ cols: UnsafePointer<UInt16>, _ n: Int, _ x: Int) -> Int {
        if n == 0 { return 0 }
        // Invariant: every position before `base` holds a column < x, and the answer lies in base ... base + len.
        var base = 0, len = n
        while len > 1 {
            let half = len &>> 1
            // cols[·] − x < 0 (both within ±2¹⁷) ⇔ the sign mask is all ones: add `half`.
            base &+= half & ((Int(cols[base &+ half &- 1]) &- x) &>> 63)
            len &-= half
        }
        return base &- ((Int(cols[base]) &- x) &>> 63)
    }

    /// One texel blended onto one pixel: an opaque texel drawn source-over in opaque white is stored as is; any other
    /// opaque texel is blended with `keepOpaque` (the blend's destination factor for alpha 255·color.w, computed once).
    @inline(__always) func blendTexel<B: PixelBlend>(_ b: B.Type, _ p: UnsafePointer<UInt8>, into q: UnsafeMutablePointer<UInt8>,
                                                     color: SIMD4<Float>, keepOpaque: Float, storeOpaque: Bool) {
        // One 4-byte load; transparent texels (all bytes 0) are skipped, opaque ones stored when allowed. The alpha
        // test is on the word (the texel kept in a register, not spilled to test one lane).
        let word = UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)
        let bytes = unsafeBitCast(word, to: SIMD4<UInt8>.self)
        if UInt32(littleEndian: word) >= 0xFF00_0000 {
            if storeOpaque {
                UnsafeMutableRawPointer(q).storeBytes(of: bytes, as: SIMD4<UInt8>.self)
            } else {
                B.blend(pixelFloats(bytes) * color, keeping: keepOpaque, into: q)
            }
            return
        }
        if word == 0 { return }
        B.blend(pixelFloats(bytes) * color, into: q)
    }
}
