import ArgumentParser
import Foundation
import Stardust
import StardustLottie

/// Resolves the `<preset|scene.json>` argument shared by render, trace and validate.
enum SceneSource {
    /// Loads a preset by name or a scene file by path, applying command-line overrides. A scene file's images are
    /// read with `textureLoader` (by default decoded from their files; `stardust batch` shares them between jobs).
    static func load(_ target: String, overrides: SceneOverrides, limits: SceneLimits = SceneLimits(),
                     applySeasonalSwitches: Bool = true,
                     textureLoader: SceneLoader.TextureLoader? = nil) throws -> Scene {
        let scene: Scene
        if LottieSceneSource.handles(target) {
            scene = try LottieSceneSource.load(target, size: overrides.size, animation: overrides.animation,
                                           fontFolders: overrides.fontFolders)
        } else if let preset = Presets.named(target) {
            scene = preset.make(overrides.size ?? preset.defaultSize)
        } else if EffectImporter.canImport(path: target) {
            // Effect files of other tools (.pex, .plist, .ped): translated, then loaded as a scene.
            guard FileManager.default.fileExists(atPath: target) else { throw CLIError.usage("no effect file at \(target).") }
            do {
                scene = try EffectImporter.load(path: target) { printError("warning: \($0)") }
            } catch let e as SceneError {
                throw CLIError.usage("\(target): \(e.description)")
            }
            if let s = overrides.size { scene.size = s }
        } else if target.hasSuffix(".json") || FileManager.default.fileExists(atPath: target) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: target, isDirectory: &isFolder) else {
                throw CLIError.usage("no scene file at \(target).")
            }
            guard !isFolder.boolValue else { throw CLIError.usage("\(target) is a folder, not a scene file.") }
            do {
                var loader = SceneLoader(baseDirectory: URL(fileURLWithPath: target).deletingLastPathComponent().path) {
                    try ImageDecoder.decodeFile(atPath: $0)
                }
                loader.limits = limits
                if let textureLoader { loader.textureLoader = textureLoader }
                scene = try loader.scene(fileAt: target)
            } catch let e as SceneError {
                throw CLIError.usage(e.path == "$" ? e.message : "\(target): \(e.description)")
            } catch let e as JSONSyntaxError {
                throw CLIError.usage("\(target) is not valid JSON: \(e.description).")
            }
            if let s = overrides.size { scene.size = s }
        } else {
            let names = Presets.all.map(\.name)
            let close = names.filter { $0.hasPrefix(String(target.prefix(2))) }
            let hint = close.isEmpty ? "" : " Did you mean \(close.joined(separator: " or "))?"
            throw CLIError.usage("\"\(target)\" is neither a preset nor a scene file. Run `stardust presets` for the list.\(hint)")
        }
        // Seasonal switches (docs/DESIGN.md §14), only when asked for (--season or --date): layers whose rule is off
        // on that day are hidden. Otherwise every layer is drawn and the frames depend on no calendar.
        if applySeasonalSwitches, let clockDate = overrides.date {
            let decisions = scene.applySeasonalSwitches { rule in
                SeasonalSwitch(rule: rule, clock: { clockDate }, offline: overrides.offline).decideBlocking()
            }
            for (gate, d) in zip(scene.seasonalGates, decisions) where !d.isEnabled {
                printError("note: \(gate.layer.name ?? gate.path) is switched off (\(d)); without --season and --date it is drawn.")
            }
        }
        if let v = overrides.scale { scene.scale = v }
        if let v = overrides.fps { scene.fps = v }
        if let v = overrides.duration { scene.duration = v }
        if let v = overrides.seed { scene.seed = v }
        if let v = overrides.background { scene.background = v }
        if overrides.animation != nil && !LottieFile.isDotLottie(target) {
            throw CLIError.usage("--animation chooses one of a dotLottie (.lottie) archive's animations; \(target) is not one.")
        }
        // What the scene's lottie layers read but do not draw (docs/LOTTIE.md).
        for case let l as LottieSceneLayer in scene.allLayers {
            for w in l.composition.warnings { printError("warning: \(l.source): \(w)") }
        }
        return scene
    }
}

