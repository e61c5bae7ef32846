import Foundation
import Stardust

/// Uploaded scene and effect files, kept in a private folder (mode 0700) for the life of the process so that
/// the document can rebuild from them. The folder is registered with ``TemporaryFiles``, so it is removed on every
/// exit path of the `stardust` tool: a normal exit, an error, SIGINT, SIGTERM, SIGHUP (docs/HOSTILE-INPUT.md, rule 6).
enum StudioUploads {
    static let folder: URL = {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-studio-uploads-\(getpid())-\(UUID().uuidString.prefix(8))")
        TemporaryFiles.register(folder: d.path)
        try? FileManager.default.createDirectory(at: d, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return d
    }()

    /// Writes `bytes` as a new `upload-N.KIND` file and returns its path.
    static func store(_ bytes: [UInt8], kind: String) throws -> String {
        let url = folder.appendingPathComponent("upload-\(UUID().uuidString.prefix(12)).\(kind)")
        try Data(bytes).write(to: url, options: .withoutOverwriting)
        return url.path
    }
}
