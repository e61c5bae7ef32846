import Foundation
#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// Reading a child process's pipes without trapping.
///
/// swift-corelibs-foundation's `FileHandle.readDataToEndOfFile()` and `availableData` end the process with a fatal
/// error when `read(2)` fails, and `read(2)` on a pipe fails with `EINTR` when a signal arrives before any byte does
/// (a child's `SIGCHLD` while tests start processes on several threads). The whole test run then died with
/// "Interrupted system call" on a reader thread, as if a test had crashed. These readers retry an interrupted read,
/// as POSIX asks of its callers, and treat any other error as the end of the data.
extension FileHandle {
    /// Everything up to the end of the file (a pipe's writer closing it).
    ///
    /// - Complexity: O(n) in the bytes read.
    public func readToEndRetryingInterrupts() -> Data {
        var data = Data()
        while true {
            let chunk = readChunkRetryingInterrupts()
            if chunk.isEmpty { return data }
            data.append(chunk)
        }
    }

    /// The bytes available now, waiting for at least one; empty at the end of the file (what `availableData` returns).
    public func readChunkRetryingInterrupts(maximumLength: Int = 1 << 16) -> Data {
        var buffer = [UInt8](repeating: 0, count: maximumLength)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(fileDescriptor, $0.baseAddress, maximumLength) }
            if count > 0 { return Data(buffer[0..<count]) }
            if count < 0 && errno == EINTR { continue }
            return Data()
        }
    }
}
