import Foundation
import StardustCodecs
import StardustCore

extension SceneLoader {
    /// Loads a scene file, resolving image paths against its folder and decoding PNG or JPEG files.
    public static func load(path: String) throws -> Scene {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw SceneError(path: "$", "cannot read \(path): \(error.localizedDescription)")
        }
        guard data.count <= 16 << 20 else { throw SceneError(path: "$", "the scene file is over 16 MiB") }
        var loader = SceneLoader(baseDirectory: url.deletingLastPathComponent().path) { try ImageDecoder.decodeFile(atPath: $0) }
        return try loader.scene(from: JSONNode(JSONParser.parse(Array(data))))
    }
}
