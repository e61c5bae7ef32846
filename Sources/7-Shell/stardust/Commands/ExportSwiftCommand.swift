import ArgumentParser
import Foundation
import Stardust

/// `stardust export-swift <preset|scene> [-o File.swift]`: the effect as Swift source using the real
/// QuartzCore and UIKit API (docs/DESIGN.md §11), with the pictures it names written beside it.
struct ExportSwiftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-swift",
        abstract: "Write Swift that builds the same effect with QuartzCore and UIKit (it also compiles against OpenQuartzCore).",
        discussion: """
        The source holds one function returning the configured layer tree with its animations. Images that are not \
        Stardust's builtin images (a preset's pictures, a scene's files) are written as NAME.png next to the output \
        (add them to the app's assets); builtin images are named as they are (dot, snowflake, …). Built-in Lottie \
        animations (the snow preset's launch screen) are written as NAME.json beside it, for the app's bundle. Seasonal switches \
        are not applied: the whole effect is exported. Without -o the source goes to standard output.
        """)

    @Argument(help: "A preset name or a scene file (.json, or a .pex/.plist/.ped effect).")
    var target: String

    @Option(name: .shortAndLong, help: "The Swift file to write (NAME.swift).")
    var output: String?

    @Option(name: .customLong("function"), help: "The name of the generated function (default: make<Name>Scene).")
    var functionName: String?

    func run() throws {
        if let output, !output.hasSuffix(".swift") { throw CLIError.usage("the output must be a .swift file, got \(output).") }
        if let f = functionName, SwiftSourceText.declaredName(f) == nil {
            throw CLIError.usage("--function expects a Swift name of ASCII letters, digits and _ (not starting with a digit); got \(SwiftSourceText.stringLiteral(f)).")
        }
        let scene = try SceneSource.load(target, overrides: SceneOverrides(offline: true), applySeasonalSwitches: false)
        let export = SwiftExporter.export(scene, functionName: functionName, command: "stardust export-swift \(target)")
        for o in export.omissions { printError("note: not exported: \(o).") }
        guard let output else {
            try StandardOutput.write(export.source)
            if !export.images.isEmpty {
                printError("note: the source names images that were not written (use -o to write them): \(export.images.map(\.name).joined(separator: ", ")).")
            }
            if !export.animations.isEmpty {
                printError("note: the source names Lottie animations that were not written (use -o to write them): \(export.animations.map(\.file).joined(separator: ", ")).")
            }
            return
        }
        let folder = PathText.deletingLastComponent(output)
        let imagePaths = export.images.map { ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent($0.name + ".png") }
        let animationPaths = export.animations.map { ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent($0.file) }
        // Inputs are never overwritten, nor one output by another (docs/HOSTILE-INPUT.md, rule 2): not the scene file,
        // not an image it reads, not the source by a picture written beside it.
        var plan = OutputPlan(inputs: scene.inputFiles + [target])
        for path in [output] + imagePaths + animationPaths {
            do { try plan.addOutput(path) } catch { throw CLIError.usage("\(error) Write the Swift file to another folder.") }
            do { try AtomicFile.ensureReplaceable(path) } catch { throw CLIError.usage("\(error)") }
        }
        do {
            try AtomicFile.write(Array(export.source.utf8), to: output)
            for (image, path) in zip(export.images, imagePaths) {
                try AtomicFile.write(PNGEncoder.encode(image.texture.image), to: path)
            }
            for (animation, path) in zip(export.animations, animationPaths) { try AtomicFile.write(animation.json, to: path) }
        } catch {
            throw CLIError.runtime("could not write \(output): \(error)")
        }
        let files = export.images.map { $0.name + ".png" } + export.animations.map(\.file)
        let extra = files.isEmpty ? "" : " and \(files.count) file\(files.count == 1 ? "" : "s") beside it (\(files.joined(separator: ", ")))"
        try StandardOutput.line("wrote \(output)\(extra)")
    }
}
