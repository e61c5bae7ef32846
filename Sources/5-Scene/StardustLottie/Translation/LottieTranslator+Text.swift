import Foundation
import StardustAnimation
import StardustCore

/// Text layers (docs/LOTTIE.md, "Text"): each text document becomes a layer shown from its frame until the next
/// document's; a document is drawn with the file's glyph shapes (`chars`) when the file has them for its font,
/// as lottie-web and ThorVG draw them, else as a ``TextLayer`` in the named font (fontconfig's match).
extension LottieTranslator {
    func textLayer(_ t: LottieText, path: String) -> Layer {
        guard t.isAnimated else { return documentLayer(t.first, path: "\(path).t.d.k[0]", animators: t.animators) }
        let holder = Layer()
        holder.name = "text documents"
        holder.anchorPoint = .zero
        for (k, d) in t.documents.enumerated() {
            let layer = documentLayer(d, path: "\(path).t.d.k[\(k)]", animators: t.animators)
            let next = k + 1 < t.documents.count ? t.documents[k + 1].time : nil
            // Documents hold: each is shown on [its frame, the next one's). The first shows before its frame too.
            if k == 0 {
                if let n = next { showOnly(layer, hidden: true, from: n, until: nil) }
            } else {
                layer.isHidden = true
                showOnly(layer, hidden: false, from: d.time, until: next)
            }
            holder.addSublayer(layer)
        }
        return holder
    }

    /// Sets `isHidden` to `hidden` from frame `from` until `until` (for ever when nil) with an animation.
    private func showOnly(_ layer: Layer, hidden: Bool, from: Double, until: Double?) {
        let a = KeyframeAnimation(keyPath: "isHidden", values: [.bool(hidden)])
        a.timing.beginTime = from / frameRate
        a.timing.duration = until.map { max($0 - from, 0) / frameRate } ?? 1
        a.timing.fillMode = until == nil ? .forwards : .removed
        a.isRemovedOnCompletion = false
        layer.add(a, forKey: "lottie.textDocument")
    }

    /// One text document, in glyph shapes when the file has them for its font, with the layer's text animators.
    func documentLayer(_ d: LottieTextDocument, path: String, animators: [LottieTextAnimator] = []) -> Layer {
        let font = animation.fontList[d.fontName]
        let family = font?.family ?? animation.fonts[d.fontName] ?? d.fontName
        let ofFamily = animation.glyphs.filter { $0.family == family }
        if !ofFamily.isEmpty {
            let styled = ofFamily.filter { $0.style == font?.style }
            return glyphLayer(d, glyphs: styled.isEmpty ? ofFamily : styled, ascent: font?.ascent ?? 75, path: path,
                              animators: animators)
        }
        if d.strokeColor != nil && d.strokeWidth > 0 { warn(path, "not drawn yet: text stroke") }
        let file = fontFiles[d.fontName]
        // Box text's first baseline: the cap height below the box top in a font file, as lottie-ios draws it (the
        // one reference drawing fonts), else `ascent` of `fonts.list`, as After Effects exports it.
        let ascent = file?.capHeight.map { $0 * 100 } ?? font?.ascent ?? 75
        if d.tracking != 0 || !animators.isEmpty, let file, let advances = file.advances {
            return characterTextLayer(d, file: file.path, advances: advances, ascender: file.ascender, ascent: ascent,
                                      animators: animators)
        }
        if d.tracking != 0 { warn(path, "not drawn yet: text tracking (in a font not found among the font files)") }
        if !animators.isEmpty {
            warn(path, "not drawn yet: text animators on text in a font not found among the font files (drawn unanimated)")
        }
        return fontTextLayer(d, family: file?.path ?? family, ascender: file?.ascender, ascent: ascent)
    }

