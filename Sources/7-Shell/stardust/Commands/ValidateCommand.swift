import Foundation
import ArgumentParser
import Stardust

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a scene file and report the first problem with its JSON path; exits 2 when invalid.",
        discussion: "Runs the same checks as render and trace, resource budget included (docs/LIMITS.md), without rendering.")

    @Argument(help: "A scene file (.json) or a preset name.")
    var target: String

    @OptionGroup var budget: BudgetOptions

    @Option(help: "Decide seasonal switches for this day (YYYY-MM-DD; default: today).")
    var date: String?

    @Flag(help: "Never fetch remote flags of seasonal switches (the cached value or off decides).")
    var offline = false

    func run() throws {
        let limits = try budget.limits()
        let overrides = SceneOverrides(date: try date.map(parseDate), offline: offline)
        let scene = try SceneSource.load(target, overrides: overrides, limits: limits)
        // Exactly the checks render and trace run for the scene's full duration.
        try SceneSource.checkBudget(scene, target: target, frameCount: scene.frameCount, limits: limits, overrides: overrides)
        print("\(target): valid (\(scene.size.width)×\(scene.size.height) pt, \(scene.duration) s at \(scene.fps) fps)")
    }
}
