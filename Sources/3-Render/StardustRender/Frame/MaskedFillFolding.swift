import StardustCore

/// A composite group that is only "a paint clipped to a shape" drawn as one path (docs/DRAWING.md, "Masks").
///
/// Core Animation's way to fill a shape with a gradient — a `CAGradientLayer` whose `mask` is a `CAShapeLayer` of the
/// shape, which is also how Lottie gradient fills are translated — would otherwise cost an offscreen buffer of the
/// layer's bounds, the gradient shaded over the whole rectangle, the mask rasterised into a second buffer and two
/// compositing passes. When the group's content is one filled rectangle, its alpha mask is one opaque solid-color
/// path lying inside that rectangle, and the group has no opacity, filter, tint or shadow, the result is the mask's
/// shape filled with the content's paint: the same pixels up to rounding, except along an edge the shape shares with
/// the rectangle, where the product of two anti-aliased coverages (the group) darkens the edge and the folded fill
/// (the shape's own coverage, exact since the shape lies inside the rectangle) does not.
enum MaskedFillFolding {
    /// The single path that draws the group opened at `out[begin]` (mask from `out[maskStart]`), or `nil` when the
    /// group is not of that form. `source` is the display-list index of the group's `beginCompositeGroup`.
    static func fold(_ g: CompositeGroup, out: [PreparedCommand], begin: Int, maskStart: Int?,
                     list: DisplayList, source: Int) -> PreparedPath? {
        guard g.mask == .alpha, g.filter == .normal, g.tint == nil, g.shadow == nil, g.opacity == 1,
              let maskStart, maskStart == begin + 2, out.count == maskStart + 2,
              case .path(let content) = out[begin + 1], case .path(let mask) = out[maskStart + 1],
              content.blend == .normal, mask.blend == .normal,
              mask.shader.isSolid, mask.shader.solidColor.w == 1,
              let draw = firstPath(in: list, after: source), case .fill = draw.style,
              let quad = rectangleCorners(draw.path)
        else { return nil }
        let device = draw.transform.concatenating(Transform2D(scaleX: list.scale, y: list.scale))
        let corners = quad.map { device.apply(to: $0) }
        guard mask.edges.allEndpoints(inside: corners) else { return nil }
        return PreparedPath(bounds: mask.bounds, edges: mask.edges, rule: mask.rule, shader: content.shader, blend: .normal)
    }

    /// The first path command after `index` (the group's content: what the prepare phase dropped before it drew nothing).
    private static func firstPath(in list: DisplayList, after index: Int) -> PathDraw? {
        var i = index + 1
        while i < list.commands.count {
            switch list.commands[i] {
            case .path(let p): return p
            case .image, .maskedImage, .sprites, .text: i += 1
            default: return nil
            }
        }
        return nil
    }

    /// The four corners of a path that is exactly one closed four-sided polygon (``Path/init(rect:)``), else `nil`.
    private static func rectangleCorners(_ path: Path) -> [Point]? {
        let e = path.elements
        guard e.count == 5 || e.count == 6, case .move(let a) = e[0], case .line(let b) = e[1], case .line(let c) = e[2],
              case .line(let d) = e[3] else { return nil }
        if e.count == 6 { guard case .line(let back) = e[4], back == a, case .closeSubpath = e[5] else { return nil } }
        else { guard case .closeSubpath = e[4] else { return nil } }
        return [a, b, c, d]
    }
}

extension EdgeList {
    /// Whether every edge's end points lie inside the convex polygon `corners` (either winding), within 10⁻⁶ pixel.
    /// A filled polygon whose vertices all lie in a convex region lies in it whole.
    func allEndpoints(inside corners: [Point]) -> Bool {
        guard corners.count >= 3 else { return false }
        var area = 0.0
        for k in corners.indices {
            let p = corners[k], q = corners[(k + 1) % corners.count]
            area += p.x * q.y - q.x * p.y
        }
        guard area.isFinite, abs(area) > 1e-9 else { return false }
        let sign = area > 0 ? 1.0 : -1.0
        func inside(_ x: Double, _ y: Double) -> Bool {
            for k in corners.indices {
                let p = corners[k], q = corners[(k + 1) % corners.count]
                let ex = q.x - p.x, ey = q.y - p.y
                let cross = (ex * (y - p.y) - ey * (x - p.x)) * sign
                if cross < -1e-6 * (abs(ex) + abs(ey)) { return false }
            }
            return true
        }
        for e in edges where !(inside(e.x0, e.y0) && inside(e.x1, e.y1)) { return false }
        return true
    }
}
