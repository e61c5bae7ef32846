import Foundation
@testable import StardustLottie
@testable import StardustAnimation
import StardustCore
import StardustRender
import Testing

/// A precomp used more than once is translated once per distinct use and copied for the others
/// (``LottieTranslator/precompLayers(_:_:depth:)``). Random compositions whose precomps are used many times — at
/// different start times and stretches, time-remapped, nested, matted and masked, with expressions past the fifty
/// that the warning names — translated with the copies and with every use translated afresh (the plain translation,
/// the reference): the same layer trees value by value and animation by animation, the same warnings, the same
/// frames byte for byte.
@Suite("Lottie precomp copies")
struct LottiePrecompCopyTests {
    // MARK: Random compositions

    struct Generator {
        var rng: SplitMix64
        var layerIndex = 0
        /// Whether this composition may hold text layers (which refuse the copies).
        var allowsText = false

        mutating func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &rng) }
        mutating func double(_ r: ClosedRange<Double>) -> Double { Double.random(in: r, using: &rng).rounded() }
        mutating func chance(_ n: Int) -> Bool { int(0...(n - 1)) == 0 }

        /// A static or keyframed property of `width` values.
        mutating func property(_ width: Int, _ r: ClosedRange<Double>) -> [String: Any] {
            func value(_ g: inout Generator) -> [Double] { (0..<width).map { _ in g.double(r) } }
            guard chance(2) else { return ["a": 0, "k": width == 1 ? value(&self)[0] as Any : value(&self) as Any] }
            var keys: [[String: Any]] = []
            var t = double(-10...20)
            for n in 0..<int(2...4) {
                var k: [String: Any] = ["t": t, "s": value(&self)]
                if chance(4) { k["h"] = 1 }
                if n == 0 || chance(2) { k["o"] = ["x": [0.3], "y": [0]]; k["i"] = ["x": [0.7], "y": [1]] }
                keys.append(k)
                t += double(1...25)
            }
            return ["a": 1, "k": keys]
        }

        mutating func transform() -> [String: Any] {
            var ks: [String: Any] = ["a": property(2, -20...20), "p": property(2, 0...100), "s": property(2, 50...150),
                                     "r": property(1, -90...90), "o": property(1, 0...100)]
            if chance(5) {
                // An expression: evaluated (wiggle, loopOut) or named in the warning line (many distinct ones).
                var r = ks["r"] as! [String: Any]
                r["x"] = ["wiggle(2, 10)", "loopOut(\"cycle\")", "var a = \(int(0...200)); a * 2", "thisComp.layer(1).rotation"]
                    .randomElement(using: &rng)!
                ks["r"] = r
            }
            return ks
        }

        mutating func outline() -> [String: Any] {
            func shape(_ g: inout Generator) -> [String: Any] {
                let n = 3
                return ["i": (0..<n).map { _ in [g.double(-5...5), g.double(-5...5)] }, "o": (0..<n).map { _ in [g.double(-5...5), g.double(-5...5)] },
                        "v": (0..<n).map { _ in [g.double(0...60), g.double(0...60)] }, "c": g.chance(3) ? false : true]
            }
            guard chance(2) else { return ["a": 0, "k": shape(&self)] }
            return ["a": 1, "k": [["t": 0, "s": [shape(&self)], "o": ["x": [0.3], "y": [0]], "i": ["x": [0.7], "y": [1]]],
                                  ["t": double(5...30), "s": [shape(&self)]]]]
        }

        mutating func shapes() -> [[String: Any]] {
            var items: [[String: Any]] = []
            for _ in 0..<int(1...3) {
                switch int(0...2) {
                case 0: items.append(["ty": "rc", "p": property(2, 0...50), "s": property(2, 5...60), "r": property(1, 0...10)])
                case 1: items.append(["ty": "el", "p": property(2, 0...50), "s": property(2, 5...60)])
                default: items.append(["ty": "sh", "ks": outline()])
                }
            }
            if chance(3) { items.append(["ty": "tm", "s": property(1, 0...100), "e": property(1, 0...100), "o": property(1, -90...90), "m": int(1...2)]) }
            if chance(4) {
                items.append(["ty": "gf", "t": int(1...2), "s": property(2, 0...50), "e": property(2, 0...50), "o": property(1, 0...100),
                              "g": ["p": 2, "k": property(8, 0...1)]])
            } else {
                items.append(["ty": "fl", "c": property(4, 0...1), "o": property(1, 0...100)])
            }
            if chance(2) { items.append(["ty": "st", "c": property(4, 0...1), "o": property(1, 0...100), "w": property(1, 1...6)]) }
            items.append(["ty": "tr", "p": property(2, 0...20), "a": ["a": 0, "k": [0, 0]], "s": property(2, 50...150),
                          "r": property(1, 0...90), "o": property(1, 0...100)])
            return [["ty": "gr", "it": items]]
        }

        /// The layers of a composition; precomps use the assets after `asset` (so that nothing nests in itself).
        mutating func layers(asset: Int, assets: Int) -> [[String: Any]] {
            var out: [[String: Any]] = []
            let count = int(1...5)
            for n in 0..<count {
                layerIndex += 1
                var l: [String: Any] = ["ind": n + 1, "nm": "L\(layerIndex)", "ks": transform(),
                                        "ip": double(-10...20), "op": double(10...80), "st": double(-15...25)]
                if chance(3) { l["sr"] = [0.5, 2, 1.5, -1].randomElement(using: &rng)! }
                if n > 0, chance(4) { l["parent"] = int(1...n) }
                if n + 1 < count, chance(5) { l["td"] = 1 } else if n > 0, chance(5) { l["tt"] = int(1...4) }
                if chance(6) {
                    l["masksProperties"] = [["mode": ["a", "s", "i", "f"].randomElement(using: &rng)!, "pt": outline(),
                                             "o": property(1, 0...100), "inv": chance(3)]]
                }
                if chance(12) { l["hd"] = true }
                if asset + 1 < assets, chance(2) {
                    l["ty"] = 0
                    l["refId"] = "comp_\(int((asset + 1)...(assets - 1)))"
                    l["w"] = double(20...120); l["h"] = double(20...120)
                    if chance(4) { l["tm"] = property(1, 0...2) }
                } else {
                    switch int(0...9) {
                    case 0: l["ty"] = 1; l["sc"] = "#3080c0"; l["sw"] = 40; l["sh"] = 30
                    case 1: l["ty"] = 3
                    case 2 where allowsText:
                        l["ty"] = 5
                        l["t"] = ["d": ["k": [["t": 0, "s": ["s": 12, "f": "Arial", "t": "Hi", "j": 0, "tr": 0, "lh": 14, "fc": [1, 0, 0]]]]], "a": []]
                    default: l["ty"] = 4; l["shapes"] = shapes()
                    }
                }
                out.append(l)
            }
            return out
        }

        mutating func composition() -> [String: Any] {
            let assets = int(1...4)
            allowsText = chance(3)
            // The top composition uses the precomps many times; they use one another (later ones only).
            var top: [[String: Any]] = []
            for _ in 0..<int(2...4) { top += layers(asset: -1, assets: assets) }
            for (n, _) in top.enumerated() { top[n]["ind"] = n + 1; top[n].removeValue(forKey: "parent"); top[n].removeValue(forKey: "tt") }
            return ["v": "5.7.0", "fr": [30, 25, 60].randomElement(using: &rng)!, "ip": 0, "op": double(30...90), "w": 96, "h": 96, "nm": "random",
                    "layers": top, "assets": (0..<assets).map { ["id": "comp_\($0)", "layers": layers(asset: $0, assets: assets)] },
                    "fonts": ["list": [["fName": "Arial", "fFamily": "Arial", "fStyle": "Regular", "ascent": 70]]]]
        }
    }

    // MARK: Comparing

    /// Every value the layer holds and its animations', its mask's and sublayers' (objects by class, not identity).
    static func describe(_ l: Layer) -> [String] {
        var out = ["\(type(of: l)) \(String(describing: l.name))", "\(l.snapshotValues)",
                   "\(l.masksToBounds) \(l.maskMode) \(String(describing: l.compositingFilter)) \(l.shadowColor) \(l.shadowOpacity)",
                   "\(l.shadowRadius) \(l.shadowOffset) \(String(describing: l.shadowPath)) \(l.contents == nil)",
                   "\(l.contentsGravity) \(l.contentsScale) \(l.minificationFilter) \(l.magnificationFilter) \(l.timing)"]
        if let s = l as? ShapeLayer {
            out.append("\(String(describing: s.path)) \(String(describing: s.fillColor)) \(s.fillRule) \(String(describing: s.strokeColor)) \(s.lineWidth) \(s.lineCap) \(s.lineJoin) \(s.miterLimit) \(s.strokeStart) \(s.strokeEnd) \(String(describing: s.lineDashPattern)) \(s.lineDashPhase)")
        }
        if let g = l as? GradientLayer { out.append("\(g.type) \(g.colors) \(String(describing: g.locations)) \(g.startPoint) \(g.endPoint)") }
        if let t = l as? LottieTrimmedShapeLayer { out.append("\(t.outlines) \(t.frameRate) \(String(describing: t.range))") }
        if let m = l as? LottieMorphingShapeLayer { out.append("\(m.sampler.outlines) \(m.frameRate)") }
        if let r = l as? LottieTimeRemapLayer { out.append("\(r.remap) \(r.frameRate)") }
        if let t = l as? TextLayer { out.append("\(t.string) \(t.fontSize) \(String(describing: t.fontFamily)) \(t.foregroundColor)") }
        for e in l.animationEntries {
            let a = e.animation
            out.append("\(String(describing: e.key)) \(e.paths.map { "\($0.raw)|\($0.canonical)" }) \(type(of: a)) \(String(describing: a.keyPath)) \(a.timing) \(a.isRemovedOnCompletion) \(String(describing: a.name)) \(String(describing: a.timingFunction)) \(a.isAdditive) \(a.isCumulative)")
            if let k = a as? KeyframeAnimation {
                out.append("\(String(describing: k.values)) \(String(describing: k.path)) \(String(describing: k.keyTimes)) \(String(describing: k.timingFunctions)) \(k.calculationMode) \(String(describing: k.rotationMode)) \(String(describing: k.tensionValues)) \(String(describing: k.continuityValues)) \(String(describing: k.biasValues))")
            }
        }
        out.append("mask:")
        if let m = l.mask { out += describe(m) }
        out.append("sublayers \(l.sublayers.count):")
        for s in l.sublayers { out += describe(s) }
        return out
    }

    static func objects(_ l: Layer) -> [ObjectIdentifier] {
        [ObjectIdentifier(l)] + l.animationEntries.map { ObjectIdentifier($0.animation) } + (l.mask.map(objects) ?? []) + l.sublayers.flatMap(objects)
    }

    /// The clip layers of precomp uses in the subtree (masks included).
    static func precompClips(_ l: Layer) -> Int {
        let name = l.name ?? ""
        let isClip = name.hasPrefix("precomp comp_") && name.hasSuffix(")") && name.contains("×")
        return (isClip ? 1 : 0) + (l.mask.map(precompClips) ?? 0) + l.sublayers.map(precompClips).reduce(0, +)
    }

    static func frame(_ c: LottieComposition, _ f: Double) throws -> [UInt8] {
        let list = c.root.displayList(size: c.size, scale: 1, at: (f - c.animation.inPoint) / c.frameRate)
        let image = try Renderer(threads: 1).render(list)
        return (0..<image.height).flatMap { y in (0..<image.width).flatMap { x -> [UInt8] in let p = image[x, y]; return [p.r, p.g, p.b, p.a] } }
    }

    @Test("copies of precomp uses are the plain translation: layers, animations, warnings and frames")
    func copiesAreThePlainTranslation() throws {
        var g = Generator(rng: SplitMix64(seed: 0x9e3779b9))
        var copied = 0, refused = 0
        for trial in 0..<60 {
            let json = g.composition()
            let bytes = [UInt8](try JSONSerialization.data(withJSONObject: json))
            let animation = try LottieParser.parse(bytes)
            let plain = LottieTranslator.translate(animation, images: [:], fontFiles: [:], copiesPrecompUses: false)
            let withCopies = LottieTranslator.translate(animation, images: [:], fontFiles: [:])
            #expect(Self.describe(withCopies.root) == Self.describe(plain.root), "trial \(trial)")
            #expect(withCopies.warnings == plain.warnings, "trial \(trial)")
            #expect(Set(Self.objects(withCopies.root)).count == Self.objects(withCopies.root).count, "no object twice")
            for f in [0.0, 7, 19.5, 33, 61] {
                #expect(try Self.frame(withCopies, f) == Self.frame(plain, f), "trial \(trial) frame \(f)")
            }
            // How many uses were copies: when no translation was refused, every use beyond the first of each key
            // (each use is one clip layer named after its precomp) is a copy.
            let t = LottieTranslator(animation: animation, images: [:])
            let top = t.layers(animation.layers, depth: 0)
            if t.precompTranslations.values.allSatisfy(\.copies) {
                copied += top.map(Self.precompClips).reduce(0, +) - t.precompTranslations.count
            } else {
                refused += 1
            }
        }
        // The random compositions do reach the copies, and the refused copies (through text layers).
        #expect(copied > 50 && refused > 0, "\(copied) uses copied, \(refused) compositions refused")
    }

    /// More than fifty distinct unevaluated expressions in a precomp used several times: the count past the fifty
    /// named grows with each use, copies too.
    @Test("unevaluated expressions of copies are counted as translated ones")
    func unevaluatedExpressionsCountPerUse() throws {
        func layer(_ n: Int) -> [String: Any] {
            ["ty": 3, "ind": n + 1, "ip": 0, "op": 60, "st": 0,
             "ks": ["r": ["a": 0, "k": 0, "x": "var q = \(n); q"], "o": ["a": 0, "k": 100]]]
        }
        let uses = (0..<4).map { n -> [String: Any] in
            ["ty": 0, "ind": n + 1, "refId": "many", "w": 50, "h": 50, "ip": 0, "op": 60, "st": n == 3 ? 5 : 0, "ks": [:] as [String: Any]]
        }
        let json: [String: Any] = ["v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 50, "h": 50, "layers": uses,
                                   "assets": [["id": "many", "layers": (0..<70).map(layer)]]]
        let animation = try LottieParser.parse([UInt8](try JSONSerialization.data(withJSONObject: json)))
        let plain = LottieTranslator.translate(animation, images: [:], fontFiles: [:], copiesPrecompUses: false)
        let withCopies = LottieTranslator.translate(animation, images: [:], fontFiles: [:])
        #expect(withCopies.warnings == plain.warnings)
        #expect(plain.warnings.contains { $0.message.contains("and 80 more") })
    }
}
