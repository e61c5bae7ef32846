/// Key path spelling rules shared by layers and their subclasses.
public enum LayerKeyPath {
    /// The canonical spelling of a key path: `hidden` → `isHidden`, and
    /// `….rotation` on a transform → `….rotation.z` (Core Animation's aliases),
    /// so that animations on aliases compose as one key path.
    public static func canonical(_ keyPath: String) -> String {
        if keyPath == "hidden" { return "isHidden" }
        if keyPath == "transform.rotation" || keyPath == "sublayerTransform.rotation" { return keyPath + ".z" }
        return keyPath
    }

    /// Splits `a.b.c` into `a` and `b.c` (the rest is empty when there is no dot).
    ///
    /// Complexity: O(length); an ASCII path (every key path in practice) is searched byte by byte, which gives the
    /// same split as searching by `Character` (a `.` never joins a neighbour into one grapheme in ASCII) without
    /// the grapheme breaking: this runs for every property lookup.
    public static func split<S: StringProtocol>(_ path: S) -> (head: Substring, rest: Substring) where S.SubSequence == Substring {
        let bytes = path.utf8
        // Scanned through a pointer: the generic scan over a UTF-8 view cost about 900 instructions per key path in the
        // Lottie profile (docs/BENCHMARKS.md, "Sixth round"). Native strings (all of them on Linux) lend theirs; any
        // other string takes the search by `Character` below, which gives the same split.
        if let found = bytes.withContiguousStorageIfAvailable(firstDot), found.ascii {
            guard let offset = found.dot else { return (path[...], path[path.endIndex...]) }
            let dot = bytes.index(bytes.startIndex, offsetBy: offset)
            return (path[path.startIndex..<dot], path[bytes.index(after: dot)...])
        }
        if let dot = path.firstIndex(of: ".") {
            return (path[path.startIndex..<dot], path[path.index(after: dot)...])
        }
        return (path[...], path[path.endIndex...])
    }

    /// Whether `prefix` is `path` or a dot-separated ancestor of it (`transform` of `transform.scale.x`).
    /// Complexity: O(length); ASCII paths (every key path in practice) are compared byte by byte, which gives the
    /// same answer as comparing by `Character` without the grapheme breaking: this runs for every animated property
    /// of every layer at every frame.
    public static func isPrefix(_ prefix: String, of path: String) -> Bool {
        // Through pointers when both are native (all strings on Linux); otherwise, or when either is not ASCII, by
        // `Character` below, which gives the same answer.
        let known = prefix.utf8.withContiguousStorageIfAvailable { pa in
            path.utf8.withContiguousStorageIfAvailable { pb in asciiIsPrefix(pa, of: pb) }
        }
        if let native = known, let pair = native, let answer = pair { return answer }
        guard path.hasPrefix(prefix) else { return false }
        if path.count == prefix.count { return true }
        return path[path.index(path.startIndex, offsetBy: prefix.count)] == "."
    }

    /// Whether every byte is ASCII, and the offset of the first `.`, in one pass.
    private static func firstDot(_ bytes: UnsafeBufferPointer<UInt8>) -> (ascii: Bool, dot: Int?) {
        var dot: Int?, i = 0
        for c in bytes {
            if c >= 0x80 { return (false, nil) }
            if c == UInt8(ascii: "."), dot == nil { dot = i }
            i += 1
        }
        return (true, dot)
    }

    /// ``isPrefix(_:of:)`` on the bytes of two ASCII paths; `nil` when either is not ASCII.
    private static func asciiIsPrefix(_ a: UnsafeBufferPointer<UInt8>, of b: UnsafeBufferPointer<UInt8>) -> Bool? {
        for c in a where c >= 0x80 { return nil }
        for c in b where c >= 0x80 { return nil }
        guard b.count >= a.count else { return false }
        for i in 0..<a.count where a[i] != b[i] { return false }
        return b.count == a.count || b[a.count] == UInt8(ascii: ".")
    }
}
