#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Atomic file output: data goes to a temporary file in the destination's directory, which is then
/// renamed over the final name, so an error or an interruption never leaves a truncated file there.
///
/// Temporary files are named `.<name>.tmp-<pid>-<random>` and are removed on every failure path.
public enum AtomicFile {
    /// Writes `bytes` to `path` atomically. Throws ``CodecError/io(path:reason:)`` when the directory
    /// does not exist or is not writable; nothing is left behind in that case. O(bytes).
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let writer = try AtomicFileWriter(path: path)
        try writer.write(bytes)
        try writer.commit()
    }

    /// Throws when `output` names the same file as `input` (after resolving links), so an export can
    /// never overwrite its own source. A non-existent `output` is always fine.
    public static func ensureDistinct(output: String, from input: String) throws {
        var plan = OutputPlan(inputs: [input])
        do { try plan.addOutput(output) } catch {
            throw CodecError.io(path: output, reason: "it is the input file \(input), which is never overwritten")
        }
    }

    /// Throws unless `path` is free or names a regular file (after resolving links): an output never
    /// replaces a device, a FIFO, a socket or a folder.
    public static func ensureReplaceable(_ path: String) throws {
        var st = stat()
        guard stat(path, &st) == 0 else { return }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw CodecError.io(path: path, reason: "it is \(FileReader.kindName(mode: st.st_mode)); an output replaces only a regular file")
        }
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }

    /// The directory part of `path` ("." when there is none).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }
}

/// A temporary file that becomes `path` on ``commit()``; discarded if never committed.
///
/// Used for outputs written in pieces (animated GIF, APNG). Not thread-safe.
public final class AtomicFileWriter {
    /// The final path.
    public let path: String
    let temporaryPath: String
    private var fd: Int32
    private var done = false
    /// Bytes written so far.
    public private(set) var offset = 0

    /// Creates the temporary file beside `path`.
    public init(path: String) throws {
        guard !path.isEmpty, !path.hasSuffix("/") else { throw CodecError.io(path: path, reason: "the path names no file") }
        try AtomicFile.ensureReplaceable(path)
        self.path = path
        let dir = AtomicFile.directory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var opened: Int32 = -1
        var candidate = ""
        for _ in 0..<8 {
            candidate = "\(dir)/.\(name).tmp-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
            opened = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if opened >= 0 || errno != EEXIST { break }
        }
        guard opened >= 0 else { throw CodecError.io(path: path, reason: AtomicFile.errnoText()) }
        fd = opened
        temporaryPath = candidate
        TemporaryFiles.register(candidate)
    }

    deinit { if !done { discard() } }

    /// Appends `bytes`.
    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Appends raw bytes.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard !done else { throw CodecError.io(path: path, reason: "the file was already finished") }
        var written = 0
        while written < bytes.count {
            let n = systemWrite(fd, bytes.baseAddress! + written, bytes.count - written)
            if n < 0 {
                if errno == EINTR { continue }
                let reason = AtomicFile.errnoText()
                discard()
                throw CodecError.io(path: path, reason: reason)
            }
            written += n
        }
        offset += written
    }

    /// Overwrites already written bytes at `position` (e.g. a frame count patched at the end).
    public func overwrite(_ bytes: [UInt8], at position: Int) throws {
        guard !done, position >= 0, position + bytes.count <= offset else {
            throw CodecError.io(path: path, reason: "cannot patch bytes outside the written range")
        }
        let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(position)) }
        if n != bytes.count {
            let reason = AtomicFile.errnoText()
            discard()
            throw CodecError.io(path: path, reason: reason)
        }
    }

    /// Closes the temporary file and renames it to ``path``.
    public func commit() throws {
        guard !done else { throw CodecError.io(path: path, reason: "the file was already finished") }
        done = true
        defer { TemporaryFiles.unregister(temporaryPath) }
        if close(fd) != 0 {
            let reason = AtomicFile.errnoText()
            unlink(temporaryPath)
            throw CodecError.io(path: path, reason: reason)
        }
        // Checked again at the last moment: something else may have appeared under the name meanwhile.
        do { try AtomicFile.ensureReplaceable(path) } catch { unlink(temporaryPath); throw error }
        if rename(temporaryPath, path) != 0 {
            let reason = AtomicFile.errnoText()
            unlink(temporaryPath)
            throw CodecError.io(path: path, reason: reason)
        }
    }

    /// Closes and removes the temporary file; ``path`` is left untouched.
    public func discard() {
        guard !done else { return }
        done = true
        close(fd)
        unlink(temporaryPath)
        TemporaryFiles.unregister(temporaryPath)
    }
}

/// The POSIX `write` (the name is shadowed inside ``AtomicFileWriter``).
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
