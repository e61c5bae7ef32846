import Foundation
import StardustAnimation
import StardustCore
import StardustLottie

extension SceneLoader {
    /// The keys of a `lottie` layer (docs/SCENES.md): lottie-ios's playback names.
    static let lottieKeys = ["source", "animation", "loopMode", "animationSpeed", "fromProgress", "toProgress"]

    /// Most layers all `lottie` layers of one scene may translate to together (each file is also held to its own
    /// ``LottieLimits``): the scene's share of the Lottie budget, so ten large files cannot add up past one.
    static let maxLottieLayersPerScene = LottieLimits().maxTranslatedLayers

    /// Reads a `lottie` layer: the file named by `source` (relative to the scene file, inside its folder), translated,
    /// with its loop mode, speed and segment. Errors name the key; a Lottie file's own errors carry its JSON path too.
    mutating func lottieLayer(_ k: [String: JSONNode], path: String) throws -> LottieSceneLayer {
        guard let sourceNode = k["source"] else {
            throw SceneError(path: path, "a lottie layer needs \"source\": a Lottie file (.json, .tgs or .lottie) beside the scene")
        }
        let source = try sourceNode.string()
        // `builtin:NAME` is an animation inside Stardust (BuiltinLottie); anything else a file in the scene's folder.
        let builtin = BuiltinLottie.name(ofSource: source)
        let file = try builtin == nil ? lottieFile(source, node: sourceNode) : nil
        let animationID = try k["animation"].map { try $0.string() }
        if let a = k["animation"], file == nil || !LottieFile.isDotLottie(source) {
            throw SceneError(path: a.path, "\"animation\" chooses one of a dotLottie (.lottie) archive's animations; \"\(quoted(source))\" is not one")
        }
        let (loopMode, speed, from, to) = try playbackKeys(k)

        // The file's images count against the scene's image budget: no one image may take more than what is left.
        var lottieLimits = LottieLimits()
        lottieLimits.maxImagePixels = max(0, min(lottieLimits.maxImagePixels, (limits.maxImageBytes - imageBytes) / 4))
        lottieLimits.maxTranslatedLayers = max(0, Self.maxLottieLayersPerScene - lottieLayerCount)
        let composition: LottieComposition
        do {
            if let file {
                composition = try LottieFile.load(path: file, animation: animationID, limits: lottieLimits)
            } else {
                composition = try BuiltinLottie.load(named: builtin ?? "", limits: lottieLimits)
            }
        } catch let e as LottieError {
            throw SceneError(path: sourceNode.path, "\(quoted(source)): \(e.description)")
        } catch {
            throw SceneError(path: sourceNode.path, "\(quoted(source)) could not be read: \(error)")
        }
        var layers = 0, pixels = 0
        Self.count(composition.root, layers: &layers, imageBytes: &pixels)
        lottieLayerCount += layers
        guard lottieLayerCount <= Self.maxLottieLayersPerScene else {
            throw SceneError(path: sourceNode.path, "the scene's Lottie files translate to \(lottieLayerCount) layers together, over the limit of \(Self.maxLottieLayersPerScene)")
        }
        let (sum, overflow) = imageBytes.addingReportingOverflow(pixels)
        guard !overflow, sum <= limits.maxImageBytes else {
            throw SceneError(path: sourceNode.path, "the images of \"\(quoted(source))\" would bring the scene's decoded images over the limit of "
                + "\(SceneLimits.mebibytes(limits.maxImageBytes)); raise the limit with --max-image-mb")
        }
        imageBytes = sum
        if let file { inputFiles.append(file) }
        return LottieSceneLayer(source: source, animationID: animationID, composition: composition, loopMode: loopMode,
                                animationSpeed: speed, fromProgress: from, toProgress: to)
    }

    /// The path of a `lottie` layer's file: inside the scene's folder, and there.
    func lottieFile(_ source: String, node: JSONNode) throws -> String {
        let parts = source.split(separator: "/", omittingEmptySubsequences: false)
        guard !source.isEmpty, !source.hasPrefix("/"), !source.contains("\\"), !parts.contains(".."), !source.contains("\0") else {
            throw SceneError(path: node.path, "\"\(quoted(source))\" leaves the scene's folder; name a file inside it, like \"launch.json\"")
        }
        let file = (baseDirectory as NSString).appendingPathComponent(source)
        guard FileManager.default.fileExists(atPath: file) else {
            throw SceneError(path: node.path, "Lottie file \"\(quoted(source))\" not found (looked for \(quoted(file, max: 200)))")
        }
        return file
    }

    /// The playback keys of a `lottie` layer: `loopMode`, `animationSpeed`, `fromProgress`, `toProgress`.
    func playbackKeys(_ k: [String: JSONNode]) throws -> (LottieLoopMode, Double, Double, Double) {
        var loopMode = LottieLoopMode.playOnce
        if let n = k["loopMode"] {
            let text = try n.string()
            guard let m = LottieLoopMode(parsing: text) else {
                throw SceneError(path: n.path, "expected playOnce, loop, autoReverse, repeat(N) or repeatBackwards(N) with N in 0…1000000, found \"\(quoted(text))\"")
            }
            loopMode = m
        }
        let speed = try k["animationSpeed"].map { try $0.number(in: -1000...1000) } ?? 1
        let from = try k["fromProgress"].map { try $0.number(in: 0...1) } ?? 0
        let to = try k["toProgress"].map { try $0.number(in: 0...1) } ?? 1
        return (loopMode, speed, from, to)
    }

    /// Layers in a translated tree and the decoded bytes of the distinct images they show.
    static func count(_ root: Layer, layers: inout Int, imageBytes: inout Int) {
        var seen = Set<ObjectIdentifier>()
        var stack = [root]
        while let l = stack.popLast() {
            layers += 1
            if let t = l.contents, seen.insert(ObjectIdentifier(t)).inserted { imageBytes += t.width * t.height * 4 }
            stack.append(contentsOf: l.sublayers)
        }
    }
}
