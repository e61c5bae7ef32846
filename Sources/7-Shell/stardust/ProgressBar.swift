import Foundation

/// A one-line progress bar on standard error, drawn only when standard error
/// is a terminal (and not `--quiet`), so logs and pipes stay clean. Used by `stardust render`, `snap`,
/// `join` and `batch`; the library reports progress through callbacks and draws nothing (docs/ARCHITECTURE.md).
final class ProgressBar {
    private let total: Int
    private let label: String
    private let enabled: Bool
    private var lastDrawn = -1

    /// A bar for `total` steps, introduced by `label`, drawn unless `quiet` or standard error is not a terminal.
    init(total: Int, label: String, quiet: Bool) {
        self.total = max(total, 1)
        self.label = label
        self.enabled = !quiet && isatty(STDERR_FILENO) == 1
    }

    /// Redraws the bar with `done` steps finished (only when the drawn bar changes).
    func update(_ done: Int) {
        guard enabled else { return }
        let width = 30
        let filled = min(width, done * width / total)
        guard filled != lastDrawn || done == total else { return }
        lastDrawn = filled
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(done)/\(total)".utf8))
    }

    /// Erases the bar's line.
    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}
