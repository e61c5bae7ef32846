import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Temporary folders for tests, all inside one folder per test process that is removed when the process exits.
///
/// A test that forgets its `defer`, throws before reaching it, or hands a folder to code that outlives the test
/// still leaves nothing behind: a stranger's `swift test` must not fill the system's temporary folder (each run
/// used to leave about fifty folders there). A process that is killed keeps its folder, named after its process id.
public enum ScratchFolder {
    /// `<system temporary folder>/stardust-tests-<process id>`, created on first use; removed at exit.
    public static let root: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("stardust-tests-\(ProcessInfo.processInfo.processIdentifier)")
        atexit { try? FileManager.default.removeItem(at: ScratchFolder.root) }
        return url
    }()

    /// A fresh empty folder `root/<tag>-<UUID>`.
    public static func make(_ tag: String) throws -> URL {
        let url = root.appendingPathComponent("\(tag)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A path `root/<tag>-<UUID><suffix>` that does not exist yet (for a single file a test writes itself).
    public static func path(_ tag: String, suffix: String = "") throws -> URL {
        try createdRoot().appendingPathComponent("\(tag)-\(UUID().uuidString)\(suffix)")
    }

    /// ``root``, created if needed: a short path, for a child process's `TMPDIR` (Chromium puts a Unix socket
    /// there, and a socket's path may not exceed 107 bytes).
    public static func createdRoot() throws -> URL {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }
}
