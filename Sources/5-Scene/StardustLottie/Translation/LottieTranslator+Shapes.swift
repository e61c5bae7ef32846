import Foundation
import StardustAnimation
import StardustCore

/// Shape layers: groups become transform layers, each fill or stroke a ``ShapeLayer`` holding the outlines it
/// paints (lottie-ios's Core Animation engine does the same).
///
/// The Lottie rules: a fill or stroke paints every outline above it in its group and in the groups above it;
/// a group also receives the fills and strokes below it in its enclosing groups; a trim cuts the outlines
/// above it; the first item is drawn on top. Here a group's layer draws, bottom first, the inherited paints
/// over its own outlines, then its items from last to first.
extension LottieTranslator {
    /// A fill or stroke item with the trim that applies to it.
    struct ShapePaint {
        var item: LottieShapeItem
        var path: String
        var trim: Trim?
    }

    struct Trim {
        var start: LottieProperty<Double>
        var end: LottieProperty<Double>
        var offset: LottieProperty<Double>
        var individually: Bool
        var path: String
        /// The start, end and offset as one range (``LottieTrimRange``).
        var range: LottieTrimRange { LottieTrimRange(start: start.value, end: end.value, offset: offset.value) }
    }

    /// `enclosingTrim` is the trim below this group in an enclosing group's list: it cuts this group's outlines too,
    /// for the paints inside the group as for those outside (docs/LOTTIE.md, "Shape rules").
    func shapeLayers(_ items: [LottieShapeItem], paths: [String], inherited: [ShapePaint], enclosingTrim: Trim? = nil) -> [Layer] {
        // A repeater repeats everything above it in its group; what is below it is drawn once, underneath.
        if let r = items.firstIndex(where: { if case .repeater = $0 { return true }; return false }),
           case .repeater(let rep) = items[r] {
            let above = Array(items[..<r]), abovePaths = Array(paths[..<r])
            let rest = Array(items[(r + 1)...]), restPaths = Array(paths[(r + 1)...])
            var reaching: [ShapePaint] = []
            for (j, item) in rest.enumerated() where isPaint(item) { reaching.append(ShapePaint(item: item, path: restPaths[j], trim: nil)) }
            let below = shapeLayers(rest, paths: restPaths, inherited: inherited, enclosingTrim: enclosingTrim)
            let copies = repeaterCopies(rep, path: paths[r]) {
                self.shapeLayers(above, paths: abovePaths, inherited: reaching + inherited, enclosingTrim: enclosingTrim)
            }
            return below + copies
        }
        var result: [Layer] = []
        // Outlines directly in this group, by index.
        var outlines: [(Int, LottieGeometry)] = []
        for (i, item) in items.enumerated() {
            if let g = geometry(item) { outlines.append((i, g)) }
            // Round corners round every outline above them in the group.
            if case .roundCorners(let r) = item, r.value.isAnimated || r.value.initial > 0 {
                outlines = outlines.map { ($0.0, .rounded($0.1, radius: r.value)) }
            }
        }
        // Inherited paints, bottom-most first (they come from below this group in the enclosing ones).
        let direct = outlines.map(\.1)
        for var paint in inherited.reversed() where !direct.isEmpty {
            if paint.trim == nil { paint.trim = enclosingTrim }
            if let l = paintLayer(paint, outlines: direct) { result.append(l) }
        }
        // A trim cuts every outline above it in the group, wherever the paint that draws the outline sits (as
        // lottie-web and lottie-ios read a group: the modifiers change the paths, then the paints draw them).
        // Several trims combine; that is approximated by one: the last trim between the outlines and the paint
        // (`trimAt[i]`, the nearest above item i) or, when there is none, the nearest trim below the outlines
        // (`trimAfter[k]`, the nearest below item k: After Effects writes Trim Paths after the stroke when it is
        // added last).
        let trims: [Trim?] = items.indices.map { i in
            guard case .trim(let s, let e, let o, let ind) = items[i] else { return nil }
            return Trim(start: s, end: e, offset: o, individually: ind, path: paths[i])
        }
        var trimAt: [(index: Int, trim: Trim)?] = Array(repeating: nil, count: items.count)
        var trimAfter: [Trim?] = Array(repeating: nil, count: items.count)
        for i in items.indices.dropFirst() {
            trimAt[i] = trims[i - 1].map { (i - 1, $0) } ?? trimAt[i - 1]
        }
        for i in items.indices.reversed().dropFirst() {
            trimAfter[i] = trims[i + 1] ?? trimAfter[i + 1]
        }
        /// The trim of what the paint at index `i` draws: the outlines above it.
        func trim(ofPaintAt i: Int) -> Trim? {
            guard let last = outlines.last(where: { $0.0 < i })?.0 else { return nil }
            if let t = trimAt[i], t.index > last { return t.trim }
            return trimAfter[last] ?? enclosingTrim
        }
        for i in stride(from: items.count - 1, through: 0, by: -1) {
            let item = items[i], path = paths[i]
            switch item {
            case .fill, .stroke, .gradientFill, .gradientStroke:
                let above = outlines.filter { $0.0 < i }.map(\.1)
                guard !above.isEmpty else { continue }
                if let l = paintLayer(ShapePaint(item: item, path: path, trim: trim(ofPaintAt: i)), outlines: above) { result.append(l) }
            case .group(let g):
                // Paints below the group in this list (and the inherited ones) reach into it.
                var reaching: [ShapePaint] = []
                for j in (i + 1)..<items.count {
                    switch items[j] {
                    case .fill, .stroke, .gradientFill, .gradientStroke:
                        // The paint draws the group's outlines, which the trims below the group cut.
                        let between = trimAt[j].flatMap { $0.index > i ? $0.trim : nil }
                        reaching.append(ShapePaint(item: items[j], path: paths[j], trim: between ?? trimAfter[i]))
                    default: break
                    }
                }
                reaching += inherited
                let (outer, inner) = transformLayers(g.transform, name: "group \(g.name ?? "") \(path)", opacity: true, autoOrient: false)
                // A trim below the group cuts the outlines inside it, whichever paint draws them (lottie-web, ThorVG
                // and lottie-ios alike: modifiers reach into the groups above them).
                let cut = trimAfter[i] ?? enclosingTrim
                for l in shapeLayers(g.items, paths: g.itemPaths, inherited: reaching, enclosingTrim: cut) { inner.addSublayer(l) }
                result.append(outer)
            case .repeater:
                break  // handled above
            case .roundCorners:
                break  // applied to the outlines above
            case .merge(let mode):
                warn(path, "not drawn yet: merge paths (mode \(mode)); the paths are drawn unmerged")
            case .unsupported(let ty):
                if ty != "tr" { warn(path, "not drawn: shape item type \"\(ty)\"") }
            default:
                break
            }
        }
        return result
    }