extension SceneSource {
    /// The checks validate, render and trace share (same limits, same messages): every emitter's own
    /// limits, then the whole-scene budget for `frameCount` frames. Nothing is evaluated or rendered.
    static func checkBudget(_ scene: Scene, target: String, frameCount: Int, limits: SceneLimits, overrides: SceneOverrides) throws {
        do {
            try scene.validate()
        } catch {
            throw CLIError.usage("\(target): \(error)")
        }
        var flags: [String] = []
        if let f = overrides.fps { flags.append("--fps \(f)") }
        if let d = overrides.duration { flags.append("--duration \(d)") }
        do {
            try SceneBudget.check(scene, frameCount: frameCount, limits: limits,
                                  frameSource: flags.isEmpty ? "duration" : flags.joined(separator: " "))
        } catch let e as SceneError {
            throw CLIError.usage("\(target): \(e.description)")
        }
    }
}

/// The resource budget flags of validate, render and trace (docs/LIMITS.md).
struct BudgetOptions: ParsableArguments {
    @Option(help: "Most live particles of all emitters together (default: 1000000).")
    var maxParticles: Int?
    @Option(name: .customLong("max-image-mb"), help: "Most memory for the decoded images of a scene, in MiB (default: 256).")
    var maxImageMB: Int?
    @Option(help: "Most frames one command renders or traces (default: 18000).")
    var maxFrames: Int?
    @Option(help: "Most pixels covered by layers and particles in one frame, in megapixels (default: 400).")
    var maxCoverage: Double?

    func limits() throws -> SceneLimits {
        var l = SceneLimits()
        if let v = try OptionRange.maxParticles.check(maxParticles) { l.maxParticles = v }
        if let v = try OptionRange.maxImageMB.check(maxImageMB) { l.maxImageBytes = v << 20 }
        if let v = try OptionRange.maxFrames.check(maxFrames) { l.maxFrames = v }
        if let v = try OptionRange.maxCoverage.check(maxCoverage) { l.maxCoveredPixels = Int(v * 1e6) }
        return l
    }
}

/// Command-line values that replace the scene's own.
struct SceneOverrides {
    var size: Size?
    var scale: Double?
    var fps: Double?
    var duration: Double?
    var seed: UInt64?
    /// The day seasonal switches are decided for; nil: they are not decided (every layer is drawn).
    var date: Date?
    /// Seasonal switches never fetch their remote flag.
    var offline = false
    /// The colour behind every layer (`--background`).
    var background: Color?
    /// The animation of a dotLottie archive (`--animation ID`; default: its manifest's first).
    var animation: String?
    /// Folders of font files for Lottie text (`--fonts DIR`).
    var fontFolders: [String] = []
}

/// Parses a `--background` colour: `#RRGGBB`, `#RRGGBBAA`, `white`, `black` or `transparent`.
func parseBackground(_ s: String) throws -> Color {
    switch s.lowercased() {
    case "white": return Color(white: 1, alpha: 1)
    case "black": return Color(white: 0, alpha: 1)
    case "transparent", "clear", "none": return .clear
    default:
        guard let c = Color(hex: s) else {
            throw CLIError.usage("--background expects #RRGGBB, #RRGGBBAA, white, black or transparent; got \"\(s)\".")
        }
        return c
    }
}

/// Parses `390x844` into a size.
func parseSize(_ s: String) throws -> Size {
    let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
          OptionRange.sizeSide.contains(w), OptionRange.sizeSide.contains(h) else {
        throw CLIError.usage("--size expects WIDTHxHEIGHT in points, each in \(OptionRange.sizeSide.rangeText), like 390x844; got \"\(s)\".")
    }
    return Size(w, h)
}

/// Parses `A..B` (inclusive) into a frame range.
func parseFrames(_ s: String) throws -> ClosedRange<Int> {
    let parts = s.components(separatedBy: "..")
    guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, b >= a, Double(b) < OptionRange.maxFrames.upper else {
        throw CLIError.usage("--frames expects FIRST..LAST (inclusive, from 0), like 0..59; got \"\(s)\".")
    }
    return a...b
}
