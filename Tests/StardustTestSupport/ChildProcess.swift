import Foundation

/// Runs another program to its end and keeps what it printed: the package's one way for tests to start a process
/// (the `stardust` executable, `python3`, `ffprobe`, `swiftc`).
///
/// Both pipes are read at the same time, each on its own thread, so that a child which fills one pipe while we wait
/// on the other cannot block; the reads retry interrupted system calls (`PipeReading.swift`). Standard input is the
/// null device, so a child that reads it ends instead of waiting for a test.
public enum ChildProcess {
    public struct Output: Sendable {
        /// The exit status, or the signal's number when `killedBySignal`.
        public var status: Int32
        public var stdout: Data
        public var stderr: Data
        /// True when the process ended by a signal rather than by exiting.
        public var killedBySignal: Bool

        public var standardOutput: String { String(decoding: stdout, as: UTF8.self) }
        public var standardError: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Runs `executable` with `arguments` and waits for it.
    public static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                           environment: [String: String]? = nil) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errorReader = PipeDrain(err.fileHandleForReading)
        let bytes = out.fileHandleForReading.readToEndRetryingInterrupts()
        let errorBytes = errorReader.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: bytes, stderr: errorBytes,
                      killedBySignal: process.terminationReason == .uncaughtSignal)
    }

    /// Runs the program named `name` found on `PATH` (or at that path when it contains a slash).
    public static func run(named name: String, _ arguments: [String]) throws -> Output {
        try run(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments)
    }
}

/// One pipe read to its end on a thread of its own.
private final class PipeDrain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread { [self] in
            data = handle.readToEndRetryingInterrupts()
            done.signal()
        }.start()
    }

    /// The bytes, once the writer closed the pipe.
    func wait() -> Data {
        done.wait()
        return data
    }
}
