import Foundation
import StardustCodecs
import StardustCore

/// The formats of other tools' effect files that Stardust reads (docs/IMPORTERS.md).
public enum EffectFormat: String, Sendable, CaseIterable {
    /// Particle Designer / Starling / Sparrow XML (`.pex`): y-down coordinates.
    case particleDesignerXML = "pex"
    /// Particle Designer / cocos2d property list (`.plist`): y-up coordinates, flipped on import.
    case particleDesignerPlist = "plist"
    /// UIEffectDesigner JSON (`.ped`).
    case uiEffectDesigner = "ped"

    /// The format of a file, from its extension.
    public init?(path: String) {
        let ext = PathText.pathExtension(path).lowercased()
        switch ext {
        case "pex": self = .particleDesignerXML
        case "plist": self = .particleDesignerPlist
        case "ped": self = .uiEffectDesigner
        default: return nil
        }
    }
}

/// How to read vertical coordinates of a Particle Designer file.
public enum VerticalAxis: String, Sendable, CaseIterable {
    /// From the format: `.pex` (Starling, Sparrow) is y-down, `.plist` (cocos2d) is y-up.
    case automatic
    /// The file's y axis points up: positions, angles, gravity and tangential acceleration are flipped.
    case up
    /// The file's y axis points down, like Stardust's: values are used as they are.
    case down
}

/// An effect file translated into a Stardust scene document (docs/DESIGN.md §10) plus the textures it embeds.
///
/// ``document`` is the scene JSON that ``scene()`` loads and `stardust import` writes: rendering an
/// effect file and rendering its imported scene give the same pixels.
public struct EffectImport {
    public var format: EffectFormat
    /// The scene, as JSON.
    public var document: JSONValue
    /// Embedded textures to write beside the scene: file name → PNG bytes.
    public var embeddedTextures: [String: [UInt8]] = [:]
    /// Texture files the scene refers to, relative name → absolute path of the file next to the effect.
    public var referencedTextures: [String: String] = [:]
    /// One line per problem that did not stop the import (a missing texture, an ignored key).
    public var warnings: [String] = []

    /// The scene JSON text, pretty-printed.
    public var jsonText: String { JSONWriter.string(document) }

    /// Builds the scene (embedded textures are decoded in memory; referenced ones are read from disk).
    public func scene() throws -> Scene {
        var loader = SceneLoader(baseDirectory: "/") { try ImageDecoder.decodeFile(atPath: $0) }
        for (name, bytes) in embeddedTextures {
            loader.textureCache[name] = Texture(try ImageDecoder.decode(bytes))
        }
        for (name, path) in referencedTextures {
            loader.textureCache[name] = Texture(try ImageDecoder.decodeFile(atPath: path))
        }
        return try loader.scene(from: JSONNode(document))
    }

    /// Writes the scene to `path` and its textures beside it (embedded ones decoded from the file,
    /// referenced ones copied). Returns the paths written.
    @discardableResult
    public func write(to path: String) throws -> [String] {
        let folder = PathText.deletingLastComponent(path)
        let dir = folder.isEmpty ? "." : folder
        var written: [String] = []
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (name, bytes) in embeddedTextures.sorted(by: { $0.key < $1.key }) {
            let p = (dir as NSString).appendingPathComponent(name)
            try AtomicFile.write(bytes, to: p)
            written.append(p)
        }
        for (name, source) in referencedTextures.sorted(by: { $0.key < $1.key }) {
            let p = (dir as NSString).appendingPathComponent(name)
            if URL(fileURLWithPath: p).standardizedFileURL == URL(fileURLWithPath: source).standardizedFileURL { continue }
            try AtomicFile.write(try FileReader.readAll(source, maxBytes: EffectImporter.maxFileSize), to: p)
            written.append(p)
        }
        try AtomicFile.write(Array((jsonText + "\n").utf8), to: path)
        written.append(path)
        return written
    }
}

/// Reads effect files of other tools (Particle Designer `.pex`/`.plist`, UIEffectDesigner `.ped`).
public enum EffectImporter {
    /// Files larger than this are refused (effect files are a few kilobytes; embedded textures a few hundred).
    public static let maxFileSize = 16 << 20

    /// True when `path` names a file this importer reads (by extension).
    public static func canImport(path: String) -> Bool { EffectFormat(path: path) != nil }

    /// Reads and translates an effect file. Errors name the element or key at fault.
    public static func importFile(atPath path: String, verticalAxis: VerticalAxis = .automatic) throws -> EffectImport {
        guard let format = EffectFormat(path: path) else {
            throw SceneError(path: "$", "\(path) is not an effect file (.pex, .plist or .ped)")
        }
        // FileReader refuses a FIFO or a device without blocking, and a file over the limit without reading it all.
        let data: [UInt8]
        do { data = try FileReader.readAll(path, maxBytes: maxFileSize) } catch let error as CodecError {
            throw SceneError(path: "$", "cannot read the file: \(error.readFailure ?? "\(error)")")
        }
        let name = PathText.deletingPathExtension(PathText.lastComponent(path))
        let folder = PathText.deletingLastComponent(path)
        let source = EffectSource(name: name, folder: folder.isEmpty ? "." : folder)
        switch format {
        case .particleDesignerXML:
            let config = try ParticleDesignerReader.readPEX(Array(data))
            return try ParticleDesignerImporter.translate(config, format: format,
                                                          yUp: verticalAxis == .up, source: source)
        case .particleDesignerPlist:
            let config = try ParticleDesignerReader.readPlist(Data(data))
            return try ParticleDesignerImporter.translate(config, format: format,
                                                          yUp: verticalAxis != .down, source: source)
        case .uiEffectDesigner:
            return try UIEffectDesignerImporter.translate(Array(data), source: source)
        }
    }

    /// Reads an effect file straight into a scene; `warn` receives each warning line.
    public static func load(path: String, verticalAxis: VerticalAxis = .automatic,
                            warn: (String) -> Void = { _ in }) throws -> Scene {
        let imported = try importFile(atPath: path, verticalAxis: verticalAxis)
        imported.warnings.forEach(warn)
        return try imported.scene()
    }
}

/// Where an effect file came from: its base name (the scene's name) and folder (for named textures).
struct EffectSource {
    var name: String
    var folder: String
}

extension EffectImport {
    /// The texture fallback for a missing or unreadable texture.
    static let fallbackTexture = "builtin:blurry-dot"
    /// Its size in points (BuiltinImages: 32 × 32 pixels).
    static let fallbackTextureWidth = 32.0
}