    /// The outline of a path-producing item.
    func geometry(_ item: LottieShapeItem) -> LottieGeometry? {
        switch item {
        case .rectangle(let p, let s, let r, let rev):
            if let x = p.expression ?? s.expression { warnExpression(x, at: p.path) }
            return .rectangle(position: p.value, size: s.value, roundness: r.value, reversed: rev)
        case .ellipse(let p, let s, let rev):
            if let x = p.expression ?? s.expression { warnExpression(x, at: p.path) }
            return .ellipse(position: p.value, size: s.value, reversed: rev)
        case .polystar(let s): return .polystar(s)
        case .path(let b, let rev):
            if let x = b.expression { warnExpression(x, at: b.path) }
            return .bezier(b.value, reversed: rev)
        default: return nil
        }
    }

    /// One ``ShapeLayer`` painting `outlines` with a fill or a stroke (one per outline when a simultaneous trim
    /// cuts several: each outline is trimmed on its own).
    func paintLayer(_ paint: ShapePaint, outlines: [LottieGeometry]) -> Layer? {
        if let trim = paint.trim, !trim.individually, outlines.count > 1, isStroke(paint.item) {
            let group = Layer()
            group.name = "trimmed simultaneously \(trim.path)"
            for o in outlines { if let l = paintLayer(paint, outlines: [o]) { group.addSublayer(l) } }
            return group
        }
        let shape = shapeLayer(for: outlines)
        shape.fillColor = nil
        switch paint.item {
        case .fill(let color, let opacity, let evenOdd):
            shape.name = "fill \(paint.path)"
            shape.fillRule = evenOdd ? .evenOdd : .nonZero
            apply(color, to: shape, keyPath: "fillColor") { .color(LottieColor.paint($0)) }
            apply(opacity, to: shape, keyPath: "opacity") { .number(min(max($0 / 100, 0), 1)) }
            return trimmedFill(shape, trim: paint.trim, outlines: outlines)
        case .stroke(let s):
            shape.name = "stroke \(paint.path)"
            applyStroke(s, to: shape, path: paint.path)
            apply(s.opacity, to: shape, keyPath: "opacity") { .number(min(max($0 / 100, 0), 1)) }
            apply(s.color, to: shape, keyPath: "strokeColor") { .color(LottieColor.paint($0)) }
            return trimmedStroke(shape, trim: paint.trim, outlines: outlines)
        case .gradientFill(let g):
            shape.name = "gradient fill mask \(paint.path)"
            shape.fillRule = g.evenOdd ? .evenOdd : .nonZero
            shape.fillColor = .white
            guard let mask = trimmedFill(shape, trim: paint.trim, outlines: outlines) else { return nil }
            return gradientLayer(g, mask: mask, outlines: outlines, path: paint.path, margin: 0)
        case .gradientStroke(let g, let s):
            shape.name = "gradient stroke mask \(paint.path)"
            applyStroke(s, to: shape, path: paint.path)
            shape.strokeColor = .white
            let mask = trimmedStroke(shape, trim: paint.trim, outlines: outlines)
            return gradientLayer(g, mask: mask, outlines: outlines, path: paint.path, margin: s.width.value.keyframeList.map(\.value).max() ?? 0)
        default:
            return nil
        }
    }

