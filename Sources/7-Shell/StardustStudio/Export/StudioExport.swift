import Foundation
import Stardust

/// The export buttons: the edited scene (every edit on the whole timeline) rendered by ``RenderJob`` — the
/// code `stardust render` runs — to a GIF, an APNG or (with ffmpeg) an MP4, so the download is the same bytes
/// the command writes for the same scene.
enum StudioExport {
    /// Formats offered: `gif`, `apng`, `mp4` when an `ffmpeg` executable is on the `PATH`, `json` and `swift`.
    static var availableFormats: [String] { ["gif", "apng"] + (ffmpegIsInstalled ? ["mp4"] : []) + ["json", "swift"] }

    /// Formats rendered to frames by ``render(_:format:threads:)``.
    static var movieFormats: [String] { ["gif", "apng"] + (ffmpegIsInstalled ? ["mp4"] : []) }

    /// The Swift download: ``SwiftExporter``'s source for `scene`, with the header `stardust export-swift` writes
    /// for the same source (`stardust export-swift snow`, or the file's path), so the bytes are the command's.
    /// The pictures the source names (a preset's drawn images, a scene's files) are not part of the download;
    /// `stardust export-swift -o` writes them beside the source.
    static func swift(_ scene: Scene, source: StudioSource) -> String {
        SwiftExporter.export(scene, command: "stardust export-swift \(source.label)").source
    }

    static let ffmpegIsInstalled: Bool = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/ffmpeg") }
    }()

    /// The MIME type of a download.
    static func contentType(_ format: String) -> String {
        switch format {
        case "gif": return "image/gif"
        case "apng": return "image/apng"
        case "mp4": return "video/mp4"
        case "swift": return "text/x-swift; charset=utf-8"
        case "json": return "application/json"
        default: return "application/octet-stream"
        }
    }

    /// Renders `scene` to `format` in a private temporary folder and returns the file's bytes.
    /// One export of a document runs at a time (`gate`, the document's ``StudioDocument/exportGate``); a second one at
    /// once is refused (the page retries). The gate is the document's, not the process's: two studios in one process
    /// (a test run's) export independently, as two studio processes would.
    static func render(_ scene: Scene, format: String, threads: Int = 0, gate: NSLock) throws -> [UInt8] {
        guard movieFormats.contains(format) else {
            throw StudioEditError("\(format) is not an export format here (\(availableFormats.joined(separator: ", "))).")
        }
        guard gate.try() else { throw StudioEditError("another export is running; try again when it is done.") }
        defer { gate.unlock() }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-studio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        // Removed when done, and by the signal handlers if the studio is stopped mid-export (docs/HOSTILE-INPUT.md, rule 6).
        TemporaryFiles.register(folder: dir.path)
        defer { try? FileManager.default.removeItem(at: dir); TemporaryFiles.unregister(folder: dir.path) }
        let name = (scene.name.isEmpty ? "scene" : scene.name).filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        let path = dir.appendingPathComponent("\(name.isEmpty ? "scene" : name).\(format)").path
        let job = RenderJob(scene: scene, threads: threads)
        do {
            try job.write(to: path)
        } catch let e as RenderJobError {
            throw StudioEditError(e.description)
        }
        return try FileReader.readAll(path, maxBytes: 1 << 31)
    }
}
