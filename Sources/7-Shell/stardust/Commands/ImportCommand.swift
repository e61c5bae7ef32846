import ArgumentParser
import Foundation
import Stardust

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Translate a Particle Designer (.pex, .plist) or UIEffectDesigner (.ped) file into an editable scene file.",
        discussion: """
        Writes the scene JSON and, beside it, the effect's texture (embedded textures decoded, named ones copied).
        Rendering the scene gives the same pixels as rendering the effect file. See docs/IMPORTERS.md.
        """)

    @Argument(help: "The effect file (.pex, .plist or .ped).")
    var file: String

    @Option(name: [.short, .customLong("output")], help: "The scene file to write (default: NAME.json in the current directory).")
    var output: String?

    @Option(help: "Vertical axis of a Particle Designer file: automatic (.pex down, .plist up), up or down.")
    var yAxis: String = "automatic"

    func run() throws {
        guard let axis = VerticalAxis(rawValue: yAxis) else {
            throw CLIError.usage("--y-axis expects automatic, up or down; got \"\(yAxis)\".")
        }
        guard EffectImporter.canImport(path: file) else {
            throw CLIError.usage("\(file) is not an effect file: expected .pex, .plist or .ped.")
        }
        guard FileManager.default.fileExists(atPath: file) else { throw CLIError.usage("no effect file at \(file).") }
        let imported: EffectImport
        do {
            imported = try EffectImporter.importFile(atPath: file, verticalAxis: axis)
            _ = try imported.scene()  // the written scene must load
        } catch let e as SceneError {
            throw CLIError.usage("\(file): \(e.description)")
        }
        imported.warnings.forEach { printError("warning: \($0)") }
        let name = PathText.deletingPathExtension(PathText.lastComponent(file))
        let path = output ?? "\(name).json"
        do {
            try AtomicFile.ensureDistinct(output: path, from: file)
            let written = try imported.write(to: path)
            try StandardOutput.line("wrote \(written.joined(separator: ", "))")
        } catch {
            throw CLIError.runtime("could not write \(path): \(error)")
        }
    }
}
