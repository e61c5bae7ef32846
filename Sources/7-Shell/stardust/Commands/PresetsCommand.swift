import ArgumentParser
import Stardust

struct PresetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "presets",
        abstract: "List the built-in presets, one line each.")

    func run() throws {
        let width = Presets.all.map(\.name.count).max() ?? 0
        for p in Presets.all {
            try StandardOutput.line(p.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + p.summary)
        }
    }
}
