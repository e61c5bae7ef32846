import Foundation
import ArgumentParser
import Stardust

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a scene file and report the first problem with its JSON path; exits 2 when invalid.",
        discussion: "Runs the same checks as render and trace, resource budget included (docs/LIMITS.md), without rendering.")

    @Argument(help: "A scene file (.json), a preset name, an effect file or a Lottie file (.json, .tgs, .lottie).")
    var target: String

    @OptionGroup var lottie: LottieOptions

    @OptionGroup var budget: BudgetOptions

    @OptionGroup var seasonal: SeasonOptions

    func run() throws {
        let limits = try budget.limits()
        let overrides = SceneOverrides(date: try seasonal.day(), offline: seasonal.offline, animation: lottie.animation, fontFolders: lottie.fontFolders)
        let scene = try SceneSource.load(target, overrides: overrides, limits: limits)
        // Exactly the checks render and trace run for the scene's full duration.
        try SceneSource.checkBudget(scene, target: target, frameCount: scene.frameCount, limits: limits, overrides: overrides)
        try StandardOutput.line("\(target): valid (\(scene.size.width)×\(scene.size.height) pt, \(scene.duration) s at \(scene.fps) fps)")
    }
}
