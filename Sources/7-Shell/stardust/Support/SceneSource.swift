import ArgumentParser
import Foundation
import Stardust

/// Resolves the `<preset|scene.json>` argument shared by render, trace and validate.
enum SceneSource {
    /// Loads a preset by name or a scene file by path, applying command-line overrides.
    static func load(_ target: String, overrides: SceneOverrides, limits: SceneLimits = SceneLimits(),
                     applySeasonalSwitches: Bool = true) throws -> Scene {
        let scene: Scene
        if LottieSceneSource.handles(target) {
            scene = try LottieSceneSource.load(target, size: overrides.size)
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
                scene = try SceneLoader.load(path: target, limits: limits)
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
        if let v = maxParticles { guard v >= 0 else { throw CLIError.usage("--max-particles must be 0 or more; got \(v).") }; l.maxParticles = v }
        if let v = maxImageMB {
            guard v >= 0, v <= 1 << 40 else { throw CLIError.usage("--max-image-mb must be between 0 and \(1 << 40); got \(v).") }
            l.maxImageBytes = v << 20
        }
        if let v = maxFrames { guard v >= 1 else { throw CLIError.usage("--max-frames must be at least 1; got \(v).") }; l.maxFrames = v }
        if let v = maxCoverage {
            guard v.isFinite, v >= 0, v <= 1e9 else { throw CLIError.usage("--max-coverage must be a number of megapixels in 0…1e9; got \(v).") }
            l.maxCoveredPixels = Int(v * 1e6)
        }
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
}

/// Parses `--date YYYY-MM-DD` (noon UTC of that day, so every time zone's calendar day is the same
/// within ±12 h) or a full ISO 8601 date-time.
func parseDate(_ s: String) throws -> Date {
    let iso = ISO8601DateFormatter()
    if let d = iso.date(from: s) { return d }
    let p = s.split(separator: "-").compactMap { Int($0) }
    if p.count == 3, (1...12).contains(p[1]), (1...31).contains(p[2]) {
        var c = DateComponents(); c.year = p[0]; c.month = p[1]; c.day = p[2]; c.hour = 12
        var cal = Calendar(identifier: .gregorian); cal.timeZone = TimeZone(identifier: "UTC")!
        if let d = cal.date(from: c) { return d }
    }
    throw CLIError.usage("--date expects YYYY-MM-DD or an ISO 8601 date-time, like 2026-12-24; got \"\(s)\".")
}

/// Parses `390x844` into a size.
func parseSize(_ s: String) throws -> Size {
    let parts = s.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0, w <= 20000, h <= 20000 else {
        throw CLIError.usage("--size expects WIDTHxHEIGHT in points, like 390x844; got \"\(s)\".")
    }
    return Size(w, h)
}

/// Parses `A..B` (inclusive) into a frame range.
func parseFrames(_ s: String) throws -> ClosedRange<Int> {
    let parts = s.components(separatedBy: "..")
    guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, b >= a else {
        throw CLIError.usage("--frames expects FIRST..LAST (inclusive, from 0), like 0..59; got \"\(s)\".")
    }
    return a...b
}
