import Foundation
import StardustStudio

/// A studio server started in this process on a loopback port, once it listens: the one way the benchmarks
/// (`stardust bench studio-*`), the studio tests and the browser tests start a server and learn its port.
public struct LaunchedStudio: Sendable {
    /// The server's task: cancel it to stop the server.
    public let task: Task<Void, any Error>
    /// The port it listens on (the ephemeral one when the configuration asked for port 0).
    public let port: Int

    /// Starts `document` with `configuration` and blocks until the server listens.
    /// Blocks the calling thread: from async code use ``start(_:configuration:)-async`` instead, so
    /// that no thread of Swift's small cooperative pool (which also runs the server) waits.
    /// - Throws: ``StudioClient/Failure`` when the server's task ended before it listened.
    public static func start(_ document: StudioDocument, configuration: StudioServer.Configuration) throws -> LaunchedStudio {
        final class PortBox: @unchecked Sendable { var value = 0 }  // written before `ready` signals, read after
        let ready = DispatchSemaphore(value: 0)
        let port = PortBox()
        let task = StudioServer(document: document, configuration: configuration).start { p in
            port.value = p
            ready.signal()
        }
        // The wait reads no clock: it ends when the server listens, or when its task ends without listening.
        Task { _ = await task.result; ready.signal() }
        ready.wait()
        guard port.value != 0 else {
            task.cancel()
            throw StudioClient.Failure(status: 0, description: "the studio server ended before it listened")
        }
        return LaunchedStudio(task: task, port: port.value)
    }

    /// The same, waiting on a thread of its own.
    public static func start(_ document: StudioDocument, configuration: StudioServer.Configuration) async throws -> LaunchedStudio {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try LaunchedStudio.start(document, configuration: configuration) })
            }.start()
        }
    }
}
