#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names, independent of how it is spelled (docs/HOSTILE-INPUT.md, rule 2): an existing
/// file by its device and inode (links resolved, so a symbolic or hard link to a file is that file), a file
/// not yet written by its folder's device and inode plus its name there (so `d/x.png`, `./d/x.png` and
/// `link-to-d/x.png` are one future file).
public struct FileIdentity: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case existing(device: UInt64, inode: UInt64)
        case entry(folderDevice: UInt64, folderInode: UInt64, name: String)
    }

    let kind: Kind

    /// The identity of `path` (for a path below folders not yet made: the nearest existing folder and the rest of
    /// the path); `nil` only when not even the current or root folder can be read.
    public init?(path: String) { self.init(path: path, byLocation: false) }

    /// The identity of the place `path` names — its folder's device and inode and its name there, after links —
    /// whether or not a file is there yet. A file's ``init(path:)`` changes when it is first written; this does not,
    /// so claims made over time (the jobs of a batch) compare both.
    public static func location(of path: String) -> FileIdentity? { FileIdentity(path: path, byLocation: true) }

    init?(path: String, byLocation: Bool) {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        // A dangling symbolic link is the file it will create: follow links (at most 16) to a path that is not one.
        for _ in 0..<16 {
            var st = stat()
            if !byLocation, stat(path, &st) == 0 {
                kind = .existing(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
                return
            }
            guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK, let target = Self.readLink(path) else { break }
            path = target.hasPrefix("/") ? target : AtomicFile.directory(of: path) + "/" + target
        }
        // Not there yet (or its location asked for): the nearest folder that exists, and the rest of the path below it.
        var rest = [path.split(separator: "/").last.map(String.init) ?? path]
        var folderPath = AtomicFile.directory(of: path)
        var folder = stat()
        while stat(folderPath, &folder) != 0 {
            guard folderPath != "." && folderPath != "/" else { return nil }
            rest.insert(folderPath.split(separator: "/").last.map(String.init) ?? folderPath, at: 0)
            folderPath = AtomicFile.directory(of: folderPath)
        }
        kind = .entry(folderDevice: UInt64(folder.st_dev), folderInode: UInt64(folder.st_ino), name: rest.joined(separator: "/"))
    }

    static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let n = readlink(path, &buffer, 4096)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Every file a command reads and writes, compared by ``FileIdentity``: an output never replaces an input or
/// another output of the same command (docs/HOSTILE-INPUT.md, rule 2). Each command registers its inputs (a
/// scene file, the images it reads, a picture, frame files to join) and then each output (a file, every frame
/// file a folder output will hold, a sound track, images written beside an export, a report); the first
/// clash throws before anything is written. O(1) per path (a `stat` or two and a hash lookup).
public struct OutputPlan: Sendable {
    private var inputs: [FileIdentity: String] = [:]
    private var outputs: [FileIdentity: String] = [:]

    public init(inputs: [String] = []) {
        for i in inputs { addInput(i) }
    }

    /// Registers a file the command reads (ignored when it does not exist: it cannot be overwritten).
    public mutating func addInput(_ path: String) {
        guard let id = FileIdentity(path: path), case .existing = id.kind, inputs[id] == nil else { return }
        inputs[id] = path
    }

    /// Registers a file the command will write; throws when it is an input or an output already registered.
    public mutating func addOutput(_ path: String) throws {
        guard let id = FileIdentity(path: path) else { return }
        if let input = inputs[id] {
            throw OutputPlanError(output: path, other: input, otherIsInput: true)
        }
        if let other = outputs[id] {
            throw OutputPlanError(output: path, other: other, otherIsInput: false)
        }
        outputs[id] = path
    }

    /// Registers `count` numbered frame files (``PNGSequenceWriter/fileName(index:)``) from `first` in `folder`.
    public mutating func addFrameFolder(_ folder: String, first: Int = 0, count: Int) throws {
        var dir = folder
        while dir.count > 1 && dir.hasSuffix("/") { dir.removeLast() }
        // The folder itself is written into, not replaced: it may not be an input file.
        if let id = FileIdentity(path: dir), let input = inputs[id] {
            throw OutputPlanError(output: folder, other: input, otherIsInput: true)
        }
        for i in first..<(first + max(0, count)) { try addOutput(dir + "/" + PNGSequenceWriter.fileName(index: i)) }
    }
}

/// An output that would replace an input or another output.
public struct OutputPlanError: Error, CustomStringConvertible, Sendable {
    /// The output refused.
    public var output: String
    /// The input or earlier output it would replace (as that path was spelled).
    public var other: String
    /// Whether `other` is an input.
    public var otherIsInput: Bool

    public var description: String {
        otherIsInput
            ? "the output \(output) is the input \(other) (the same file); inputs are never overwritten. Choose another output name."
            : "the outputs \(other) and \(output) are the same file; each output needs a file of its own."
    }
}
