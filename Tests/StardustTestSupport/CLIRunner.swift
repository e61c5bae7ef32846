import Foundation
import StardustCore

/// Runs the built `stardust` executable as a subprocess, optionally under a memory cap
/// (`prlimit --as`) and always under a time bound (`timeout -s KILL`), as the hostile-input suite does.
public enum CLIRunner {
    public struct Result: Sendable {
        /// The exit status; 124/137 mean the time bound killed it, above 128 a signal.
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// True when the time bound ended the process.
        /// `timeout -s KILL` also signals its own process group, so it may die of SIGKILL itself (status 9).
        public var timedOut: Bool { status == 124 || status == 137 || (killedBySignal && status == SIGKILL) }
        /// True when the process (or `timeout` around it) ended by a signal rather than by exiting.
        public var killedBySignal = false
    }

    /// The `stardust` executable beside the test bundle in the build products folder.
    public static var binary: URL {
        let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                          Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for dir in candidates where FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("stardust").path) {
            return dir.appendingPathComponent("stardust")
        }
        return candidates[0].appendingPathComponent("stardust")
    }

    /// Whether `prlimit` is available to cap memory.
    public static let hasPrlimit = FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")

    /// Runs `stardust args…` in `dir` with at most `memoryBytes` of address space and `seconds` of time.
    public static func run(_ args: [String], in dir: URL? = nil, memoryBytes: Int? = 1 << 30, seconds: Int = 30,
                           environment: [String: String]? = nil) throws -> Result {
        var command: [String] = ["/usr/bin/timeout", "-s", "KILL", String(seconds)]
        if let memoryBytes, hasPrlimit { command += ["/usr/bin/prlimit", "--as=\(memoryBytes)"] }
        command += [binary.path] + args
        let output = try ChildProcess.run(URL(fileURLWithPath: command[0]), Array(command.dropFirst()), in: dir,
                                          environment: environment)
        return Result(status: output.status, stdout: output.standardOutput, stderr: output.standardError,
                      killedBySignal: output.killedBySignal)
    }

    /// A fresh temporary folder (a ``ScratchFolder``: removed when the test process exits).
    public static func temporaryFolder(_ tag: String = "stardust-hostile") throws -> URL {
        try ScratchFolder.make(tag)
    }
}

/// The deterministic generator of seeded mutation fuzzing: the package's one SplitMix64.
public typealias SeededGenerator = SplitMix64

extension SplitMix64 {

    /// One mutation of `bytes`: flip, overwrite with an interesting value, insert, delete, duplicate a
    /// slice, or truncate — the classic byte-level mutators.
    public mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
        var b = bytes
        let rounds = Int.random(in: 1...4, using: &self)
        for _ in 0..<rounds {
            guard !b.isEmpty else { b = [UInt8.random(in: 0...255, using: &self)]; continue }
            let i = Int.random(in: 0..<b.count, using: &self)
            switch Int.random(in: 0..<7, using: &self) {
            case 0: b[i] ^= 1 << UInt8.random(in: 0...7, using: &self)
            case 1: b[i] = [0, 0xFF, 0x7F, 0x80, 0x01, 0xFE][Int.random(in: 0..<6, using: &self)]
            case 2: b.insert(UInt8.random(in: 0...255, using: &self), at: i)
            case 3: b.remove(at: i)
            case 4:
                let n = Int.random(in: 1...min(64, b.count - i), using: &self)
                b.insert(contentsOf: b[i..<(i + n)], at: Int.random(in: 0...b.count, using: &self))
            case 5: b.removeSubrange(i...)
            default:
                // A big-endian 32-bit field set to a huge or zero value (sizes, lengths, counts).
                if i + 4 <= b.count {
                    let v: [UInt8] = Bool.random(using: &self) ? [0x7F, 0xFF, 0xFF, 0xFF] : [0, 0, 0, 0]
                    b.replaceSubrange(i..<(i + 4), with: v)
                }
            }
        }
        return b
    }
}
