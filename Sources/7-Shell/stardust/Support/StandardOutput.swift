import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Standard output as a file that can fail (docs/HOSTILE-INPUT.md, rule 5): `stardust trace > /dev/full`, a reader
/// that quit (`| head -1`) or a closed descriptor end the command with exit 1 and one line on standard error, as any
/// Unix tool does, instead of a crash. SIGPIPE is ignored so that a write to a closed pipe returns EPIPE; every
/// command writes through ``write(_:)``, which checks each `write(2)`.
enum StandardOutput {
    /// Ignores SIGPIPE and keeps descriptors 0–2 occupied: a closed standard output is remembered and
    /// `/dev/null` holds its number, so no file the command opens can become "standard output" by accident.
    static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        for fd: Int32 in [0, 1, 2] where fcntl(fd, F_GETFD) == -1 {
            if fd == 1 { isClosed = true }
            let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if null >= 0 && null != fd { dup2(null, fd); close(null) }
        }
    }

    /// Whether the command started with standard output closed.
    nonisolated(unsafe) private(set) static var isClosed = false

    /// Writes `text` whole, or throws a runtime error naming the cause (EPIPE, ENOSPC, EBADF, …).
    static func write(_ text: String) throws {
        fflush(nil)  // whatever `print` left in a buffer goes first
        guard !isClosed else { throw failure(EBADF) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(errno)
            }
            bytes = bytes.dropFirst(n)
        }
    }

    /// Writes `text` and a newline.
    static func line(_ text: String) throws { try write(text + "\n") }

    /// Flushes what `print` buffered (ArgumentParser's help); throws when it could not be written.
    static func finish() throws {
        if isClosed { return }
        errno = 0
        if fflush(nil) != 0 { throw failure(errno == 0 ? EIO : errno) }
    }

    static func failure(_ code: Int32) -> CLIError {
        CLIError.runtime("cannot write to standard output: \(String(cString: strerror(code))).")
    }
}
