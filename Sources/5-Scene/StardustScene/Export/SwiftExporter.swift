import StardustAnimation
import StardustCore
import StardustParticles

/// Writes a scene as Swift source using the real QuartzCore and UIKit API (`stardust export-swift`):
/// one function returning the scene's layer tree, configured and with its animations added, readable
/// as if written by hand. The same source compiles against OpenQuartzCore and renders the same frames.
///
/// Only values that differ from Core Animation's defaults are written. Numbers are written so that
/// they read back as exactly the same value (π multiples as `.pi` expressions when exact). Simulated
/// motion (the photo wall, physics bodies, dynamic items) is baked into keyframe animations sampled at
/// every frame. Layers and animations with no Core Animation equivalent (disintegration,
/// property-animator timelines, cell extensions) are left out with a comment and listed in
/// ``SwiftExport/omissions``.
public enum SwiftExporter {
    /// The source for `scene`. `functionName` defaults to `make` + the scene's name in UpperCamelCase +
    /// `Scene` (`snow-classic` → `makeSnowClassicScene`); `command` is quoted in the header comment. A `functionName`
    /// that is not a plain ASCII identifier (``SwiftSourceText/declaredName(_:)``) gives the default; a keyword is
    /// written in backticks (`` func `class`() ``).
    public static func export(_ scene: Scene, functionName: String? = nil, command: String? = nil) -> SwiftExport {
        var w = SwiftExportWriter(scene: scene)
        let name = functionName.flatMap(SwiftSourceText.declaredName) ?? SwiftExportWriter.defaultFunctionName(for: scene.name)
        w.writeFunction(named: name, command: command)
        return SwiftExport(source: w.source, images: w.images.map { ($0.name, $0.texture) }, animations: w.animations, omissions: w.omissions)
    }
}

/// The state of one export: the lines written, the names given to layers, cells and images.
struct SwiftExportWriter {
    let scene: Scene
    var lines: [String] = []
    /// Names taken: the root layer and the dust split helper (a variable named like it would shadow it).
    var usedNames: Set<String> = ["root", "dustSplit"]
    var images: [(name: String, texture: Texture)] = []
    /// The built-in Lottie animations the source loads by name, as files to bundle (`NAME.json`).
    var animations: [(file: String, json: [UInt8])] = []
    var omissions: [String] = []
    var pendingAnimations: [(variable: String, layer: Layer)] = []
    /// The variables holding each dust split's images, by assignment.
    var dustSplits: [ObjectIdentifier: String] = [:]

    init(scene: Scene) { self.scene = scene }

    var source: String { lines.joined(separator: "\n") + "\n" }

    /// `make` + the scene's name in UpperCamelCase (its ASCII words) + `Scene`: always a plain identifier.
    static func defaultFunctionName(for sceneName: String) -> String {
        let camel = SwiftSourceText.upperCamel(SwiftSourceText.asciiWords(sceneName))
        return "make" + (camel.isEmpty ? "Effect" : camel) + "Scene"
    }

    /// Appends one line. Every string from the scene reaches `s` through ``SwiftSourceText``; as a last guard, a
    /// scalar that could break the line or hide text is spelled out here too, so a line written is always one line.
    mutating func line(_ s: String = "", indent: Int = 1) {
        let safe = s.unicodeScalars.contains(where: SwiftSourceText.needsEscape) ? SwiftSourceText.comment(s) : s
        lines.append(safe.isEmpty ? "" : String(repeating: "    ", count: indent) + safe)
    }

    /// A fresh Swift name from `hint` (a layer or cell name) or `fallback` + a number.
    mutating func variable(_ hint: String?, fallback: String) -> String {
        let base = hint.flatMap(SwiftSourceText.identifier) ?? fallback
        var name = base
        var n = hint.flatMap(SwiftSourceText.identifier) == nil ? 1 : 2
        if hint.flatMap(SwiftSourceText.identifier) == nil { name = base + "\(n)"; n += 1 }
        while usedNames.contains(name) { name = base + "\(n)"; n += 1 }
        usedNames.insert(name)
        return name
    }

    /// The name `UIImage(named:)` finds `texture` under: a builtin image's own name, else a new name from `hint`.
    mutating func imageName(_ texture: Texture, hint: String) -> String {
        for n in BuiltinImages.names where BuiltinImages.texture(named: n) === texture { return n }
        if let known = images.first(where: { $0.texture === texture }) { return known.name }
        let base = SwiftSourceText.identifier(hint) ?? "image"
        var name = base
        var i = 2
        while images.contains(where: { $0.name == name }) || BuiltinImages.names.contains(name) { name = base + "\(i)"; i += 1 }
        images.append((name, texture))
        return name
    }

