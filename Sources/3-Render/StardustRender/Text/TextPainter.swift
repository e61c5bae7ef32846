import StardustCore

/// Lays out and draws text with FreeType (owned by the text painter).
///
/// Text is laid out in points in the command's local space (unhinted advances
/// and kerning from the font's design units), each glyph origin is mapped to
/// device pixels by `transform` × `scale`, and glyphs are rendered by FreeType
/// at the device pixel size, through `FT_Set_Transform` when the transform
/// rotates, skews or scales unevenly. See <doc:Text>.
public enum TextPainter {
    /// Glyph em sizes above this many device pixels are refused (``TextError/tooLarge(_:)``).
    public static let maxPixelSize = 4096.0
    /// Coverage masks above this many pixels are refused (``TextError/tooLarge(_:)``).
    public static let maxMaskPixels = 1 << 26
    /// Glyphs whose device position lies beyond ±this many pixels are skipped (never visible).
    static let maxDeviceCoordinate = Double(1 << 24)

    /// Lays out `command` at `scale` pixels per point and renders its glyphs
    /// into one coverage mask in device pixels.
    ///
    /// All FreeType work happens here, under the engine's lock, so it is safe
    /// to call from several threads. Glyph bitmaps are cached per face, size,
    /// transform and glyph, so preparing the same text again only copies
    /// cached coverage. Complexity: O(characters + mask pixels) with a warm cache.
    ///
    /// - Throws: ``TextError/noFontFound(_:)`` when the font cannot be found
    ///   or loaded; ``TextError/tooLarge(_:)`` for absurd sizes.
    public static func prepare(_ command: TextDraw, scale: Double) throws -> PreparedText {
        let empty = PreparedText(bounds: PixelRect(x0: 0, y0: 0, x1: 0, y1: 0))
        let m = command.transform.concatenating(Transform2D(scaleX: scale, y: scale))
        let det = m.determinant
        let s = abs(det).squareRoot()
        let opacity = command.opacity.isFinite ? min(max(command.opacity, 0), 1) : 0
        var color = command.color.premultiplied * Float(opacity)
        for i in 0..<4 where !color[i].isFinite { color[i] = 0 } // NaN components would poison the blend
        let pixelSize = command.fontSize * s
        let finite = [m.a, m.b, m.c, m.d, m.tx, m.ty, det, command.fontSize, command.rect.origin.x,
                      command.rect.origin.y, command.rect.size.width, command.rect.size.height].allSatisfy(\.isFinite)

        return try FontEngine.shared.withLock { engine in
            // The font is resolved first so that a missing font is reported even for empty text.
            let face = try engine.face(family: command.fontFamily, bold: command.isBold)
            guard finite, det != 0, command.fontSize > 0, color.w > 0 else { return empty }
            guard pixelSize <= maxPixelSize else {
                throw TextError.tooLarge("Text at \(command.fontSize) pt would be \(pixelSize.wholeNumberText) pixels per em; the limit is \(Int(maxPixelSize)).")
            }
            let size26 = Int((pixelSize * 64).rounded())
            guard size26 >= 1 else { return empty }

            // Layout in points.
            let unitsToPoints = command.fontSize / face.unitsPerEM
            let font = LayoutFont(
                glyph: { face.glyph(for: $0) },
                advance: { face.advance(of: $0) * unitsToPoints },
                kerning: { face.kerning($0, $1) * unitsToPoints })
            let box = command.rect.standardized
            let lines = TextLayout.lines(command.string, maxWidth: command.wraps ? box.width : nil, font: font)
            let ascender = face.ascender * unitsToPoints
            let lineHeight = face.lineHeight * unitsToPoints

            // FreeType's matrix works in y-up space: conjugate the normalized linear part by a y flip.
            func fixed(_ v: Double) -> Int { Int((v / s * 65536).rounded()) }
            let xx = fixed(m.a), xy = -fixed(m.c), yx = -fixed(m.b), yy = fixed(m.d)

            // Place every glyph in device pixels.
            var placed: [(x: Int, y: Int, bitmap: GlyphBitmap)] = []
            var bx0 = Int.max, by0 = Int.max, bx1 = Int.min, by1 = Int.min
            for (i, line) in lines.enumerated() {
                let shift: Double
                switch command.alignment {
                case .left: shift = 0
                case .center: shift = (box.width - line.width) / 2
                case .right: shift = box.width - line.width
                }
                let baseline = box.minY + ascender + Double(i) * lineHeight
                for g in line.glyphs {
                    let p = m.apply(to: Point(box.minX + shift + g.x, baseline))
                    guard abs(p.x) < maxDeviceCoordinate, abs(p.y) < maxDeviceCoordinate else { continue }
                    let q = (p.x * 4).rounded(.down)
                    let ix = Int((q / 4).rounded(.down)), phase = Int(q) - 4 * ix
                    let iy = Int(p.y.rounded())
                    let key = GlyphKey(face: face.id, size: size26, xx: xx, xy: xy, yx: yx, yy: yy, glyph: g.glyph, phase: phase)
                    let bm = engine.glyph(key, in: face)
                    guard bm.width > 0, bm.height > 0 else { continue }
                    let x0 = ix + bm.left, y0 = iy - bm.top
                    placed.append((x0, y0, bm))
                    bx0 = min(bx0, x0); by0 = min(by0, y0); bx1 = max(bx1, x0 + bm.width); by1 = max(by1, y0 + bm.height)
                }
            }
            // Device pixels are never negative: clip the mask there.
            bx0 = max(bx0, 0); by0 = max(by0, 0)
            guard !placed.isEmpty, bx1 > bx0, by1 > by0 else { return empty }
            let w = bx1 - bx0, h = by1 - by0
            guard w * h <= maxMaskPixels else {
                throw TextError.tooLarge("Text would cover \(w)×\(h) pixels; the limit is \(maxMaskPixels) pixels.")
            }
            var coverage = [Float](repeating: 0, count: w * h)
            coverage.withUnsafeMutableBufferPointer { mask in
                for (gx, gy, bm) in placed {
                    let cx0 = max(gx, bx0), cy0 = max(gy, by0)
                    let cx1 = gx + bm.width, cy1 = gy + bm.height
                    guard cx1 > cx0, cy1 > cy0 else { continue }
                    bm.coverage.withUnsafeBufferPointer { src in
                        for y in cy0..<cy1 {
                            let s = src.baseAddress! + (y - gy) * bm.width + (cx0 - gx)
                            let d = mask.baseAddress! + (y - by0) * w + (cx0 - bx0)
                            for i in 0..<(cx1 - cx0) { d[i] = min(1, d[i] + s[i]) }
                        }
                    }
                }
            }
            return PreparedText(bounds: PixelRect(x0: bx0, y0: by0, x1: bx1, y1: by1), coverage: coverage, color: color)
        }
    }

    /// Composites the mask rows that fall inside `target.clip` with source-over.
    ///
    /// Reads only `text`, writes only pixels inside `target.clip`, allocates
    /// nothing: bands drawn concurrently give the same pixels as one band.
    /// Complexity: O(clipped mask pixels).
    public static func draw(_ text: PreparedText, into target: RenderTarget) {
        guard !text.isEmpty else { return }
        let b = text.bounds.intersection(target.clip)
        guard !b.isEmpty else { return }
        let w = text.bounds.x1 - text.bounds.x0
        text.coverage.withUnsafeBufferPointer { cov in
            guard let base = cov.baseAddress else { return }
            for y in b.y0..<b.y1 {
                let row = base + (y - text.bounds.y0) * w + (b.x0 - text.bounds.x0)
                SpanCompositor.composite(target, y: y, x0: b.x0, count: b.x1 - b.x0,
                                         coverage: row, color: text.color, mode: .normal)
            }
        }
    }
}
