extension Image {
    /// Fills `path` (mapped by `transform` into pixel coordinates) with `color`,
    /// anti-aliased, blended source-over in premultiplied arithmetic.
    /// Curves are flattened to within 0.05 pixel. O(edges · log edges + covered pixels).
    public mutating func fill(_ path: Path, color: Color, rule: FillRule = .nonZero, transform: Transform2D = .identity) {
        fill(path, paint: .color(color), rule: rule, transform: transform)
    }

    /// Fills `path` with a solid color or a gradient (`paint` is in the path's space, before `transform`),
    /// multiplied by `opacity`, source-over.
    public mutating func fill(_ path: Path, paint: Paint, rule: FillRule = .nonZero,
                              transform: Transform2D = .identity, opacity: Double = 1) {
        let edges = EdgeList(polylines: path.removingNonFiniteSubpaths().flattened(tolerance: Image.tolerance(for: transform)),
                             transform: transform)
        composite(edges, rule: rule, shader: PaintShader(paint: paint, opacity: opacity, deviceFromLocal: transform))
    }

    /// Strokes `path` with `style` (the pen lives in the path's space, so a
    /// non-uniform `transform` stretches it as in Core Graphics) in `color`, source-over.
    public mutating func stroke(_ path: Path, style: StrokeStyle, color: Color, transform: Transform2D = .identity) {
        let outline = Stroker.outline(of: path.removingNonFiniteSubpaths(), style: style, tolerance: Image.tolerance(for: transform))
        let edges = EdgeList(polylines: outline, transform: transform)
        composite(edges, rule: .nonZero, shader: PaintShader(paint: .color(color)))
    }

    /// 0.05 pixel in the path's space: 0.05 divided by the transform's stretch (0.05 for a degenerate transform).
    static func tolerance(for transform: Transform2D) -> Double {
        let s = transform.maxScale
        return s.isFinite && s > 1e-12 ? 0.05 / s : 0.05
    }

    /// Blends `shader` through the coverage of `edges` onto every pixel (source-over).
    mutating func composite(_ edges: EdgeList, rule: FillRule, shader: PaintShader) {
        let w = width, h = height
        guard w > 0, h > 0, !edges.isEmpty else { return }
        let coverage = UnsafeMutablePointer<Float>.allocate(capacity: w)
        let colors = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: w)
        defer { coverage.deallocate(); colors.deallocate() }
        pixels.withUnsafeMutableBufferPointer { px in
            guard let base = px.baseAddress else { return }
            CoverageRasterizer.rasterize(edges, rule: rule, columns: 0..<w, rows: 0..<h, coverage: coverage) { y, span in
                shader.shade(y: y, x0: span.lowerBound, count: span.count, into: colors)
                let row = base + 4 * (y * w)
                for x in span {
                    let c = coverage[x]
                    if c <= 0 { continue }
                    let s = colors[x - span.lowerBound] * min(c, 1) * 255
                    let p = row + 4 * x
                    let d = SIMD4<Float>(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3]))
                    let r = (s + d * (1 - s.w / 255)).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255)) + 0.5
                    p[0] = UInt8(r.x); p[1] = UInt8(r.y); p[2] = UInt8(r.z); p[3] = UInt8(r.w)
                }
            }
        }
    }
}
