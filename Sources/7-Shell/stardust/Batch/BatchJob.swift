import Foundation
import Stardust

/// One line of a batch manifest (docs/BATCH.md): what to render, where, with which overrides.
struct BatchJob: Sendable {
    /// The job's name in the report: the line's `"id"`, or `line N`.
    var id: String
    /// The 1-based line of the manifest.
    var line: Int
    /// A preset name, a scene file, an effect file (paths relative to the manifest's folder).
    var input: String
    /// The output file or folder (format from the name, as `stardust render -o` reads it).
    var output: String
    var size: Size?
    var frames: ClosedRange<Int>?
    var at: Double?
    var fps: Double?
    var duration: Double?
    var seed: UInt64?
    /// The day seasonal switches are decided for (`"date"`); nil: not decided.
    var date: Date?
    /// Parameters by key path: `"LAYER.KEYPATH"` of a named layer (`"greeting.string"`, `"title.foregroundColor"`).
    var parameters: [(key: String, value: JSONValue)] = []
}

/// A problem with one job, named by the manifest line and the JSON path of the value.
struct BatchJobError: Error, CustomStringConvertible {
    /// `set["greeting.string"]`, `size`, … ("" for the line as a whole).
    var path: String
    var message: String
    /// The job's `"id"` when the line names one.
    var id: String? = nil
    var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