    /// True when a cell of `cells` or of their sub-cells has Stardust extensions.
    static func hasExtensions(_ cells: [EmitterCell]) -> Bool {
        cells.contains { $0.extensions != nil || hasExtensions($0.emitterCells) }
    }

    mutating func omit(_ what: String) {
        omissions.append(what)
        line("// Not exported: \(SwiftSourceText.comment(what)).")
    }

    mutating func writeFunction(named name: String, command: String?) {
        let size = scene.size
        let sizeText = "\(SwiftLiteral.number(size.width)) × \(SwiftLiteral.number(size.height)) points"
        let sceneName = SwiftSourceText.comment(scene.name.isEmpty ? "scene" : scene.name)
        let commandText = SwiftSourceText.comment(command ?? "stardust export-swift \(scene.name.isEmpty ? "scene" : scene.name)")
        let gif = SwiftSourceText.comment(SwiftSourceText.stringLiteral((scene.name.isEmpty ? "scene" : scene.name) + ".gif"))
        line("// Generated by `\(commandText)`.", indent: 0)
        line("//", indent: 0)
        line("// The `\(sceneName)` effect rebuilt with QuartzCore and UIKit: `\(name)()` returns a layer tree of", indent: 0)
        line("// \(sizeText) with its animations added; add it to a view's layer. Images are loaded with", indent: 0)
        line("// `UIImage(named:)`: add images with these names to the app's assets (Stardust's builtin images and", indent: 0)
        line("// the pictures written next to this file). On Linux, OpenQuartzCore renders it with one call:", indent: 0)
        line("//   try \(name)().stardustRender(size: CGSize(width: \(SwiftLiteral.number(size.width)), height: \(SwiftLiteral.number(size.height))), "
             + "duration: \(SwiftLiteral.number(scene.duration)), fps: \(SwiftLiteral.number(scene.fps)), scale: \(SwiftLiteral.number(scene.scale)), "
             + "seed: \(scene.seed), to: \(gif))", indent: 0)
        // The scene's lottie layers play through lottie-ios on Apple platforms and OpenLottie elsewhere.
        let lottie = scene.allLayers.contains(where: { $0 is LottieSceneLayer })
        line("#if canImport(UIKit)", indent: 0)
        line("import UIKit", indent: 0)
        if lottie { line("import Lottie", indent: 0) }
        line("#else", indent: 0)
        line("import OpenQuartzCore", indent: 0)
        // Cell extensions and emitter paths are written with the engine's types (`ParticleCurve`, `EmitterPath`, …).
        if scene.allLayers.contains(where: { ($0 as? EmitterLayer).map { $0.emitterPath != nil || Self.hasExtensions($0.emitterCells) } ?? false }) {
            line("import Stardust", indent: 0)
        }
        if lottie { line("import OpenLottie", indent: 0) }
        line("#endif", indent: 0)
        line(indent: 0)
        line("/// The `\(SwiftSourceText.docComment(scene.name.isEmpty ? "scene" : scene.name))` effect: \(sizeText), \(SwiftLiteral.number(scene.duration)) s at \(SwiftLiteral.number(scene.fps)) frames per second.", indent: 0)
        line("func \(name)() -> CALayer {", indent: 0)
        line("let root = CALayer()")
        line("root.frame = CGRect(x: 0, y: 0, width: \(SwiftLiteral.number(size.width)), height: \(SwiftLiteral.number(size.height)))")
        line("// The scene's time 0 is now: animations' beginTimes count from here.")
        line("root.beginTime = CACurrentMediaTime()")
        if scene.background != .clear { line("root.backgroundColor = \(SwiftLiteral.color(scene.background))") }
        if !scene.seasonalGates.isEmpty {
            omit("the seasonal switches (\(scene.seasonalGates.map(\.path).joined(separator: ", "))); decide in the app when to add the layers")
        }
        for layer in scene.root.sublayers {
            line()
            if let v = writeLayer(layer) { line("root.addSublayer(\(v))") }
        }
        for (v, layer) in pendingAnimations { writeAnimations(of: layer, variable: v) }
        line("return root")
        line("}", indent: 0)
        if !dustSplits.isEmpty { writeDustSplitHelper() }
    }
}
