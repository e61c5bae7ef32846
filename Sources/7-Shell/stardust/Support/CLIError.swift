import Foundation

/// An error the tool reports in plain words, with its exit code
/// (docs/DESIGN.md §11: 1 runtime failure, 2 usage or validation error).
struct CLIError: Error, CustomStringConvertible {
    enum Kind { case usage, runtime }
    var kind: Kind
    var message: String
    var description: String { message }

    static func usage(_ m: String) -> CLIError { CLIError(kind: .usage, message: m) }
    static func runtime(_ m: String) -> CLIError { CLIError(kind: .runtime, message: m) }
}

/// Writes a line to standard error. A failure is ignored (there is nowhere left to report it), never a crash.
func printError(_ s: String) {
    var bytes = Array((s.hasSuffix("\n") ? s : s + "\n").utf8)[...]
    while !bytes.isEmpty {
        let n = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return }
        bytes = bytes.dropFirst(n)
    }
}

/// Joins an option and a negative number that follows it (`--at -1` → `--at=-1`), so that a negative
/// value after a space is read as the value rather than as an unknown flag.
func joinNegativeNumbers(_ args: [String]) -> [String] {
    var out: [String] = []
    var i = 0
    while i < args.count {
        let a = args[i]
        if a == "--" { out += args[i...]; break }
        if a.hasPrefix("-"), !a.contains("="), i + 1 < args.count {
            let next = args[i + 1]
            if next.hasPrefix("-"), next.count > 1, Double(next) != nil || next.lowercased() == "-inf" || next.lowercased() == "-infinity" {
                out.append(a.hasPrefix("--") ? "\(a)=\(next)" : a)
                if !a.hasPrefix("--") { out.append(next) }
                i += 2
                continue
            }
        }
        out.append(a)
        i += 1
    }
    return out
}
