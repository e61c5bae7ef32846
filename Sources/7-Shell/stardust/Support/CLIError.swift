import Foundation

/// An error the tool reports in plain words, with its exit code
/// (SPEC §11: 1 runtime failure, 2 usage or validation error).
struct CLIError: Error, CustomStringConvertible {
    enum Kind { case usage, runtime }
    var kind: Kind
    var message: String
    var description: String { message }

    static func usage(_ m: String) -> CLIError { CLIError(kind: .usage, message: m) }
    static func runtime(_ m: String) -> CLIError { CLIError(kind: .runtime, message: m) }
}

/// Writes a line to standard error.
func printError(_ s: String) {
    FileHandle.standardError.write(Data((s.hasSuffix("\n") ? s : s + "\n").utf8))
}
