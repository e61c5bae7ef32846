import Foundation
import StardustAnimation
import StardustCore

/// Translates a parsed ``LottieAnimation`` once into a Stardust layer tree with keyframe animations — the way
/// lottie-ios 4's Core Animation engine builds a `CALayer` tree — so that drawing it is the engine's ordinary
/// layer rendering (docs/LOTTIE.md, "What is translated to what").
///
/// Every Lottie layer becomes two layers: an outer one carrying position, rotation, opacity and visibility
/// (hidden outside `ip…op`), and an inner one
/// carrying the anchor point (its `bounds.origin`) and scale, holding the content. Parents are replayed as
/// extra transform-only layers around a child, so parenting never changes the stacking order. A precomp's
/// contents run on its own time (`beginTime` = start time, `speed` = 1 / time stretch).
public final class LottieTranslator {
    let animation: LottieAnimation
    let frameRate: Double
    let images: [String: Texture]
    /// Font files by `fName` (``LottieFontFiles``), for text drawn in a font.
    let fontFiles: [String: LottieFontFiles.Match]
    var warnings: [LottieWarning] = []
    private var warned: Set<LottieWarning> = []
    /// Expressions that are not evaluated ("path \"source\""), named in one warning line at the end.
    var unevaluated: [String] = []
    var unevaluatedMore = 0
    /// How the frames of the composition being translated map to the animation's frames (`root = offset + scale ·
    /// frame`: start time and stretch of the precomps around it); nil inside a time-remapped precomp.
    var rootFrames: (scale: Double, offset: Double)? = (1, 0)
    /// The first use of each precomp by what makes uses alike, and the notes being recorded for the precomps being
    /// translated, innermost last (``precompLayers(_:_:depth:)``).
    var precompTranslations: [PrecompUseKey: PrecompTranslation] = [:]
    var copiesPrecompUses = true
    var noteRecordings: [[Note]] = []

    init(animation: LottieAnimation, images: [String: Texture], fontFiles: [String: LottieFontFiles.Match] = [:]) {
        self.animation = animation
        self.fontFiles = fontFiles
        self.frameRate = animation.frameRate
        self.images = images
    }

    /// The composition of `animation`, with `images` (asset id → texture, see ``LottieFile``) for image layers.
    public static func translate(_ animation: LottieAnimation, images: [String: Texture] = [:]) -> LottieComposition {
        translate(animation, images: images, fontFiles: [:])
    }

    /// `fontFiles` maps a font's `fName` to the file to draw it from. `copiesPrecompUses` false translates every use
    /// of a precomp afresh (the plain translation, which the tests compare the copies with).
    static func translate(_ animation: LottieAnimation, images: [String: Texture],
                          fontFiles: [String: LottieFontFiles.Match], copiesPrecompUses: Bool = true) -> LottieComposition {
        let t = LottieTranslator(animation: animation, images: images, fontFiles: fontFiles)
        t.copiesPrecompUses = copiesPrecompUses
        let root = Layer()
        root.name = "Lottie \(animation.name ?? "animation") (\(Int(animation.width))×\(Int(animation.height)), \(animation.frameRate) fps)"
        root.anchorPoint = .zero
        root.bounds = Rect(0, 0, animation.width, animation.height)
        root.masksToBounds = true
        // Scene time 0 is the in point: local time = scene time + ip / fr.
        root.timing.timeOffset = animation.inPoint / animation.frameRate
        for l in t.layers(animation.layers, depth: 0) { root.addSublayer(l) }
        t.warnUnevaluatedExpressions()
        return LottieComposition(root: root, size: Size(animation.width, animation.height), frameRate: animation.frameRate,
                                 duration: animation.duration, warnings: t.warnings, animation: animation)
    }

    /// Records a warning once (the same feature at the same path is named once).
    func warn(_ path: String, _ message: String) {
        if !noteRecordings.isEmpty { record(.warning(path: path, message: message)) }
        let w = LottieWarning(path: path, message)
        if warned.insert(w).inserted { warnings.append(w) }
    }

    // MARK: Compositions

