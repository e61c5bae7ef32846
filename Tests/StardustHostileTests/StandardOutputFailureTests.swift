import Foundation
import StardustTestSupport
import Testing

/// Rule 5 of docs/HOSTILE-INPUT.md: writing to standard output can fail. A full disk (`/dev/full`), a reader that
/// went away (a closed pipe) or a closed descriptor ends every command that prints with exit 1 and one line on
/// standard error, never a crash by SIGPIPE or a trap.
@Suite("Standard output failures")
struct StandardOutputFailureTests {
    /// Commands that write to standard output, each cheap.
    static let commands: [[String]] = [
        ["trace", "snow", "--duration", "0.5", "--fps", "10"],
        ["presets"],
        ["validate", "snow"],
        ["export-swift", "snow"],
        ["--help"],
    ]

    /// Runs `stardust args` with standard output being `stdout` (a file handle), under a time bound.
    func run(_ args: [String], stdout: FileHandle, closeReadEnd: Pipe? = nil) throws -> (status: Int32, stderr: String, signal: Bool) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        p.arguments = ["-s", "KILL", "120", CLIRunner.binary.path] + args
        let err = Pipe()
        p.standardOutput = stdout
        p.standardError = err
        // The reader is gone before the tool starts, so its first write fails (no race with a pipe buffer).
        try closeReadEnd?.fileHandleForReading.close()
        try p.run()
        let e = err.fileHandleForReading.readToEndRetryingInterrupts()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: e, as: UTF8.self), p.terminationReason == .uncaughtSignal)
    }

    @Test(arguments: commands)
    func aFullDiskIsOneLineAndExitOne(_ args: [String]) throws {
        guard let full = FileHandle(forWritingAtPath: "/dev/full") else {
            Issue.record("no /dev/full on this machine")
            return
        }
        let r = try run(args, stdout: full)
        #expect(r.status == 1 && !r.signal, "\(args): \(r.status) \(r.stderr)")
        #expect(r.stderr.contains("standard output"), "\(r.stderr)")
        // One line says so (export-swift's notes on what it left out may come before it).
        #expect(r.stderr.split(separator: "\n").filter { $0.hasPrefix("stardust:") }.count == 1, "\(r.stderr)")
        #expect(!r.stderr.contains("Fatal error"), "\(r.stderr)")
    }

    @Test(arguments: commands)
    func aClosedPipeIsOneLineAndExitOne(_ args: [String]) throws {
        let pipe = Pipe()
        let r = try run(args, stdout: pipe.fileHandleForWriting, closeReadEnd: pipe)
        #expect(r.status == 1 && !r.signal, "\(args): \(r.status) \(r.stderr)")
        #expect(r.stderr.contains("standard output"), "\(r.stderr)")
        // One line says so (export-swift's notes on what it left out may come before it).
        #expect(r.stderr.split(separator: "\n").filter { $0.hasPrefix("stardust:") }.count == 1, "\(r.stderr)")
        #expect(!r.stderr.contains("Fatal error"), "\(r.stderr)")
    }

    @Test func aClosedStandardOutputIsOneLineAndExitOne() throws {
        // `>&-`: the tool starts with descriptor 1 closed.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "exec /usr/bin/timeout -s KILL 120 \"$0\" trace snow --duration 0.5 --fps 10 >&-", CLIRunner.binary.path]
        let err = Pipe()
        p.standardError = err
        try p.run()
        let e = String(decoding: err.fileHandleForReading.readToEndRetryingInterrupts(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 1, "\(e)")
        #expect(e.contains("standard output") && e.split(separator: "\n").count == 1, "\(e)")
    }
}
