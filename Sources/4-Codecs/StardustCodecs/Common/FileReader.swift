#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole input files with POSIX calls. Only regular files are read: a FIFO, a device, a socket
/// or a folder is refused before anything blocks on it (the file is opened non-blocking and checked
/// with `fstat` before the first read).
public enum FileReader {
    /// What kind of file system object `mode` describes, in plain words ("a FIFO (named pipe)").
    public static func kindName(mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    /// The kind of the object at `path` (following links), or nil when nothing is there.
    public static func kind(ofPath path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return kindName(mode: st.st_mode)
    }

    /// The contents of the regular file at `path`, at most `maxBytes` long. Throws
    /// ``CodecError/cannotRead(path:reason:)`` when it is missing, unreadable, not a regular file or too large.
    public static func readAll(_ path: String, maxBytes: Int = 2_000_000_000) throws -> [UInt8] {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw CodecError.cannotRead(path: path, reason: errnoText()) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw CodecError.cannotRead(path: path, reason: errnoText()) }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw CodecError.cannotRead(path: path, reason: "it is \(kindName(mode: st.st_mode)), not a regular file")
        }
        let limitText = maxBytes >= 1 << 30 ? "\(maxBytes / 1_000_000_000) GB" : "\(maxBytes >> 20) MiB"
        guard st.st_size <= maxBytes else { throw CodecError.cannotRead(path: path, reason: "the file is over \(limitText)") }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        // The size `fstat` gave, plus one byte to see the end (or that the file grew), read straight into the
        // array's uninitialized storage: no zeroed chunk and no copy out of it (docs/BENCHMARKS.md, "lottie",
        // fifteenth round). A file that grew since `fstat` goes on in chunks as before.
        var out = try [UInt8](unsafeUninitializedCapacity: Int(st.st_size) + 1) { buffer, count in
            count = try fill(buffer.baseAddress!, capacity: buffer.count, from: fd, path: path)
        }
        guard out.count <= maxBytes else { throw CodecError.cannotRead(path: path, reason: "the file is over \(limitText)") }
        if out.count <= Int(st.st_size) { return out }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw CodecError.cannotRead(path: path, reason: errnoText()) }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
            guard out.count <= maxBytes else { throw CodecError.cannotRead(path: path, reason: "the file is over \(limitText)") }
        }
        return out
    }

    /// The first `maxBytes` bytes (or fewer) of the regular file at `path`, for reading a header.
    /// Throws ``CodecError/cannotRead(path:reason:)`` like ``readAll(_:maxBytes:)``.
    public static func readPrefix(_ path: String, maxBytes: Int) throws -> [UInt8] {
        let fd = try openRegular(path)
        defer { close(fd) }
        return try [UInt8](unsafeUninitializedCapacity: max(maxBytes, 0)) { buffer, count in
            count = buffer.count > 0 ? try fill(buffer.baseAddress!, capacity: buffer.count, from: fd, path: path) : 0
        }
    }

    /// Reads from `fd` into `base` until `capacity` bytes are there or the file ends (retrying interrupted reads);
    /// returns how many were read.
    private static func fill(_ base: UnsafeMutablePointer<UInt8>, capacity: Int, from fd: Int32, path: String) throws -> Int {
        var count = 0
        while count < capacity {
            let n = read(fd, base + count, capacity - count)
            if n < 0 { if errno == EINTR { continue }; throw CodecError.cannotRead(path: path, reason: errnoText()) }
            if n == 0 { break }
            count += n
        }
        return count
    }

    /// Opens `path` for reading without blocking and checks that it is a regular file; the descriptor is blocking on return.
    static func openRegular(_ path: String) throws -> Int32 {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw CodecError.cannotRead(path: path, reason: errnoText()) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { let r = errnoText(); close(fd); throw CodecError.cannotRead(path: path, reason: r) }
        guard st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw CodecError.cannotRead(path: path, reason: "it is \(kindName(mode: st.st_mode)), not a regular file")
        }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return fd
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