    /// The layers of one composition (the animation or a precomp), bottom first as sublayers are drawn.
    /// Their time is the composition's frame time / fr.
    func layers(_ list: [LottieLayer], depth: Int) -> [Layer] {
        let byIndex = LottieLayerLookup(list)
        var result: [Layer] = []
        for (n, layer) in list.enumerated().reversed() {
            if layer.hidden { continue }
            noteUndrawn(layer, next: n + 1 < list.count ? list[n + 1] : nil)
            // A matte source is not drawn itself (it only shapes the next layer).
            if layer.isMatteSource { continue }
            if case .other(let ty) = layer.kind {
                if ty != 6 && ty != 13 { warn(layer.path, "not drawn: layer type \(ty)") }
                continue
            }
            let content = translate(layer, parents: parentChain(of: layer, in: byIndex), depth: depth)
            let source = layer.matteMode.map { _ in matteSource(of: n, in: list, byIndex: byIndex) } ?? nil
            result.append(matted(content, layer: layer, source: source, byIndex: byIndex, depth: depth))
        }
        return result
    }

    /// The ancestors of `layer`, outermost first (a parent loop is cut where it repeats).
    func parentChain(of layer: LottieLayer, in byIndex: LottieLayerLookup) -> [LottieLayer] {
        // Positions innermost first, then the layers outermost first: only the chain's layers are copied. A loop is
        // cut where an index repeats (an index has one position, so a repeated position): a short chain is scanned,
        // a long one (a file may chain thousands of layers) kept in a set (docs/BENCHMARKS.md, "lottie",
        // twenty-sixth round (opening)).
        var positions: [Int] = [], long: Set<Int>?
        var next = layer.parent
        while let p = next, let at = byIndex.position(of: p), p != layer.index {
            if long != nil {
                guard long!.insert(at).inserted else { break }
            } else {
                guard !positions.contains(at) else { break }
                if positions.count >= 16 { long = Set(positions); long!.insert(at) }
            }
            positions.append(at)
            next = byIndex.list[at].parent
        }
        if let p = layer.parent, byIndex.position(of: p) == nil { warn("\(layer.path).parent", "parent \(p) is not a layer of this composition; ignored") }
        return positions.reversed().map { byIndex.list[$0] }
    }

    /// One Lottie layer: its parents' transform layers around its own transform layer and content.
    ///
    /// A layer's own keyframes (transform, shapes) are in its composition's frames: start time and stretch
    /// shift and scale only what a precomp layer holds (as rlottie, ThorVG and lottie-ios play them), so the
    /// transform layers keep their parent's time and the precomp's clip layer carries `beginTime`/`speed`.
    func translate(_ layer: LottieLayer, parents: [LottieLayer], depth: Int) -> Layer {
        var outermost: Layer?
        var attach: Layer?
        for p in parents {
            let (outer, inner) = transformLayers(p.transform, name: "parent \(p.name ?? "") \(p.path)", opacity: false, autoOrient: p.autoOrient)
            if let a = attach { a.addSublayer(outer) } else { outermost = outer }
            attach = inner
        }
        let (outer, inner) = transformLayers(layer.transform, name: layerName(layer), opacity: true, autoOrient: layer.autoOrient)
        if let a = attach { a.addSublayer(outer) } else { outermost = outer }
        let top = outermost ?? outer
        addVisibility(to: top, layer: layer)
        addContent(of: layer, to: inner, depth: depth)
        applyMasks(layer, to: inner)
        applyEffects(layer, to: outer)
        return top
    }

    func layerName(_ l: LottieLayer) -> String {
        let kind: String
        switch l.kind {
        case .precomp: kind = "precomp"
        case .solid: kind = "solid"
        case .image: kind = "image"
        case .null: kind = "null"
        case .shape: kind = "shape"
        case .text: kind = "text"
        case .other(let t): kind = "type \(t)"
        }
        return "\(kind) \(l.name ?? "") \(l.path)"
    }

