import ArgumentParser
import Foundation
import Stardust
import StardustStudio

/// `stardust studio`: the live design page (docs/STUDIO.md), a thin shell over ``StudioServer``.
struct StudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "Design effects live in a browser: serves the studio page on this machine and prints its address.",
        discussion: """
        Opens a preset, a scene file or an effect file (.pex, .plist, .ped) and serves a page that previews it,
        edits every emitter, cell, animation and physics property while it plays, lets you drag photos of a photo wall
        and click a picture or card to snap it to dust (a second click restores it), and exports GIF, APNG, MP4 (when
        ffmpeg is installed), scene JSON and Swift for QuartzCore.
        The address printed carries a session token; only pages opened from it can drive the studio.
        """
    )

    @Argument(help: "A preset name, a scene file (.json) or an effect file (.pex, .plist, .ped).")
    var target: String = "snow"

    @Option(help: "Port to listen on (0 picks a free one).")
    var port: Int = 8080

    @Option(help: "Address to bind; the default serves this machine only.")
    var host: String = "127.0.0.1"

    @Option(help: "Preview frames per second at most, per page.")
    var maxFrameRate: Double = 60

    @OptionGroup var budget: BudgetOptions

    func run() throws {
        try OptionRange.port.check(port)
        try OptionRange.maxFrameRate.check(maxFrameRate)
        let limits = try budget.limits()
        let document: StudioDocument
        do {
            document = try StudioDocument(source: try StudioSource.open(target, limits: limits), limits: limits)
        } catch let e as StudioEditError {
            throw CLIError.usage(e.description)
        }
        var config = StudioServer.Configuration()
        config.host = host
        config.port = port
        config.maxFrameRate = maxFrameRate
        if !["127.0.0.1", "localhost", "::1"].contains(host) {
            printError("warning: --host \(host) lets other machines reach the studio; the token in the address is all that protects it.")
        }
        let server = StudioServer(document: document, configuration: config)
        let (boundHost, token) = (config.host, config.token)
        let done = DispatchSemaphore(value: 0)
        let failure = Failure()
        Task {
            do {
                try await server.run { port in
                    // One write, unbuffered: the address must reach a pipe at once.
                    let line = "Stardust Studio: open \(StudioServer.address(host: boundHost, port: port, token: token))\n(Ctrl-C stops it.)\n"
                    do { try StandardOutput.write(line) } catch { printError("stardust: \(error)") }
                }
            } catch {
                failure.set("\(error)")
            }
            done.signal()
        }
        done.wait()
        if let message = failure.get() { throw CLIError.runtime("the studio stopped: \(message)") }
    }

    /// The server's error, handed from its task to the command.
    final class Failure: @unchecked Sendable {
        private let lock = NSLock()
        private var message: String?
        func set(_ m: String) { lock.withLock { message = m } }
        func get() -> String? { lock.withLock { message } }
    }
}