    /// The document's characters as the file's glyph outlines, filled (`fc`) and stroked (`sc`, `sw`; under the
    /// fill unless `of`), in one shape layer per paint.
    func glyphLayer(_ d: LottieTextDocument, glyphs: [LottieGlyph], ascent: Double, path: String,
                    animators: [LottieTextAnimator] = []) -> Layer {
        var byCharacter: [String: LottieGlyph] = [:]
        for g in glyphs where byCharacter[g.character] == nil { byCharacter[g.character] = g }
        let scale = d.fontSize / 100
        var missing: Set<Character> = []
        func advance(_ c: Character) -> Double {
            if let g = byCharacter[String(c)] { return g.width * scale }
            return c == " " ? d.fontSize / 4 : 0  // a space without a glyph: a quarter em
        }
        let layout = LottieTextLayout(d, ascent: ascent, advance: { c in
            if byCharacter[String(c)] == nil && c != " " { missing.insert(c) }
            return advance(c)
        }, placesSpaces: !animators.isEmpty)
        if !missing.isEmpty {
            warn(path, "characters without glyph shapes in \"chars\" are not drawn: \(String(missing.sorted().prefix(16)))")
        }
        var cache: [String: Path] = [:]
        if !animators.isEmpty {
            let holder = Layer()
            holder.name = "text \"\(d.text.prefix(24))\" (glyph shapes, animated)"
            holder.anchorPoint = .zero
            let fills = d.fillColor != nil || animators.contains { $0.fillColor != nil }
            let strokes = (d.strokeColor != nil && d.strokeWidth > 0)
                || animators.contains { $0.strokeColor != nil || $0.strokeWidth != nil }
            let characters = animatedCharacters(d, layout: layout, animators: animators, advance: advance) { c in
                let key = String(c)
                guard let g = byCharacter[key] else { return CharacterContent(layers: []) }
                let shape = cache[key] ?? Self.glyphOutline(g.shapes, transform: .identity)
                cache[key] = shape
                let outline = shape.applying(Transform2D(scaleX: scale, y: scale))
                var content = CharacterContent(layers: [])
                if fills {
                    let fill = ShapeLayer()
                    fill.name = "text fill"
                    fill.path = outline
                    fill.anchorPoint = .zero
                    fill.fillColor = d.fillColor.map(LottieColor.color) ?? .clear
                    content.fill = fill
                    content.layers.append(fill)
                }
                if strokes {
                    let stroke = ShapeLayer()
                    stroke.name = "text stroke"
                    stroke.path = outline
                    stroke.anchorPoint = .zero
                    stroke.fillColor = nil
                    stroke.strokeColor = d.strokeColor.map(LottieColor.color) ?? .clear
                    stroke.lineWidth = d.strokeWidth
                    content.stroke = stroke
                    if d.strokeOverFill { content.layers.append(stroke) } else { content.layers.insert(stroke, at: 0) }
                }
                return content
            }
            for c in characters { holder.addSublayer(c) }
            return holder
        }
        var outline = Path()
        for p in layout.placed {
            let key = String(p.character)
            guard let g = byCharacter[key] else { continue }
            let shape = cache[key] ?? Self.glyphOutline(g.shapes, transform: .identity)
            cache[key] = shape
            outline.addPath(shape.applying(Transform2D(scaleX: scale, y: scale).concatenating(Transform2D(translationX: p.x, y: p.y))))
        }
        let holder = Layer()
        holder.name = "text \"\(d.text.prefix(24))\" (glyph shapes)"
        holder.anchorPoint = .zero
        var paints: [ShapeLayer] = []
        if let c = d.fillColor {
            let fill = ShapeLayer()
            fill.name = "text fill"
            fill.path = outline
            fill.anchorPoint = .zero
            fill.fillColor = LottieColor.color(c)
            paints.append(fill)
        }
        if let c = d.strokeColor, d.strokeWidth > 0 {
            let stroke = ShapeLayer()
            stroke.name = "text stroke"
            stroke.path = outline
            stroke.anchorPoint = .zero
            stroke.fillColor = nil
            stroke.strokeColor = LottieColor.color(c)
            stroke.lineWidth = d.strokeWidth
            if d.strokeOverFill { paints.append(stroke) } else { paints.insert(stroke, at: 0) }
        }
        for p in paints { holder.addSublayer(p) }
        return holder
    }

    /// The outlines of a glyph's shape items (groups with their static transforms), in 100-point font units.
    static func glyphOutline(_ items: [LottieShapeItem], transform: Transform2D) -> Path {
        var path = Path()
        for item in items {
            switch item {
            case .group(let g) where !g.hidden:
                path.addPath(glyphOutline(g.items, transform: staticMatrix(g.transform).concatenating(transform)))
            case .rectangle(let p, let s, let r, let rev):
                path.addPath(LottieGeometry.rectangle(position: p.value, size: s.value, roundness: r.value, reversed: rev).path(at: 0).applying(transform))
            case .ellipse(let p, let s, let rev):
                path.addPath(LottieGeometry.ellipse(position: p.value, size: s.value, reversed: rev).path(at: 0).applying(transform))
            case .polystar(let s):
                path.addPath(LottieGeometry.polystar(s).path(at: 0).applying(transform))
            case .path(let b, let rev):
                path.addPath(LottieGeometry.bezier(b.value, reversed: rev).path(at: 0).applying(transform))
            default:
                break
            }
        }
        return path
    }

    /// A transform's first values as one matrix: `translate(−a) · scale · rotate · translate(p)`.
    static func staticMatrix(_ t: LottieTransform) -> Transform2D {
        let a = t.anchor.value.initial, s = t.scale.value.initial
        let p: [Double]
        switch t.position {
        case .combined(let c): p = c.value.initial
        case .split(let x, let y): p = [x.value.initial, y.value.initial]
        }
        func at(_ v: [Double], _ i: Int, _ d: Double) -> Double { i < v.count ? v[i] : d }
        return Transform2D(translationX: -at(a, 0, 0), y: -at(a, 1, 0))
            .concatenating(Transform2D(scaleX: at(s, 0, 100) / 100, y: at(s, 1, at(s, 0, 100)) / 100))
            .concatenating(Transform2D(rotationAngle: t.rotation.value.initial * .pi / 180))
            .concatenating(Transform2D(translationX: at(p, 0, 0), y: at(p, 1, 0)))
    }