    /// Hidden before `ip` and from `op` on (composition frames): the layer's model is hidden, and an animation
    /// that is active exactly on `ip…op` (no fill) shows it. A layer whose `op` is the animation's end (or later) is
    /// still shown at the end frame itself, as lottie-ios shows it at progress 1 (docs/LOTTIE.md, "Conformance").
    func addVisibility(to top: Layer, layer: LottieLayer) {
        let a = min(layer.inPoint, layer.outPoint), b = max(layer.inPoint, layer.outPoint)
        let show = KeyframeAnimation(keyPath: "isHidden", values: [.bool(false)])
        show.timing.beginTime = a / frameRate
        show.timing.duration = (b - a) / frameRate
        let lastsToEnd = rootFrames.map { $0.scale > 0 && $0.offset + $0.scale * b >= animation.outPoint } ?? false
        show.timing.fillMode = lastsToEnd ? .forwards : .removed
        show.isRemovedOnCompletion = false
        top.isHidden = true
        top.add(show, forKey: "lottie.inOut")
    }

    // MARK: Content

    func addContent(of layer: LottieLayer, to inner: Layer, depth: Int) {
        switch layer.kind {
        case .precomp(let ref, let w, let h, let timeRemap):
            guard let asset = animation.precomps[ref] else {
                warn("\(layer.path).refId", "precomp \"\(ref)\" is not among the assets; nothing drawn")
                return
            }
            let clip = timeRemap.map { timeRemapLayer($0, at: "\(layer.path).tm") } ?? Layer()
            clip.name = "precomp \(ref) (\(Int(w))×\(Int(h)))"
            clip.anchorPoint = .zero
            clip.bounds = Rect(0, 0, w, h)
            clip.masksToBounds = w > 0 && h > 0
            // The precomp's time: (frame − st) / sr of the containing composition's frames.
            if timeRemap == nil {
                clip.timing.beginTime = layer.startTime / frameRate
                clip.timing.speed = 1 / layer.stretch
            }
            let outer = rootFrames
            rootFrames = timeRemap == nil ? outer.map { ($0.scale * layer.stretch, $0.offset + $0.scale * layer.startTime) } : nil
            defer { rootFrames = outer }
            for l in precompLayers(ref, asset, depth: depth + 1) { clip.addSublayer(l) }
            inner.addSublayer(clip)
        case .solid(let hex, let w, let h):
            let solid = Layer()
            solid.name = "solid \(hex)"
            solid.anchorPoint = .zero
            solid.bounds = Rect(0, 0, w, h)
            solid.backgroundColor = Color(hex: hex) ?? .black
            inner.addSublayer(solid)
        case .image(let ref):
            guard let asset = animation.images[ref] else {
                warn("\(layer.path).refId", "image \"\(ref)\" is not among the assets; nothing drawn")
                return
            }
            guard let texture = images[ref] else {
                warn(asset.path, "image \"\(asset.file)\" could not be loaded; nothing drawn")
                return
            }
            let image = Layer()
            image.name = "image \(ref)"
            image.anchorPoint = .zero
            image.bounds = Rect(0, 0, asset.width > 0 ? asset.width : Double(texture.width), asset.height > 0 ? asset.height : Double(texture.height))
            image.contents = texture
            inner.addSublayer(image)
        case .null:
            break
        case .shape(let items, let paths):
            for l in shapeLayers(items, paths: paths, inherited: []) { inner.addSublayer(l) }
        case .text(let text):
            inner.addSublayer(textLayer(text, path: layer.path))
        case .other:
            break
        }
    }

    // MARK: Properties

    /// Sets `keyPath`'s model value to the property's first value and, when it is keyframed, adds the keyframe
    /// animation (named after the JSON path, so `trace` shows where it came from). The model value goes through
    /// `setValue(_:forKeyPath:)`, whose shortcut for the common key paths replaced a special case of the
    /// translator's own (docs/BENCHMARKS.md, "lottie", twentieth round).
    @discardableResult
    func apply<V>(_ p: LottieProperty<V>, to layer: Layer, keyPath: String, spatial: Bool = false,
                  _ convert: (V) -> AnimatableValue) -> KeyframeAnimation? {
        layer.setValue(convert(p.value.initial), forKeyPath: keyPath)
        var made: KeyframeAnimation?
        if case .keyframes(let k) = p.value,
           let a = LottieKeyframes.animation(k, keyPath: keyPath, frameRate: frameRate, spatial: spatial, convert: convert) {
            a.name = p.path
            layer.add(a, forKey: "lottie.\(keyPath)")
            made = a
        }
        if let x = p.expression { applyExpression(x, p, animation: made, layer: layer, keyPath: keyPath, convert) }
        return made
    }

