import Foundation
import Stardust

/// Reads a batch manifest: JSON Lines, one job object per line (blank lines and lines starting with `//` are
/// skipped). A line that is not a valid job is kept as a failed job with its error, so that one bad line never
/// stops the others (docs/BATCH.md).
enum BatchManifest {
    /// Most jobs one manifest may hold, and most bytes of one line: a manifest is read whole before work starts.
    static let maxJobs = 1_000_000
    static let maxLineBytes = 1 << 20

    /// One job line: its 1-based line number and the job, or the error that line has.
    typealias Entry = (line: Int, job: Result<BatchJob, BatchJobError>)

    /// The job lines of the manifest text, in order. Paths are resolved against `folder` (the manifest's folder).
    static func parse(_ text: String, folder: String) throws -> [Entry] {
        var out: [Entry] = []
        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("//") { continue }
            guard out.count < maxJobs else { throw CLIError.usage("the manifest has more than \(maxJobs) jobs; split it.") }
            guard line.utf8.count <= maxLineBytes else {
                out.append((lineNumber, .failure(BatchJobError(path: "", message: "line \(lineNumber) is longer than \(maxLineBytes) bytes"))))
                continue
            }
            out.append((lineNumber, Result { try job(line, lineNumber: lineNumber, folder: folder) }.mapError {
                $0 as? BatchJobError ?? BatchJobError(path: "", message: "\($0)")
            }))
        }
        return out
    }

    static let keys: Set<String> = ["id", "input", "output", "size", "frames", "at", "fps", "duration", "seed", "date", "set"]

    /// One job from one line.
    static func job(_ line: String, lineNumber: Int, folder: String) throws -> BatchJob {
        let value: JSONValue
        do { value = try JSONParser.parse(line) } catch {
            throw BatchJobError(path: "", message: "line \(lineNumber) is not a JSON object: \(error)")
        }
        guard case .object(let members) = value else { throw BatchJobError(path: "", message: "line \(lineNumber) is not a JSON object") }
        func member(_ k: String) -> JSONValue? { members.first { $0.key == k }?.value }
        for m in members where !keys.contains(m.key) {
            throw BatchJobError(path: m.key, message: "unknown key; expected one of \(keys.sorted().joined(separator: ", "))")
        }
        func string(_ k: String) throws -> String? {
            guard let v = member(k) else { return nil }
            guard case .string(let s) = v, !s.isEmpty else { throw BatchJobError(path: k, message: "expected a non-empty string") }
            return s
        }
        // The same ranges as the command-line options (docs/HOSTILE-INPUT.md, rule 4).
        func number(_ k: String, _ range: OptionRange) throws -> Double? {
            guard let v = member(k) else { return nil }
            guard case .number(let x) = v, range.contains(x) else {
                throw BatchJobError(path: k, message: "expected a number in \(range.rangeText)")
            }
            return x
        }
        let id = try string("id") ?? "line \(lineNumber)"
        do { return try job(id: id, lineNumber: lineNumber, folder: folder, member: member, string: string, number: number) } catch var e as BatchJobError {
            e.id = id
            throw e
        }
    }

    /// The rest of a job once its id is known.
    static func job(id: String, lineNumber: Int, folder: String, member: (String) -> JSONValue?, string: (String) throws -> String?,
                    number: (String, OptionRange) throws -> Double?) throws -> BatchJob {
        guard let input = try string("input") else { throw BatchJobError(path: "input", message: "missing: a preset name, a scene file or an effect file") }
        guard let output = try string("output") else { throw BatchJobError(path: "output", message: "missing: the file or folder/ to write") }
        var job = BatchJob(id: id, line: lineNumber, input: resolve(input, folder: folder, presetsAllowed: true),
                           output: resolve(output, folder: folder, presetsAllowed: false))
        if let s = member("size") {
            switch s {
            case .string(let text):
                do { job.size = try parseSize(text) } catch { throw BatchJobError(path: "size", message: "\(error)") }
            case .array(let a) where a.count == 2:
                guard case .number(let w) = a[0], case .number(let h) = a[1], OptionRange.sizeSide.contains(w), OptionRange.sizeSide.contains(h) else {
                    throw BatchJobError(path: "size", message: "expected [width, height] in points, each in \(OptionRange.sizeSide.rangeText)")
                }
                job.size = Size(w, h)
            default: throw BatchJobError(path: "size", message: "expected \"WIDTHxHEIGHT\" or [width, height]")
            }
        }
        if let f = try string("frames") {
            do { job.frames = try parseFrames(f) } catch { throw BatchJobError(path: "frames", message: "\(error)") }
        }
        job.at = try number("at", .at)
        job.fps = try number("fps", .renderFPS)
        job.duration = try number("duration", .renderDuration)
        if let s = try number("seed", .seed) { job.seed = UInt64(s) }
        if job.at != nil && job.frames != nil { throw BatchJobError(path: "at", message: "use either at or frames, not both") }
        if let d = try string("date") {
            do { job.date = try parseDate(d) } catch { throw BatchJobError(path: "date", message: "\(error)") }
        }
        if let set = member("set") {
            guard case .object(let params) = set else { throw BatchJobError(path: "set", message: "expected an object of \"LAYER.KEYPATH\": value") }
            job.parameters = params
        }
        return job
    }

    /// A path relative to the manifest's folder, made absolute; a bare preset name stays as it is.
    static func resolve(_ path: String, folder: String, presetsAllowed: Bool) -> String {
        if presetsAllowed, Presets.named(path) != nil { return path }
        if path.hasPrefix("/") { return path }
        let trailing = path.hasSuffix("/") ? "/" : ""
        return URL(fileURLWithPath: folder).appendingPathComponent(path).standardized.path + trailing
    }
}
