import Foundation
import StardustTestSupport
import Testing

/// Hostile input through the built CLI (docs/DESIGN.md §9, §16), each case under a 1 GiB address-space cap and a
/// time bound: nothing hangs, crashes, overwrites an input or reports success on a broken file.
@Suite("Hostile input (CLI)")
struct HostileCLITests {
    /// One case of the corpus: files to write, a command, and what must happen.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var files: @Sendable (URL) throws -> Void
        var args: [String]
        var status: Int32
        /// Words the error must contain (JSON path, flag, cause).
        var says: [String] = []
        /// Files that must be byte-for-byte (and kind-for-kind) unchanged afterwards.
        var untouched: [String] = []
        var seconds = 20
        var testDescription: String { name }
    }

    static func write(_ files: [String: Data]) -> @Sendable (URL) throws -> Void {
        { dir in for (name, data) in files { try data.write(to: dir.appendingPathComponent(name)) } }
    }

    static func fifo(_ name: String, plus files: [String: Data]) -> @Sendable (URL) throws -> Void {
        { dir in
            try write(files)(dir)
            guard mkfifo(dir.appendingPathComponent(name).path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
    }

    static func imageScene(_ ref: String) -> Data { HostileCorpus.json(["layers": [["type": "image", "contents": ref, "bounds": [0, 0, 10, 10]]]]) }
    /// A Lottie file whose one image layer draws `file`, named beside the JSON.
    static func lottieImage(_ file: String) -> Data {
        HostileCorpus.json(["v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100,
                            "assets": [["id": "i", "w": 10, "h": 10, "u": "", "p": file, "e": 0]],
                            "layers": [["ty": 2, "refId": "i", "ip": 0, "op": 30, "st": 0, "ks": [String: Any]()]]])
    }
    static let emitters50 = HostileCorpus.emitters(50, cell: ["birthRate": 1e6, "lifetime": 4, "contents": "builtin:dot"])
    static let giant = HostileCorpus.emitters(1, cell: ["birthRate": 100, "lifetime": 5, "scale": 1000, "contents": "builtin:dot"])
    static let many = HostileCorpus.emitters(2000, cell: ["birthRate": 50, "lifetime": 5, "scale": 2, "contents": "builtin:spark"])
    static let eightBig = HostileCorpus.json(["layers": (0..<8).map { i in
        ["type": "image", "contents": String(repeating: "./", count: i) + "big.png", "bounds": [0, 0, 10, 10]] }])
    static let tiny = HostileCorpus.json(["size": [40, 30], "duration": 0.2, "fps": 10,
                                          "layers": [["type": "image", "contents": "victim.png", "bounds": [0, 0, 10, 10]]]])

    static let cases: [Case] = [
        // Hangs
        Case(name: "FIFO image: validate", files: fifo("fifo.png", plus: ["s.json": imageScene("fifo.png")]),
             args: ["validate", "s.json"], status: 2, says: ["layers[0].contents", "FIFO", "Cannot read"], seconds: 10),
        Case(name: "FIFO image: render", files: fifo("fifo.png", plus: ["s.json": imageScene("fifo.png")]),
             args: ["render", "s.json", "-o", "o.gif", "--quiet"], status: 2, says: ["FIFO"], seconds: 10),
        Case(name: "FIFO image: trace", files: fifo("fifo.png", plus: ["s.json": imageScene("fifo.png")]),
             args: ["trace", "s.json", "--at", "0"], status: 2, says: ["FIFO"], seconds: 10),
        Case(name: "FIFO scene", files: fifo("f.json", plus: [:]), args: ["validate", "f.json"], status: 2, says: ["FIFO", "Cannot read"], seconds: 10),
        Case(name: "FIFO Lottie sticker", files: fifo("f.tgs", plus: [:]), args: ["validate", "f.tgs"], status: 2, says: ["FIFO"], seconds: 10),
        Case(name: "FIFO Lottie image", files: fifo("fifo.png", plus: ["a.json": lottieImage("fifo.png")]), args: ["validate", "a.json"],
             status: 2, says: ["assets[0]", "FIFO"], seconds: 10),
        Case(name: "FIFO effect file", files: fifo("f.pex", plus: [:]), args: ["import", "f.pex"], status: 2, says: ["FIFO"], seconds: 10),
        Case(name: "device scene", files: write([:]), args: ["validate", "/dev/zero"], status: 2, says: ["character device", "Cannot read"]),
        Case(name: "device image", files: write(["s.json": imageScene("/dev/zero")]), args: ["validate", "s.json"], status: 2,
             says: ["layers[0].contents", "Cannot read /dev/zero", "character device"]),
        // Inputs overwritten
        Case(name: "output is an image the scene reads", files: write(["s.json": tiny, "victim.png": HostileCorpus.png(width: 4, height: 4)]),
             args: ["render", "s.json", "--at", "0", "-o", "victim.png", "--quiet"], status: 2, says: ["victim.png", "never overwritten"],
             untouched: ["victim.png", "s.json"]),
        Case(name: "output folder holds the scene's frames", files: { dir in
                 try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
                 try HostileCorpus.json(["size": [40, 30], "duration": 0.2, "fps": 10,
                                         "layers": [["type": "image", "contents": "out/frame_00001.png"]]]).write(to: dir.appendingPathComponent("s.json"))
                 try HostileCorpus.png(width: 4, height: 4).write(to: dir.appendingPathComponent("out/frame_00001.png"))
             }, args: ["render", "s.json", "-o", "out/", "--quiet"], status: 2, says: ["frame_00001.png", "never overwritten"],
             untouched: ["out/frame_00001.png"]),
        Case(name: "JSON scene named x.gif rendered onto itself", files: write(["x.gif": HostileCorpus.json(["duration": 0.1, "size": [20, 20]])]),
             args: ["render", "x.gif", "-o", "x.gif", "--quiet"], status: 2, says: ["scene file", "never overwritten"], untouched: ["x.gif"]),
        Case(name: "output is a symlink to the scene", files: { dir in
                 try HostileCorpus.json(["duration": 0.1, "size": [20, 20]]).write(to: dir.appendingPathComponent("s.json"))
                 try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("l.gif").path, withDestinationPath: "s.json")
             }, args: ["render", "s.json", "-o", "l.gif", "--quiet"], status: 2, says: ["never overwritten"], untouched: ["s.json"]),
        Case(name: "output is a FIFO", files: fifo("o.gif", plus: [:]), args: ["render", "snow", "--frames", "0..0", "-o", "o.gif", "--quiet"],
             status: 2, says: ["FIFO", "only a regular file"], untouched: ["o.gif"]),
        // Crashes
        Case(name: "50 emitters each under the per-emitter budget: validate", files: write(["s.json": emitters50]),
             args: ["validate", "s.json"], status: 2, says: ["layers[0].emitterCells[0].birthRate", "--max-particles"]),
        Case(name: "50 emitters each under the per-emitter budget: render", files: write(["s.json": emitters50]),
             args: ["render", "s.json", "-o", "o.gif", "--quiet"], status: 2, says: ["layers[0].emitterCells[0].birthRate", "--max-particles"]),
        Case(name: "eight 10000² PNGs", files: write(["s.json": eightBig, "big.png": HostileCorpus.png(width: 10000, height: 10000)]),
             args: ["validate", "s.json"], status: 2, says: ["layers[0].contents", "--max-image-mb"]),
        // Unbounded work
        Case(name: "5-frame 10000² GIF as a still image", files: write(["s.json": imageScene("a.gif"), "a.gif": HostileCorpus.gif(width: 10000, height: 10000, frames: 5)]),
             args: ["validate", "s.json"], status: 2, says: ["layers[0].contents", "--max-image-mb"]),
        Case(name: "30-frame 6000² GIF", files: write(["s.json": imageScene("a.gif"), "a.gif": HostileCorpus.gif(width: 6000, height: 6000, frames: 30)]),
             args: ["validate", "s.json"], status: 2, says: ["layers[0].contents"]),
        Case(name: "--fps 240 --duration 3600", files: write([:]), args: ["render", "snow", "--fps", "240", "--duration", "3600", "-o", "o.gif", "--quiet"],
             status: 2, says: ["864000 frames", "--max-frames"]),
        Case(name: "trace of 86.4 M frames", files: write([:]), args: ["trace", "snow", "--fps", "1000", "--duration", "86400"],
             status: 2, says: ["86400000 frames", "--max-frames"]),
        Case(name: "giant particles: validate", files: write(["s.json": giant]), args: ["validate", "s.json"], status: 2,
             says: ["layers[0].emitterCells[0].scale", "--max-coverage"]),
        Case(name: "giant particles: render", files: write(["s.json": giant]), args: ["render", "s.json", "--at", "1", "-o", "o.png", "--quiet"],
             status: 2, says: ["layers[0].emitterCells[0].scale", "--max-coverage"]),
        Case(name: "2000 emitters", files: write(["s.json": many]), args: ["validate", "s.json"], status: 2, says: ["--max-coverage"]),
        Case(name: "16 MB unknown key", files: write(["s.json": Data(("{\"" + String(repeating: "k", count: 15 << 20) + "\": 1}").utf8)]),
             args: ["validate", "s.json"], status: 2, says: ["unknown key", "characters"], seconds: 10),
        // Wrong words
        Case(name: "--at -1 after a space", files: write([:]), args: ["trace", "snow", "--at", "-1"], status: 0),
        Case(name: "text too large to draw", files: write(["s.json": HostileCorpus.json(["scale": 4, "layers": [["type": "text", "string": "Hi", "fontSize": 2000]]])]),
             args: ["validate", "s.json"], status: 2, says: ["layers[0].fontSize"]),
        Case(name: "20000-pt scene", files: write(["s.json": HostileCorpus.json(["size": [20000, 20000]])]), args: ["validate", "s.json"],
             status: 2, says: ["size", "megapixel"]),
    ]

    @Test(arguments: cases)
    func hostileCase(_ c: Case) throws {
        let dir = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try c.files(dir)
        let before = c.untouched.map { snapshot(dir.appendingPathComponent($0).path) }
        let r = try CLIRunner.run(c.args, in: dir, seconds: c.seconds)
        #expect(!r.timedOut, "\(c.name): still running after \(c.seconds) s")
        #expect(r.status == c.status, "\(c.name): exit \(r.status), stderr: \(r.stderr.prefix(500))")
        for word in c.says { #expect(r.stderr.contains(word), "\(c.name): \"\(word)\" missing from: \(r.stderr.prefix(500))") }
        #expect(r.stderr.utf8.count < 2000, "\(c.name): a \(r.stderr.utf8.count)-byte error")
        #expect(!r.stderr.contains("Fatal error"))
        for (name, old) in zip(c.untouched, before) {
            #expect(snapshot(dir.appendingPathComponent(name).path) == old, "\(c.name): \(name) was changed")
        }
        #expect(leftovers(in: dir).isEmpty, "\(c.name): left \(leftovers(in: dir))")
    }

    /// validate predicts render: the same message for the same scene.
    @Test func validateAndRenderSayTheSame() throws {
        let dir = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.emitters50.write(to: dir.appendingPathComponent("s.json"))
        let v = try CLIRunner.run(["validate", "s.json"], in: dir)
        let r = try CLIRunner.run(["render", "s.json", "-o", "o.gif", "--quiet"], in: dir)
        let t = try CLIRunner.run(["trace", "s.json"], in: dir)
        #expect(v.status == 2 && r.status == 2 && t.status == 2)
        #expect(v.stderr == r.stderr && r.stderr == t.stderr)
        // The flag raises the limit for all three.
        let raised = try CLIRunner.run(["validate", "s.json", "--max-particles", "300000000", "--max-coverage", "1000000000"], in: dir)
        #expect(raised.status == 0, "\(raised.stderr)")
    }

    /// A device node given as output stays a device (needs root to create one; skipped otherwise).
    @Test func characterDeviceOutputIsNotReplaced() throws {
        let dir = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let dev = dir.appendingPathComponent("dev.gif").path
        guard mknod(dev, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 else {
            print("skipped: cannot create a character device here (not root)")
            return
        }
        let r = try CLIRunner.run(["render", "snow", "--frames", "0..0", "-o", "dev.gif", "--quiet"], in: dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains("character device"), "\(r.stderr)")
        var st = stat()
        #expect(stat(dev, &st) == 0 && st.st_mode & S_IFMT == S_IFCHR)
    }

    /// ffmpeg that exits 0 but leaves a truncated video (as on a full disk), or exits non-zero: exit 1, no file.
    @Test(arguments: [
        ("truncated mp4", "o.mp4", "printf '\\000\\000\\000\\030ftypisom\\000\\000\\002\\000isomiso2\\000\\000\\020\\000mdat' > \"$last\"; exit 0"),
        ("empty webm", "o.webm", ": > \"$last\"; exit 0"),
        ("ffmpeg fails", "o.mp4", "echo 'No space left on device' >&2; exit 1"),
        ("ffmpeg logs an error", "o.webm", "printf '\\032\\105\\337\\243' > \"$last\"; echo 'Error writing trailer' >&2; exit 0"),
    ])
    func brokenVideoIsAFailure(_ c: (String, String, String)) throws {
        let dir = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = "#!/bin/sh\nfor a in \"$@\"; do last=\"$a\"; done\ncat > /dev/null\n\(c.2)\n"
        try script.write(to: bin.appendingPathComponent("ffmpeg"), atomically: true, encoding: .utf8)
        chmod(bin.appendingPathComponent("ffmpeg").path, 0o755)
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = bin.path + ":/usr/bin:/bin"
        let r = try CLIRunner.run(["render", "snow", "--size", "40x30", "--frames", "0..3", "-o", c.1, "--quiet"], in: dir, environment: env)
        #expect(r.status == 1, "\(c.0): exit \(r.status), \(r.stdout) \(r.stderr)")
        #expect(!r.stdout.contains("wrote"), "\(c.0)")
        #expect(r.stderr.contains("ffmpeg"), "\(c.0): \(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(c.1).path), "\(c.0): the broken video is there")
        #expect(leftovers(in: dir).isEmpty, "\(c.0): left \(leftovers(in: dir))")
    }

    /// SIGINT, SIGTERM or SIGHUP in the middle of a render leaves no temporary file (GIF, and ffmpeg's when installed).
    @Test(arguments: [(SIGINT, "o.gif"), (SIGTERM, "o.gif"), (SIGHUP, "o.gif"), (SIGINT, "o.mp4")])
    func signalRemovesTemporaryFiles(_ c: (Int32, String)) throws {
        if c.1.hasSuffix(".mp4"), FileManager.default.fileExists(atPath: "/usr/bin/ffmpeg") == false {
            print("skipped: ffmpeg is not installed")
            return
        }
        let dir = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let p = Process()
        p.executableURL = CLIRunner.binary
        p.arguments = ["render", "fireworks", "--duration", "60", "--size", "200x200", "-o", c.1, "--quiet"]
        p.currentDirectoryURL = dir
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        // Wait until the temporary file exists (the render is under way): at most 400 naps of 50 ms.
        for _ in 0..<400 where allFiles(in: dir).filter({ $0.contains(".tmp-") || $0.hasPrefix("frames/") }).isEmpty {
            usleep(50_000)
        }
        usleep(300_000)
        kill(p.processIdentifier, c.0)
        // The signal ends the render: at most 1 200 naps of 50 ms (a loaded machine may take a while to schedule it).
        for _ in 0..<1200 where p.isRunning { usleep(50_000) }
        if p.isRunning { kill(p.processIdentifier, SIGKILL); Issue.record("the signal did not end the render") }
        p.waitUntilExit()
        // A GIF render ends by the signal itself. With ffmpeg, the child may see its input close first and the
        // render then ends with status 1 ("ffmpeg failed") — either way nothing may be left behind.
        if c.1.hasSuffix(".gif") {
            #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == c.0, "ended by \(p.terminationReason) \(p.terminationStatus)")
        } else {
            #expect((p.terminationReason == .uncaughtSignal && p.terminationStatus == c.0) || p.terminationStatus == 1)
        }
        usleep(200_000)
        #expect(leftovers(in: dir).isEmpty, "left \(leftovers(in: dir))")
    }

    // MARK: Helpers

    /// Contents and kind of a file (nil when missing), to prove it untouched.
    func snapshot(_ path: String) -> String? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        let data = (st.st_mode & S_IFMT == S_IFREG) ? (FileManager.default.contents(atPath: path)?.base64EncodedString() ?? "") : ""
        return "\(st.st_mode)-\(st.st_ino)-\(data)"
    }

    func allFiles(in dir: URL) -> [String] {
        (FileManager.default.enumerator(atPath: dir.path)?.allObjects as? [String]) ?? []
    }

    /// Temporary files and ffmpeg logs left in `dir`.
    func leftovers(in dir: URL) -> [String] {
        allFiles(in: dir).filter { $0.contains(".tmp-") }
    }
}