    /// The outer (position, rotation, opacity) and inner (anchor, scale) layers of a transform.
    func transformLayers(_ t: LottieTransform, name: String, opacity: Bool, autoOrient: Bool) -> (outer: Layer, inner: Layer) {
        let outer = Layer(), inner = Layer()
        outer.name = name
        outer.anchorPoint = .zero
        inner.anchorPoint = .zero
        if let skew = skewLayer(t) {
            outer.addSublayer(skew)
            skew.addSublayer(inner)
        } else {
            outer.addSublayer(inner)
        }
        applyTransform(t, outer: outer, inner: inner, opacity: opacity, autoOrient: autoOrient)
        return (outer, inner)
    }

    func applyTransform(_ t: LottieTransform, outer: Layer, inner: Layer, opacity: Bool, autoOrient: Bool) {
        func point(_ v: [Double]) -> AnimatableValue { .point(Point(v.first ?? 0, v.count > 1 ? v[1] : 0)) }
        switch t.position {
        case .combined(let p):
            let a = apply(p, to: outer, keyPath: "position", spatial: true, point)
            if autoOrient { a?.rotationMode = .auto }
        case .split(let x, let y):
            apply(x, to: outer, keyPath: "position.x") { .number($0) }
            apply(y, to: outer, keyPath: "position.y") { .number($0) }
            if autoOrient { warn(x.path, "not drawn yet: auto-orient along a split position") }
        }
        // X and Y rotations (`rx`, `ry`) turn the layer out of its plane; drawn without perspective, as the players draw a
        // layer that is not 3D, they foreshorten it. Applied X, then Y, then Z (After Effects' order).
        if t.rotationX.value.isAnimated || t.rotationX.value.initial != 0 {
            apply(t.rotationX, to: outer, keyPath: "transform.rotation.x") { .number($0 * .pi / 180) }
        }
        if t.rotationY.value.isAnimated || t.rotationY.value.initial != 0 {
            apply(t.rotationY, to: outer, keyPath: "transform.rotation.y") { .number($0 * .pi / 180) }
        }
        apply(t.rotation, to: outer, keyPath: "transform.rotation.z") { .number($0 * .pi / 180) }
        if opacity { apply(t.opacity, to: outer, keyPath: "opacity") { .number(min(max($0 / 100, 0), 1)) } }
        apply(t.anchor, to: inner, keyPath: "bounds.origin", point)
        apply(t.scale, to: inner, keyPath: "transform.scale.x") { .number(($0.first ?? 100) / 100) }
        apply(t.scale, to: inner, keyPath: "transform.scale.y") { .number(($0.count > 1 ? $0[1] : $0.first ?? 100) / 100) }
    }
}

/// Lottie colours: `[r, g, b]` or `[r, g, b, a]` in 0…1 (some old files use 0…255).
enum LottieColor {
    static func color(_ v: [Double]) -> Color {
        let scale = v.prefix(3).contains { $0 > 1 } ? 1.0 / 255 : 1
        func c(_ i: Int, _ d: Double) -> Double { i < v.count ? v[i] * (i < 3 ? scale : 1) : d }
        return Color(red: c(0, 0), green: c(1, 0), blue: c(2, 0), alpha: min(max(c(3, 1), 0), 1))
    }

    /// The colour of a fill or stroke (`fl`, `st` `c`): its red, green and blue only. A fourth value is not an
    /// alpha there — After Effects keeps the paint's opacity in `o`, and lottie-web, rlottie, ThorVG and lottie-ios
    /// all ignore it (docs/LOTTIE.md, "Shape rules").
    static func paint(_ v: [Double]) -> Color { color(Array(v.prefix(3))) }
}
