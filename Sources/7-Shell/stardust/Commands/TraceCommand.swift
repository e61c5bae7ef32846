import ArgumentParser
import Foundation
import Stardust

struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Print the evaluated state of a preset or scene as JSON Lines, one object per frame.",
        discussion: """
        Each line holds the time, live particle counts per emitter cell ("layer.cell"), and layer presentation values
        (position, opacity, transform.rotation, transform.scale). With --particles each line also lists every live
        particle: cell, position, velocity, scale, rotation, color, age and lifetime. A scene with physics or a photo
        wall also lists its bodies (position, angle, velocity, angularVelocity, sleeping) and its joints (type, bodies
        "a" and "b", anchorA, anchorB, and force or torque where measured); photo-wall transitions are lines of their own.
        """)

    @Argument(help: "A preset name, a scene file (.json), an effect file or a Lottie file (.json, .tgs, .lottie).")
    var target: String

    @OptionGroup var lottie: LottieOptions

    @Option(help: "Trace the single time T (seconds).")
    var at: Double?

    @Option(help: "Frames per second of the trace (default: the scene's).")
    var fps: Double?

    @Option(help: "Duration of the trace in seconds (default: the scene's).")
    var duration: Double?

    @OptionGroup var seasonal: SeasonOptions

    @Flag(help: "Include every live particle's state.")
    var particles = false

    @OptionGroup var budget: BudgetOptions

    func run() throws {
        if at != nil && (fps != nil || duration != nil) {
            throw CLIError.usage("use either --at T or --fps/--duration, not both.")
        }
        try OptionRange.at.check(at)
        try OptionRange.traceFPS.check(fps)
        try OptionRange.traceDuration.check(duration)
        let limits = try budget.limits()
        let overrides = SceneOverrides(fps: fps, duration: duration, date: try seasonal.day(), offline: seasonal.offline,
                                       animation: lottie.animation, fontFolders: lottie.fontFolders)
        let scene = try SceneSource.load(target, overrides: overrides, limits: limits)
        try SceneSource.checkBudget(scene, target: target, frameCount: at == nil ? scene.frameCount : 1, limits: limits, overrides: overrides)
        let times: [Double] = at.map { [$0] } ?? (0..<max(1, scene.frameCount)).map { scene.time(ofFrame: $0) }
        for t in times {
            try StandardOutput.line(SceneTrace.line(for: scene, at: t, includeParticles: particles))
        }
    }
}
