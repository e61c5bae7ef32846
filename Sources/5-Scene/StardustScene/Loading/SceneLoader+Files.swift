import Foundation
import StardustCodecs
import StardustCore

extension SceneLoader {
    /// Loads a scene file, resolving image paths against its folder and decoding PNG or JPEG files.
    /// Only a regular file is read (a FIFO or a device is refused without blocking); images count against
    /// `limits.maxImageBytes` before they are decoded.
    public static func load(path: String, limits: SceneLimits = SceneLimits()) throws -> Scene {
        try load(path: path, limits: limits) { try ImageDecoder.decodeFile(atPath: $0) }
    }

    /// Loads a scene file as ``load(path:limits:)`` does, reading its image files (paths resolved against the scene's
    /// folder) with `imageLoader`: a batch of scenes can share decoded images through it.
    public static func load(path: String, limits: SceneLimits, imageLoader: @escaping ImageLoader) throws -> Scene {
        var loader = SceneLoader(baseDirectory: URL(fileURLWithPath: path).deletingLastPathComponent().path, imageLoader: imageLoader)
        loader.limits = limits
        return try loader.scene(fileAt: path)
    }

    /// Reads the scene file at `path` with this loader's settings (its limits and ``textureLoader``); relative image
    /// paths are resolved against ``baseDirectory``.
    public mutating func scene(fileAt path: String) throws -> Scene {
        let data: [UInt8]
        do { data = try FileReader.readAll(path, maxBytes: 16 << 20) } catch {
            throw SceneError(path: "$", "\(error)")
        }
        let scene = try scene(from: JSONNode(JSONParser.parse(data)))
        scene.inputFiles.insert(path, at: 0)
        return scene
    }
}
