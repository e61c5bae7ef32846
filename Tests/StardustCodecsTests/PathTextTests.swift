import StardustCodecs
import Testing

/// `PathText` gives the answers Apple's documentation of `NSString`'s path methods gives (its examples, below), and
/// answers without trapping for the paths on which swift-corelibs-foundation's own path methods trap
/// (docs/HOSTILE-INPUT.md): Foundation cannot be the oracle here, as it traps on some of them.
@Suite struct PathTextTests {
    // Apple's examples (NSString, "Working with Paths").
    @Test(arguments: [("/tmp/scratch.tiff", "scratch.tiff"), ("/tmp/scratch", "scratch"), ("/tmp/", "tmp"),
                      ("scratch///", "scratch"), ("/", "/")])
    func lastComponent(_ path: String, _ expected: String) { #expect(PathText.lastComponent(path) == expected) }

    @Test(arguments: [("/tmp/scratch.tiff", "/tmp"), ("/tmp/lock/", "/tmp"), ("/tmp/", "/"), ("/tmp", "/"), ("/", "/"),
                      ("scratch.tiff", "")])
    func deletingLastComponent(_ path: String, _ expected: String) { #expect(PathText.deletingLastComponent(path) == expected) }

    @Test(arguments: [("/tmp/scratch.tiff", "tiff"), (".scratch.tiff", "tiff"), ("/tmp/scratch", ""), ("/tmp/", ""),
                      ("/scratch..tiff", "tiff"), ("/scratch.tiff/", "tiff"), (".tiff", ""), ("/", "")])
    func pathExtension(_ path: String, _ expected: String) { #expect(PathText.pathExtension(path) == expected) }

    @Test(arguments: [("/tmp/scratch.tiff", "/tmp/scratch"), ("/tmp/", "/tmp"), ("scratch.bundle/", "scratch"),
                      ("scratch..tiff", "scratch."), (".tiff", ".tiff"), ("/", "/")])
    func deletingPathExtension(_ path: String, _ expected: String) { #expect(PathText.deletingPathExtension(path) == expected) }

    /// corelibs Foundation traps on these (a doubled slash before a non-ASCII last character, and in debug builds even
    /// `"a"`); a file name, a Lottie layer's source or a ZIP entry may be any of them.
    @Test func pathsFoundationTrapsOnAreSplitAtTheirSlashes() {
        #expect(PathText.lastComponent("a//é") == "é")
        #expect(PathText.lastComponent("//é") == "é")
        #expect(PathText.deletingLastComponent("a//é") == "a")
        #expect(PathText.deletingLastComponent("//é") == "/")
        #expect(PathText.deletingLastComponent("é//") == "")
        #expect(PathText.deletingLastComponent("a") == "")
        #expect(PathText.pathExtension("a//é") == "")
        #expect(PathText.deletingPathExtension("a//é.json") == "a//é")
        #expect(PathText.lastComponent("café/crème.json") == "crème.json")
        // A combining mark after a slash makes one Character with it, but the slash is still a separator.
        #expect(PathText.lastComponent("a/\u{301}b") == "\u{301}b")
    }
}
