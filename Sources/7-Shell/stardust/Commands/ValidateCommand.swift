import ArgumentParser
import Stardust

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a scene file and report the first problem with its JSON path; exits 2 when invalid.")

    @Argument(help: "A scene file (.json) or a preset name.")
    var target: String

    func run() throws {
        let scene = try SceneSource.load(target, overrides: SceneOverrides())
        try scene.validate()
        print("\(target): valid (\(scene.size.width)×\(scene.size.height) pt, \(scene.duration) s at \(scene.fps) fps)")
    }
}