    func isStroke(_ item: LottieShapeItem) -> Bool {
        switch item { case .stroke, .gradientStroke: return true; default: return false }
    }

    /// Width, caps, joins, miter limit and dashes (not the colour or the opacity: a gradient stroke's mask is white).
    func applyStroke(_ s: LottieStroke, to shape: ShapeLayer, path: String) {
        apply(s.width, to: shape, keyPath: "lineWidth") { .number(max($0, 0)) }
        shape.lineCap = s.cap == 2 ? .round : s.cap == 3 ? .square : .butt
        shape.lineJoin = s.join == 2 ? .round : s.join == 3 ? .bevel : .miter
        shape.miterLimit = s.miterLimit
        applyDashes(s.dashes, to: shape)
    }

    /// Trim start and end (percent) become `strokeStart`/`strokeEnd`, for a trim ``LottieTrimRange/isStrokeRange``
    /// says they express (an offset of whole turns changes nothing).
    func applyTrim(_ trim: Trim?, to shape: ShapeLayer) {
        guard let trim else { return }
        func fraction(_ v: Double) -> AnimatableValue { .number(min(max(v / 100, 0), 1)) }
        apply(trim.start, to: shape, keyPath: "strokeStart", fraction)
        apply(trim.end, to: shape, keyPath: "strokeEnd", fraction)
    }

    func isPaint(_ item: LottieShapeItem) -> Bool {
        switch item { case .fill, .stroke, .gradientFill, .gradientStroke: return true; default: return false }
    }

    /// `c` copies of what `make` builds, copy k (counted from the offset `o`) transformed k times by the
    /// repeater's transform — `translate(−a) · scale^k · rotate(k·r) · translate(a) · translate(k·p)` — with
    /// opacity running from `so` to `eo`. Copies are static: an animated count, offset or transform uses its
    /// first value (warned).
    func repeaterCopies(_ r: LottieRepeater, path: String, make: () -> [Layer]) -> [Layer] {
        let t = r.transform
        var positionAnimated = false
        var p = [0.0, 0.0]
        switch t.position {
        case .combined(let v): p = v.value.initial; positionAnimated = v.value.isAnimated
        case .split(let x, let y): p = [x.value.initial, y.value.initial]; positionAnimated = x.value.isAnimated || y.value.isAnimated
        }
        if r.copies.value.isAnimated || r.offset.value.isAnimated || positionAnimated || t.scale.value.isAnimated
            || t.rotation.value.isAnimated || t.anchor.value.isAnimated || r.startOpacity.value.isAnimated || r.endOpacity.value.isAnimated {
            warn(path, "approximated: an animated repeater is drawn with its first values")
        }
        let count = Int.clamped(r.copies.value.initial.rounded(), to: 0...1000)
        let offset = r.offset.value.initial
        let a = t.anchor.value.initial, s = t.scale.value.initial
        let sx = (s.first ?? 100) / 100, sy = (s.count > 1 ? s[1] : s.first ?? 100) / 100
        let rot = t.rotation.value.initial * .pi / 180
        let ax = a.first ?? 0, ay = a.count > 1 ? a[1] : 0
        let so = r.startOpacity.value.initial / 100, eo = r.endOpacity.value.initial / 100
        var copies: [Layer] = []
        for k in 0..<count {
            let n = Double(k) + offset
            let copy = Layer()
            copy.name = "repeater copy \(k) \(path)"
            copy.anchorPoint = .zero
            copy.transform = Transform3D(translationX: -ax, y: -ay, z: 0)
                .concatenating(Transform3D(scaleX: pow(sx, n), y: pow(sy, n), z: 1))
                .concatenating(Transform3D(rotationAngle: rot * n, x: 0, y: 0, z: 1))
                .concatenating(Transform3D(translationX: ax + p[0] * n, y: ay + (p.count > 1 ? p[1] : 0) * n, z: 0))
            copy.opacity = min(max(count > 1 ? so + (eo - so) * Double(k) / Double(count - 1) : so, 0), 1)
            for l in make() { copy.addSublayer(l) }
            copies.append(copy)
        }
        // Composite "above" (1): each copy over the one before it; "below" (2): under it.
        return r.composite == 2 ? copies.reversed() : copies
    }
}
