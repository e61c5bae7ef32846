import Foundation
import Stardust
import StardustTestSupport
import Testing

/// Rule 1 of docs/HOSTILE-INPUT.md: generated Swift is never steered by its input. Every string of a scene reaches
/// the source through `SwiftSourceText` (one function per context: comment, doc comment, string literal,
/// identifier); these tests feed seeded hostile strings into every name a scene has and check with `swiftc` that
/// the file parses and that its syntax tree has exactly the nodes of the same scene with harmless names.
/// `STARDUST_FUZZ_ITERATIONS` raises the number of generated scenes (CI runs longer).
@Suite("SwiftExportInjectionTests")
struct SwiftExportInjectionTests {
    static let iterations = Int(ProcessInfo.processInfo.environment["STARDUST_FUZZ_ITERATIONS"] ?? "").map { max(1, $0 / 10) } ?? 12

    /// Pieces hostile names are made of: every Unicode line break, NUL, bidi controls, comment and string
    /// delimiters, interpolation, raw-string delimiters, keywords, statements, combining marks.
    static let fragments = [
        "\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\0", "\u{1B}[31m", "\u{7F}", "\u{9C}",
        "\u{202E}", "\u{2066}", "\u{2069}", "\u{200F}", "\u{FEFF}", "\u{301}", "*/", "/*", "//", "///", "\\", "\\(pwned())",
        "\\u{41}", "#", "\"#", "#\"", "\"\"\"", "\"", "`", "'", "class", "default", "self", "Type", "_", "0", "9lives",
        "let injected = pwned()", "}", "{", ")", "func", "#endif", "#if false", "@main", "$0", " ", "-", "é", "🎄", "ǅ",
        "root", "dustSplit", "x", "Layer", "\t",
    ]

    static func hostileString(_ rng: inout SeededGenerator) -> String {
        var s = ""
        for _ in 0..<Int.random(in: 1...6, using: &rng) { s += fragments[Int.random(in: 0..<fragments.count, using: &rng)] }
        return s
    }

    /// A scene whose every name is `name(i)`: the scene, layers of each kind, cells, animation keys and key paths,
    /// a text layer's string and font, a picture (exported as an image named after its layer).
    static func scene(_ name: (Int) -> String) -> Scene {
        let scene = Scene(name: name(0), size: Size(40, 30), duration: 1, fps: 10)
        let plain = Layer()
        plain.name = name(1)
        plain.add(BasicAnimation(keyPath: "opacity", from: .number(0.5), to: .number(0.25)), forKey: name(2))
        plain.add(BasicAnimation(keyPath: name(3), from: .number(0.5), to: .number(0.25)), forKey: name(4))
        let emitter = EmitterLayer()
        emitter.name = name(5)
        let cell = EmitterCell(name: name(6))
        cell.birthRate = 3
        let sub = EmitterCell(name: name(7))
        sub.birthRate = 2
        cell.emitterCells = [sub]
        emitter.emitterCells = [cell]
        let text = TextLayer()
        text.name = name(8)
        text.string = name(9)
        text.fontFamily = name(10)
        let picture = Layer()
        picture.name = name(11)
        picture.contents = Texture(Image(width: 2, height: 2, straightRGBA: [UInt8](repeating: 255, count: 16)))
        let twin = Layer()
        twin.name = name(1) // the same name twice: the identifiers are deduplicated
        for l in [plain, emitter, text, picture, twin] { scene.root.addSublayer(l) }
        return scene
    }

    @Test func everyHostileNameStaysALiteralOrAComment() throws {
        let swiftc = try #require(SwiftCompiler.path, "no swiftc on PATH (or STARDUST_SWIFTC): nothing to parse the exports with")
        var rng = SeededGenerator(seed: 27)
        let benign = try SwiftCompiler.syntaxNodes(of: SwiftExporter.export(Self.scene { "n\($0)" }, command: "stardust export-swift n").source,
                                                   swiftc: swiftc)
        #expect(benign["func_decl", default: 0] >= 1)
        for iteration in 0..<Self.iterations {
            let names = (0..<12).map { _ in Self.hostileString(&rng) }
            let export = SwiftExporter.export(Self.scene { names[$0] }, command: "stardust export-swift " + Self.hostileString(&rng))
            let nodes = try SwiftCompiler.syntaxNodes(of: export.source, swiftc: swiftc)
            #expect(nodes == benign, "iteration \(iteration) (seed 27): names \(names.map { $0.debugDescription }) gave a different syntax tree")
            let lines = export.source.split(omittingEmptySubsequences: false) { $0 == "\n" }
            #expect(!lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("let injected") }, "iteration \(iteration)")
            #expect(export.images.allSatisfy { $0.name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } })
        }
    }

