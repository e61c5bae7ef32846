/// A path's last component, folder and extension, computed on its Unicode scalars.
///
/// Why not `NSString`'s path methods: swift-corelibs-foundation's `lastPathComponent`, `deletingLastPathComponent`,
/// `pathExtension` and `deletingPathExtension` trap on some paths with a doubled slash before a non-ASCII last
/// character (`"a//é"`), and such names come from users and strangers (a file name on the command line, a Lottie
/// layer's source, a ZIP entry). A "/" is one scalar that never combines into another character's bytes, so splitting
/// the scalars at "/" is exact. The results are those Apple documents for `NSString` (`PathTextTests` checks its examples).
public enum PathText {
    /// The scalars of `path` up to its trailing slashes.
    private static func trimmedEnd(_ u: String.UnicodeScalarView) -> String.UnicodeScalarView.Index {
        var end = u.endIndex
        while end > u.startIndex, u[u.index(before: end)] == "/" { end = u.index(before: end) }
        return end
    }

    /// Where the last component starts, for a path that ends (trailing slashes removed) at `end`.
    private static func componentStart(_ u: String.UnicodeScalarView, end: String.UnicodeScalarView.Index) -> String.UnicodeScalarView.Index {
        var start = end
        while start > u.startIndex, u[u.index(before: start)] != "/" { start = u.index(before: start) }
        return start
    }

    /// The text after the last "/", trailing slashes ignored: `"a/b.json"` → `"b.json"`, `"a/b/"` → `"b"`,
    /// `"/"` → `"/"`, `""` → `""`. O(length).
    public static func lastComponent(_ path: String) -> String {
        let u = path.unicodeScalars
        let end = trimmedEnd(u)
        if end == u.startIndex { return path.isEmpty ? "" : "/" }
        return String(u[componentStart(u, end: end)..<end])
    }

    /// The path without its last component and the slashes before it: `"a/b"` → `"a"`, `"/a"` → `"/"`, `"a"` → `""`.
    /// O(length).
    public static func deletingLastComponent(_ path: String) -> String {
        let u = path.unicodeScalars
        let end = trimmedEnd(u)
        if end == u.startIndex { return path.isEmpty ? "" : "/" }
        var folderEnd = componentStart(u, end: end)
        while folderEnd > u.startIndex, u[u.index(before: folderEnd)] == "/" { folderEnd = u.index(before: folderEnd) }
        if folderEnd == u.startIndex { return u.first == "/" ? "/" : "" }
        return String(u[..<folderEnd])
    }

    /// The last component's extension: the text after its last ".", unless that dot starts it (`".profile"` has
    /// none). `"a/b.tar.gz"` → `"gz"`. O(length).
    public static func pathExtension(_ path: String) -> String {
        let u = path.unicodeScalars
        let end = trimmedEnd(u)
        guard let dot = extensionDot(u, end: end) else { return "" }
        return String(u[u.index(after: dot)..<end])
    }

    /// The path without its last component's extension and trailing slashes: `"a/b.json"` → `"a/b"`. O(length).
    public static func deletingPathExtension(_ path: String) -> String {
        let u = path.unicodeScalars
        let end = trimmedEnd(u)
        if end == u.startIndex { return path.isEmpty ? "" : "/" }
        return String(u[..<(extensionDot(u, end: end) ?? end)])
    }

    /// The dot that starts the extension of the last component ending at `end`, if it has one.
    private static func extensionDot(_ u: String.UnicodeScalarView, end: String.UnicodeScalarView.Index) -> String.UnicodeScalarView.Index? {
        let start = componentStart(u, end: end)
        var i = end
        while i > start {
            i = u.index(before: i)
            if u[i] == "." { return i == start || u.index(after: i) == end ? nil : i }
        }
        return nil
    }
}
