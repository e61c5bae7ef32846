import Foundation
import Stardust

/// Where the studio's scene comes from: a preset, a scene file or an imported effect file. The source is
/// read once; every rebuild (after an edit, an undo, a redo) builds a fresh scene from it.
public enum StudioSource: Sendable {
    /// A built-in preset, by name.
    case preset(String)
    /// A scene file: its path (images resolve against its folder) and its parsed JSON.
    case sceneFile(path: String, document: JSONValue)
    /// An effect file of another tool (`.pex`, `.plist`, `.ped`), translated to a scene.
    case effect(path: String, imported: EffectImportBox)
    /// A Lottie file (`.json` with Lottie's keys, `.tgs`, any file `LottieFile` opens), read again on each rebuild
    /// (StudioSource+Lottie.swift).
    case lottie(path: String)

    /// Reads `target` as `stardust render` does: a preset name, an effect file (by extension) or a scene file.
    /// The scene file is capped at 16 MiB and decoded with `limits`; the first build is checked here,
    /// so a source that does not load is refused at once.
    public static func open(_ target: String, limits: SceneLimits) throws -> StudioSource {
        if Presets.named(target) != nil { return .preset(target) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isFolder) else {
            throw StudioEditError("\"\(target)\" is neither a preset (\(Presets.all.map(\.name).joined(separator: ", "))) nor a file.")
        }
        guard !isFolder.boolValue else { throw StudioEditError("\(target) is a folder, not a scene or effect file.") }
        if isLottie(target) { return try openLottie(target, limits: limits) }
        if EffectImporter.canImport(path: target) {
            do {
                return .effect(path: target, imported: EffectImportBox(try EffectImporter.importFile(atPath: target)))
            } catch let e as SceneError {
                throw StudioEditError("\(target): \(e.description)")
            }
        }
        let bytes: [UInt8]
        do { bytes = try FileReader.readAll(target, maxBytes: 16 << 20) } catch {
            throw StudioEditError("\(target): \(error)")
        }
        do {
            return .sceneFile(path: target, document: try JSONParser.parse(bytes))
        } catch let e as JSONSyntaxError {
            throw StudioEditError("\(target) is not valid JSON: \(e.description).")
        }
    }

    /// A fresh scene from the source, decoded with `limits`. Seasonal switches are not applied: the studio
    /// shows every layer, as `stardust render --date` does on a day they are on (docs/STUDIO.md).
    public func makeScene(limits: SceneLimits) throws -> Scene {
        do {
            switch self {
            case .preset(let name):
                guard let p = Presets.named(name) else { throw StudioEditError("no preset \(name).") }
                return p.make()
            case .sceneFile(let path, let document):
                let url = URL(fileURLWithPath: path)
                var loader = SceneLoader(baseDirectory: url.deletingLastPathComponent().path) { try ImageDecoder.decodeFile(atPath: $0) }
                loader.limits = limits
                let scene = try loader.scene(from: JSONNode(document))
                scene.inputFiles.insert(path, at: 0)
                return scene
            case .effect(_, let imported):
                return try imported.value.scene()
            case .lottie(let path):
                return try Self.lottieScene(path, limits: limits)
            }
        } catch let e as SceneError {
            throw StudioEditError("\(label): \(e.description)")
        }
    }

    /// A short label: the preset name or the file's path.
    public var label: String {
        switch self {
        case .preset(let name): return name
        case .sceneFile(let path, _), .effect(let path, _), .lottie(let path): return path
        }
    }

    /// The scene JSON the source was read from (a scene file's document, an effect file's translation);
    /// nil for presets, which are built in Swift.
    var jsonDocument: JSONValue? {
        switch self {
        case .preset, .lottie: return nil
        case .sceneFile(_, let d): return d
        case .effect(_, let i): return i.value.document
        }
    }
}

/// An ``EffectImport`` shared read-only between threads (it is never mutated after the import).
public final class EffectImportBox: @unchecked Sendable {
    /// The import.
    public let value: EffectImport
    init(_ value: EffectImport) { self.value = value }
}