    @Test(arguments: ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\0", "\u{202E}"])
    func aCommentIsOneLineWhateverTheBreak(_ br: String) {
        let c = SwiftSourceText.comment("x\(br)let injected = pwned()\(br)//")
        #expect(c.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0 != "\u{85}" && $0 != "\u{2028}" && $0 != "\u{2029}" && $0 != "\u{202E}" })
        let s = SwiftSourceText.stringLiteral("a\(br)\\(b)\"#")
        #expect(s.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0 != "\u{85}" && $0 != "\u{2028}" && $0 != "\u{2029}" && $0 != "\u{202E}" })
        #expect(!s.contains("\\(b)") || s.contains("\\\\(b)"))
    }

    @Test func keywordsAndCollisionsGiveDistinctPlainIdentifiers() {
        #expect(SwiftSourceText.identifier("class") == "classLayer")
        #expect(SwiftSourceText.identifier("9 lives") == "_9Lives")
        #expect(SwiftSourceText.identifier("🎄\u{202E}") == nil)
        #expect(SwiftSourceText.declaredName("class") == "`class`")
        #expect(SwiftSourceText.declaredName("make\u{2028}x") == nil)
        #expect(SwiftSourceText.declaredName("_") == nil)
        let scene = Scene(name: "c", size: Size(10, 10))
        for n in ["a b", "aB", "a-b", "a_b", "dust split", "root"] {
            let l = Layer()
            l.name = n
            scene.root.addSublayer(l)
        }
        let source = SwiftExporter.export(scene).source
        for v in ["aB", "aB2", "aB3", "aB4", "dustSplit2", "root2"] { #expect(source.contains("let \(v) = CALayer()"), "\(v)") }
    }

    /// The issue's case through the CLI: a scene file whose name and scene name end the comment line.
    @Test func theCLIExportOfAHostileFileNameParses() throws {
        let swiftc = try #require(SwiftCompiler.path, "no swiftc on PATH (or STARDUST_SWIFTC)")
        let dir = try CLIRunner.temporaryFolder("stardust-export-injection")
        defer { try? FileManager.default.removeItem(at: dir) }
        let hostile = "x\nlet injected = pwned()\n//"
        // A file name cannot hold "/": the line break alone ends the header's comment line.
        let scene = dir.appendingPathComponent("x\nlet injected = pwned()\n.json")
        let json = try JSONSerialization.data(withJSONObject: ["name": hostile, "size": [20, 20],
                                                               "layers": [["type": "group", "name": hostile, "bounds": [0, 0, 5, 5]]]])
        try json.write(to: scene)
        for function in [[], ["--function", "class"]] {
            let out = dir.appendingPathComponent("Out.swift").path
            let r = try CLIRunner.run(["export-swift", scene.path, "-o", out] + function)
            #expect(r.status == 0, "\(r.stderr)")
            let source = try String(contentsOfFile: out, encoding: .utf8)
            #expect(!source.split(separator: "\n").contains { $0.hasPrefix("let injected") })
            let nodes = try SwiftCompiler.syntaxNodes(of: source, swiftc: swiftc)
            #expect(nodes["func_decl"] == 1)
        }
        let bad = try CLIRunner.run(["export-swift", scene.path, "--function", "a\nb"])
        #expect(bad.status == 2 && bad.stderr.contains("--function"))
    }
}

/// `swiftc -dump-parse`: the syntax tree's node kinds and how often each occurs (names and locations left out).
enum SwiftCompiler {
    /// `STARDUST_SWIFTC`, else the first `swiftc` on `PATH`.
    static var path: String? {
        let env = ProcessInfo.processInfo.environment
        if let p = env["STARDUST_SWIFTC"], FileManager.default.isExecutableFile(atPath: p) { return p }
        for dir in (env["PATH"] ?? "").split(separator: ":") {
            let p = "\(dir)/swiftc"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    struct ParseFailure: Error, CustomStringConvertible {
        var description: String
    }

    static func syntaxNodes(of source: String, swiftc: String) throws -> [String: Int] {
        let dir = try CLIRunner.temporaryFolder("stardust-swiftc")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("Export.swift")
        try Data(source.utf8).write(to: file)
        let output = try ChildProcess.run(URL(fileURLWithPath: swiftc), ["-dump-parse", file.path])
        let text = output.standardOutput + output.standardError
        guard output.status == 0, !text.contains("error:") else {
            throw ParseFailure(description: "swiftc -dump-parse failed:\n\(text.prefix(2000))\n--- source ---\n\(source.prefix(4000))")
        }
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let t = line.drop { $0 == " " }
            guard t.hasPrefix("("), let end = t.dropFirst().firstIndex(where: { $0 == " " || $0 == ")" }) else { continue }
            let kind = String(t[t.index(after: t.startIndex)..<end])
            guard kind.allSatisfy({ $0.isLetter || $0 == "_" }), kind.contains("_") else { continue }
            counts[kind, default: 0] += 1
        }
        return counts
    }
}