    /// A document in a font file whose advances are known, one ``TextLayer`` per character placed by
    /// ``LottieTextLayout`` (so tracking and the box's wrapping and justification are Lottie's, not the text layer's):
    /// each layer's first baseline, `ascender` ems below its top, is the character's baseline.
    func characterTextLayer(_ d: LottieTextDocument, file: String, advances: LottieFontAdvances, ascender: Double?,
                            ascent: Double, animators: [LottieTextAnimator] = []) -> Layer {
        let asc = (ascender ?? 0.95) * d.fontSize
        let layout = LottieTextLayout(d, ascent: ascent, advance: { advances.advance($0) * d.fontSize },
                                      kerning: { advances.kern($0, $1) * d.fontSize }, placesSpaces: !animators.isEmpty)
        let holder = Layer()
        holder.name = "text \"\(d.shownText.prefix(24))\" (by character)"
        holder.anchorPoint = .zero
        let color = d.fillColor.map(LottieColor.color) ?? .clear
        func character(_ c: Character, at origin: Point) -> TextLayer {
            let layer = TextLayer()
            layer.name = "character \"\(c)\""
            layer.string = String(c)
            layer.fontSize = d.fontSize
            layer.fontFamily = file
            layer.foregroundColor = color
            layer.anchorPoint = .zero
            layer.alignmentMode = .left
            layer.bounds = Rect(0, 0, max(d.fontSize * 2, 1), d.fontSize * 1.4)
            layer.position = origin
            return layer
        }
        if !animators.isEmpty {
            let characters = animatedCharacters(d, layout: layout, animators: animators, advance: { advances.advance($0) * d.fontSize }) { c in
                let t = character(c, at: Point(0, -asc))
                return CharacterContent(layers: [t], fill: t)
            }
            for c in characters { holder.addSublayer(c) }
            return holder
        }
        for p in layout.placed { holder.addSublayer(character(p.character, at: Point(p.x, p.y - asc))) }
        return holder
    }

    /// A document in a font: one ``TextLayer`` per line, each placed so that its baseline is where Lottie puts it
    /// (``LottieTextLayout``: `lh` apart, from y = 0 for point text); box text is one wrapping ``TextLayer`` the
    /// box's width whose first baseline is `ascent` below the box top. `ascender` is the face's ascender in ems (where
    /// the text layer puts the first baseline below its top), when the font file is known; otherwise 0.95.
    func fontTextLayer(_ d: LottieTextDocument, family: String, ascender: Double?, ascent: Double) -> Layer {
        let text = d.shownText
        let asc = (ascender ?? 0.95) * d.fontSize
        let holder = Layer()
        holder.name = "text \"\(text.prefix(24))\""
        holder.anchorPoint = .zero
        func make(_ string: String) -> TextLayer {
            let layer = TextLayer()
            layer.name = "text line \"\(string.prefix(24))\""
            layer.string = string
            layer.fontSize = d.fontSize
            layer.fontFamily = family.isEmpty ? nil : family
            layer.foregroundColor = d.fillColor.map(LottieColor.color) ?? .clear
            layer.anchorPoint = .zero
            return layer
        }
        if let size = d.boxSize, let p = d.boxPosition {
            let layer = make(text)
            layer.isWrapped = true
            layer.bounds = Rect(0, 0, max(size[0], 1), max(size[1], d.fontSize * 1.4))
            switch d.justification {
            case 1, 4: layer.alignmentMode = .right
            case 2, 5: layer.alignmentMode = .center
            default: layer.alignmentMode = .left
            }
            layer.position = Point(p[0], p[1] + ascent / 100 * d.fontSize - asc - d.baselineShift)
            holder.addSublayer(layer)
            return holder
        }
        let lineHeight = d.lineHeight != 0 ? d.lineHeight : d.fontSize * 1.2
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            let layer = make(String(line))
            // Wide enough for any line: alignment is about x = 0 (left: from it, right: to it, centre: on it).
            let width = max(d.fontSize * Double(line.count) * 1.5, 1)
            layer.bounds = Rect(0, 0, width, d.fontSize * 1.4)
            let x: Double
            switch d.justification {
            case 1, 4: layer.alignmentMode = .right; x = -width
            case 2, 5: layer.alignmentMode = .center; x = -width / 2
            default: layer.alignmentMode = .left; x = 0
            }
            layer.position = Point(x, Double(n) * lineHeight - d.baselineShift - asc)
            holder.addSublayer(layer)
        }
        return holder
    }
}
