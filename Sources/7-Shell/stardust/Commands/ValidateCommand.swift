import Foundation
import ArgumentParser
import Stardust

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a scene file and report the first problem with its JSON path; exits 2 when invalid.")

    @Argument(help: "A scene file (.json) or a preset name.")
    var target: String

    @Option(help: "Decide seasonal switches for this day (YYYY-MM-DD; default: today).")
    var date: String?

    @Flag(help: "Never fetch remote flags of seasonal switches (the cached value or off decides).")
    var offline = false

    func run() throws {
        let scene = try SceneSource.load(target, overrides: SceneOverrides(date: try date.map(parseDate), offline: offline))
        try scene.validate()
        print("\(target): valid (\(scene.size.width)×\(scene.size.height) pt, \(scene.duration) s at \(scene.fps) fps)")
    }
}
