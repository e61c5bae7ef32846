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
        // Native strings scan their UTF-8 through a pointer: the generic `allSatisfy` and `firstIndex` over a UTF-8
        // view cost about 900 instructions per key path in the Lottie profile (docs/BENCHMARKS.md, "Sixth round").
        if let found = bytes.withContiguousStorageIfAvailable({ b -> (ascii: Bool, dot: Int?) in
            var dot: Int?
            for i in 0..<b.count {
                let c = b[i]
                if c >= 0x80 { return (false, nil) }
                if c == UInt8(ascii: "."), dot == nil { dot = i }
            }
            return (true, dot)
        }), found.ascii {
            guard let offset = found.dot else { return (path[...], path[path.endIndex...]) }
            let dot = bytes.index(bytes.startIndex, offsetBy: offset)
            return (path[path.startIndex..<dot], path[bytes.index(after: dot)...])
        }
        if bytes.allSatisfy({ $0 < 0x80 }) {
            guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")) else { return (path[...], path[path.endIndex...]) }
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
        let a = prefix.utf8, b = path.utf8
        // Through pointers when both are native (the same answer as the byte-wise test below).
        if let answer = a.withContiguousStorageIfAvailable({ pa in
            b.withContiguousStorageIfAvailable { pb -> Bool? in
                for c in pa where c >= 0x80 { return nil }
                for c in pb where c >= 0x80 { return nil }
                guard pb.count >= pa.count else { return false }
                for i in 0..<pa.count where pa[i] != pb[i] { return false }
                return pb.count == pa.count || pb[pa.count] == UInt8(ascii: ".")
            }
        }), let known = answer ?? nil {
            return known
        }
        if a.allSatisfy({ $0 < 0x80 }) && b.allSatisfy({ $0 < 0x80 }) {
            guard b.count >= a.count, b.starts(with: a) else { return false }
            return b.count == a.count || b[b.index(b.startIndex, offsetBy: a.count)] == UInt8(ascii: ".")
        }
        guard path.hasPrefix(prefix) else { return false }
        if path.count == prefix.count { return true }
        return path[path.index(path.startIndex, offsetBy: prefix.count)] == "."
    }
}
