#if canImport(Glibc)
import Glibc
#endif

/// Reads whole files with POSIX calls.
enum FileReader {
    /// The contents of `path`. Throws ``CodecError/io(path:reason:)`` on failure; files over 2 GB are refused.
    static func readAll(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CodecError.io(path: path, reason: "cannot open it for reading (\(AtomicFile.errnoText()))") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw CodecError.io(path: path, reason: AtomicFile.errnoText()) }
        guard st.st_mode & S_IFMT == S_IFREG else { throw CodecError.io(path: path, reason: "it is not a regular file") }
        guard st.st_size <= 2_000_000_000 else { throw CodecError.io(path: path, reason: "the file is over 2 GB") }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw CodecError.io(path: path, reason: AtomicFile.errnoText()) }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
            guard out.count <= 2_000_000_000 else { throw CodecError.io(path: path, reason: "the file is over 2 GB") }
        }
        return out
    }
}
