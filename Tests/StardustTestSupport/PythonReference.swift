import Foundation

/// Runs a reference renderer written in Python (``SkiaReference``, ``CairoReference``): the process, the probe for
/// its module, and the size check of the frame it prints. One place, so each reference holds only its prelude,
/// epilogue and tolerances.
public enum PythonReference {
    /// A failure to run a reference renderer (never a tolerance failure: those are the test's `#expect`s).
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `program` with `arguments` and returns the `width * height * 4` bytes it writes to standard output;
    /// `name` names the renderer in errors.
    static func frame(name: String, program: String, arguments: [String], width: Int, height: Int) throws -> [UInt8] {
        precondition(width > 0 && height > 0 && width * height <= 16_777_216, "reference frames stay small")
        let (status, out, err) = try run(arguments: ["-c", program] + arguments)
        guard status == 0 else {
            throw Failure(description: "python3 \(name) script failed (exit \(status)): \(String(decoding: err, as: UTF8.self))")
        }
        guard out.count == width * height * 4 else {
            throw Failure(description: "\(name) returned \(out.count) bytes, expected \(width * height * 4)")
        }
        return out
    }

    /// nil when `python3` can `import module`; otherwise why not, with `install` (how to get it).
    static func probe(module: String, package: String, install: String) -> String? {
        do {
            let (status, _, err) = try run(arguments: ["-c", "import \(module)"])
            if status == 0 { return nil }
            let detail = String(decoding: err, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
            return "\(package) is not installed (\(install)): \(detail)"
        } catch {
            return "python3 is not available to run \(package): \(error)"
        }
    }

    /// Runs `python3` with `arguments`.
    static func run(arguments: [String]) throws -> (Int32, [UInt8], Data) {
        let output = try ChildProcess.run(named: "python3", arguments)
        return (output.status, [UInt8](output.stdout), output.stderr)
    }
}
