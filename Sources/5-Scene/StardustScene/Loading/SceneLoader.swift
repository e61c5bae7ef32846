import Foundation
import StardustAnimation
import StardustCodecs
import StardustCore
import StardustDynamics
import StardustParticles

/// Reads scene files (docs/DESIGN.md §10) into a ``Scene``.
///
/// Every error names the JSON path of the offending value and what was
/// expected; unknown keys list the closest valid names. A scene that fails
/// validation produces no scene at all.
public struct SceneLoader {
    /// Loads the pixels of an image file (a path already resolved against the scene's folder).
    public typealias ImageLoader = (_ path: String) throws -> Image
    /// Loads an image file as a ``Texture`` (its pixels and mip chain).
    public typealias TextureLoader = (_ path: String) throws -> Texture

    /// The folder that relative image paths are resolved against.
    public var baseDirectory: String
    /// Reads image files (each once per loader). By default the ``Texture`` of the ``ImageLoader``'s image; a caller
    /// that keeps textures between scenes (a batch, docs/BATCH.md) sets its own, so that a shared picture is neither
    /// decoded nor downsampled again for each scene.
    public var textureLoader: TextureLoader
    var textureCache: [String: Texture] = [:]
    /// The resource limits; only ``SceneLimits/maxImageBytes`` is checked while loading (before each image is decoded).
    public var limits = SceneLimits()
    /// Decoded bytes of the images read so far (each distinct reference once).
    var imageBytes = 0
    /// Image files read so far, as opened.
    var inputFiles: [String] = []
    /// Emitters whose `emitterPath` names a layer, with the key's node: resolved after all layers are loaded.
    var pendingEmitterPaths: [(EmitterLayer, JSONNode)] = []
    /// JSON paths of the layers and cells built so far.
    var sourcePaths: [ObjectIdentifier: String] = [:]
    /// Layers with an `"enabledWhen"` rule, collected while loading.
    var seasonalGates: [SeasonalGate] = []
    /// Layers translated from the scene's Lottie files so far (their shared budget, SceneLoader+Lottie).
    var lottieLayerCount = 0
    /// `{"layer": …}` colliders waiting for the scene's layers (SceneLoader+LayerColliders).
    var pendingLayerColliders: [PendingLayerCollider] = []

    /// A loader that resolves relative image paths against `baseDirectory` and reads image files with `imageLoader`
    /// (each file is loaded once per loader).
    public init(baseDirectory: String, imageLoader: @escaping ImageLoader) {
        self.baseDirectory = baseDirectory
        self.textureLoader = { Texture(try imageLoader($0)) }
    }

    /// The keys of the scene object.
    static let sceneKeys = ["name", "size", "scale", "duration", "fps", "seed", "background", "layers", "animations",
                            "physics", "effects", "pointer", "audio", "dynamics", "photoWall"]

    /// Parses scene JSON text.
    public mutating func scene(fromJSON text: String) throws -> Scene {
        try scene(from: JSONNode(JSONParser.parse(text)))
    }

    /// Builds a scene from a parsed document.
    public mutating func scene(from doc: JSONNode) throws -> Scene {
        let keys = try doc.object(allowedKeys: Self.sceneKeys)
        for unsupported in ["effects", "audio"] {
            if let n = keys[unsupported] {
                throw SceneError(path: n.path, "\"\(unsupported)\" is part of the scene format but not supported by this version of Stardust yet")
            }
        }
        let size = try keys["size"].map { try $0.size() } ?? Size(390, 844)
        guard size.width >= 1, size.height >= 1, size.width <= 20_000, size.height <= 20_000 else {
            throw SceneError(path: keys["size"]?.path ?? "size", "expected a width and height between 1 and 20000 points")
        }
        let scene = Scene(
            name: try keys["name"]?.string() ?? "",
            size: size,
            scale: try keys["scale"].map { try $0.number(in: 0.01...16) } ?? 2,
            duration: try keys["duration"].map { try $0.number(in: 0...3600) } ?? 10,
            fps: try keys["fps"].map { try $0.number(in: 0.1...240) } ?? 30,
            seed: UInt64(try keys["seed"].map { try $0.integer(in: 0...Int(UInt32.max)) } ?? 1),
            background: .clear)
        if let bg = keys["background"] {
            if case .string(let s) = bg.value, !s.hasPrefix("#") {
                // An image behind everything, stretched over the scene.
                let layer = Layer()
                layer.name = "background"
                layer.bounds = Rect(origin: .zero, size: size)
                layer.position = Point(size.width / 2, size.height / 2)
                layer.contents = try texture(bg)
                scene.root.addSublayer(layer)
            } else {
                scene.background = try bg.color()
            }
        }
        pendingLayerColliders = []
        var names: [String: Layer] = [:]
        if let layers = keys["layers"] {
            for node in try layers.array() {
                scene.root.addSublayer(try layer(node, depth: 1, names: &names))
            }
        }
        try resolveEmitterPaths(names: names)
        let wall = try keys["photoWall"].map { try photoWall($0, scene: scene, names: &names) }
        try resolveLayerColliders(names: names)
        if let d = keys["dynamics"] { scene.dynamicAnimators.append(try dynamics(d, names: names, scene: scene)) }
        if let anims = keys["animations"] {
            for node in try anims.array() {
                if case .string("animator")? = node.value["type"] {
                    for (i, (target, animation)) in try animatorEntries(node, names: names).enumerated() {
                        target.add(animation, forKey: "\(node.path).changes[\(i)]")
                    }
                    continue
                }
                let (target, animation) = try animationEntry(node, names: names)
                // Keyed by the entry's JSON path so that trace and tools can find it.
                target.add(animation, forKey: node.path)
            }
        }
        if keys["physics"] == nil, let p = pendingLayerColliders.first(where: \.isBody) {
            throw SceneError(path: p.path, "no physics body named \"\(quoted(p.name))\": this scene has no \"physics\"")
        }
        if let physics = keys["physics"] {
            let controller = try physicsController(physics, names: names)
            for event in try keys["pointer"].map({ try pointerEvents($0) }) ?? [] { controller.record(event) }
            scene.simulations.append(controller)
        } else if let pointer = keys["pointer"], wall == nil {
            throw SceneError(path: pointer.path, "\"pointer\" moves the bodies of the scene's \"physics\" or the photos of its \"photoWall\", and this scene has neither")
        }
        if let wall {
            // The same touches reach the photo wall (and the physics world, if there is one too).
            for event in try keys["pointer"].map({ try pointerEvents($0) }) ?? [] { wall.record(event) }
            scene.simulations.append(wall)
        }
        scene.inputFiles = inputFiles
        scene.sourcePaths = sourcePaths
        scene.seasonalGates = seasonalGates
        return scene
    }

    // MARK: Images

    /// Resolves `builtin:NAME` or a file path relative to the scene file.
    mutating func texture(_ node: JSONNode) throws -> Texture {
        let ref = try node.string()
        if let cached = textureCache[ref] { return cached }
        let tex: Texture
        if ref.hasPrefix("builtin:") {
            guard let t = BuiltinImages.texture(named: ref) else {
                throw SceneError(path: node.path, "no builtin image \"\(quoted(ref))\"; available: \(BuiltinImages.names.map { "builtin:" + $0 }.joined(separator: ", "))")
            }
            tex = t
        } else {
            let path = ref.hasPrefix("/") ? ref : (baseDirectory as NSString).appendingPathComponent(ref)
            guard FileManager.default.fileExists(atPath: path) else {
                throw SceneError(path: node.path, "image file \"\(quoted(ref))\" not found (looked for \(quoted(path, max: 200)))")
            }
            // Only regular files, and only as many decoded bytes as the budget allows: the header is
            // read (non-blocking, a few KiB) and the size checked before any pixel is decoded.
            let header: ImageDecoder.Header?
            do {
                header = try ImageDecoder.header(of: FileReader.readPrefix(path, maxBytes: 1 << 20))
            } catch let e as CodecError {
                if case .cannotRead = e { throw SceneError(path: node.path, "image file \"\(quoted(ref))\": \(e)") }
                header = nil  // a corrupt or unknown header: the decoder below says what is wrong
            }
            if let header {
                let (sum, overflow) = imageBytes.addingReportingOverflow(header.decodedBytes)
                if overflow || sum > limits.maxImageBytes {
                    throw SceneError(path: node.path, "the image \"\(quoted(ref))\" (\(header.width)×\(header.height) \(header.format)) "
                        + "would bring the scene's decoded images to \(SceneLimits.mebibytes(overflow ? Int.max : sum)), over the limit of "
                        + "\(SceneLimits.mebibytes(limits.maxImageBytes)); use smaller images or raise the limit with --max-image-mb")
                }
            }
            inputFiles.append(path)
            do {
                tex = try textureLoader(path)
                imageBytes += tex.width * tex.height * 4
            } catch {
                throw SceneError(path: node.path, "image file \"\(quoted(ref))\" could not be read: \(error)")
            }
        }
        textureCache[ref] = tex
        return tex
    }
}
