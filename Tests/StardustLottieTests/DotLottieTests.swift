import Foundation
import StardustLottie
import Testing
import ZIPFoundation

/// dotLottie archives: the manifest's animations are found and drawn; entries that leave the archive, too many
/// entries and inflation bombs are refused before anything is inflated.
@Suite("dotLottie")
struct DotLottieTests {
    /// A `.lottie` in a temporary folder with `entries` (path → bytes), stored deflated.
    static func archive(_ entries: [(String, [UInt8])]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("dot-\(UUID().uuidString).lottie")
        let a = try Archive(url: url, accessMode: .create)
        for (name, bytes) in entries {
            try a.addEntry(with: name, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate) { position, size in
                Data(bytes[Int(position)..<(Int(position) + size)])
            }
        }
        return url
    }

    static let manifest = Array(#"{"version":"1","animations":[{"id":"square"}]}"#.utf8)

    @Test func theManifestsFirstAnimationIsDrawn() throws {
        let json = Array(try Data(contentsOf: URL(fileURLWithPath: LottieFixtures.path("linear-position.json"))))
        let url = try Self.archive([("manifest.json", Self.manifest), ("animations/square.json", json)])
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try DotLottie.animationIDs(path: url.path) == ["square"])
        let c = try LottieFile.load(path: url.path)
        #expect(LottieFixtures.isRed(try LottieFixtures.render(c, frame: 5), 50, 50))
    }

    @Test func entriesThatLeaveTheArchiveAreRefused() throws {
        let url = try Self.archive([("manifest.json", Self.manifest), ("../../x", [1, 2, 3])])
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: LottieError(path: url.path, "the entry \"../../x\" would leave the archive")) {
            try LottieFile.load(path: url.path)
        }
    }

    @Test func aZipBombIsRefusedFromItsDeclaredSizes() throws {
        var l = LottieLimits()
        l.maxZipBytes = 100_000
        let url = try Self.archive([("manifest.json", Self.manifest), ("animations/square.json", [UInt8](repeating: 0x20, count: 1_000_000))])
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: LottieError.self) { try DotLottie.load(path: url.path, limits: l) }
    }

    @Test func tooManyEntriesAreRefused() throws {
        var l = LottieLimits()
        l.maxZipEntries = 5
        let url = try Self.archive((0..<6).map { ("images/\($0).png", [UInt8(0)]) })
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: LottieError(path: url.path, "more than 5 entries in the archive")) { try DotLottie.load(path: url.path, limits: l) }
    }

    // MARK: Our own archives (Tests/Fixtures/lottie), so a bare clone tests dotLottie

    @Test func aManifestWithTwoAnimationsIsReadInOrderAndEitherCanBeChosen() throws {
        let path = LottieFixtures.path("two-animations.lottie")
        #expect(try DotLottie.animationIDs(path: path) == ["red", "blue"])
        // The first by default: the red square, its centre at x = 20 + 6 × 5 = 50 on frame 5.
        let first = try LottieFile.load(path: path)
        #expect(LottieFixtures.isRed(try LottieFixtures.render(first, frame: 5), 50, 50))
        let blue = try LottieFile.load(path: path, animation: "blue")
        let image = try LottieFixtures.render(blue, frame: 5)
        #expect(LottieFixtures.isBlue(image, 50, 50))
        #expect(LottieFixtures.isEmpty(image, 20, 50))
    }

    @Test func anAnimationTheManifestDoesNotListIsRefusedWithTheChoices() throws {
        let path = LottieFixtures.path("two-animations.lottie")
        #expect(throws: LottieError(path: path, "the archive holds no animation \"green\" (it has \"red\", \"blue\")")) {
            try LottieFile.load(path: path, animation: "green")
        }
        #expect(throws: LottieError.self) { try LottieFile.load(path: LottieFixtures.path("linear-position.json"), animation: "red") }
    }

    @Test func anImageInsideTheArchiveIsDrawn() throws {
        let c = try LottieFile.load(path: LottieFixtures.path("image.lottie"))
        #expect(c.warnings.isEmpty)
        let image = try LottieFixtures.render(c, frame: 0)
        // The 20 × 20 green square from (40, 40) to (60, 60).
        #expect(LottieFixtures.isGreen(image, 41, 41) && LottieFixtures.isGreen(image, 58, 58))
        #expect(LottieFixtures.isEmpty(image, 38, 50) && LottieFixtures.isEmpty(image, 62, 50))
    }

    @Test func aFileThatIsNotAZipIsRefusedWithAClearError() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("not-zip-\(UUID().uuidString).lottie")
        try Data("{\"v\":1}".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: LottieError.self) { try LottieFile.load(path: url.path) }
    }

    @Test func aFIFONamedLottieIsRefusedWithoutBlocking() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString).lottie").path
        guard mkfifo(path, 0o600) == 0 else { return }
        defer { unlink(path) }
        #expect(throws: LottieError.self) { try LottieFile.load(path: path) }
    }

    // MARK: The corpus (lottie-ios's .lottie samples, through STARDUST_LOTTIE)

    @Test(.enabled(if: LottieCorpusTests.folder != nil, Comment(rawValue: LottieCorpusTests.skipReason)))
    func everyDotLottieSampleIsReadWithEachOfItsAnimations() throws {
        guard let root = LottieCorpusTests.folder?.appendingPathComponent("lottie-ios/samples"),
              let e = FileManager.default.enumerator(atPath: root.path) else { return }
        let files = e.compactMap { $0 as? String }.filter { $0.hasSuffix(".lottie") }.sorted().map { root.appendingPathComponent($0).path }
        #expect(files.count >= 11)
        var failures: [String] = []
        var animations = 0
        for f in files {
            do {
                for id in try DotLottie.animationIDs(path: f) {
                    let c = try LottieFile.load(path: f, animation: id)
                    #expect(c.size.width > 0 && c.frameRate > 0)
                    _ = c.root.displayList(size: c.size, scale: 1, at: c.duration / 2)
                    animations += 1
                }
            } catch {
                failures.append("\(f): \(error)")
            }
        }
        #expect(animations > files.count, "multiple_animations.lottie holds three")
        #expect(failures.isEmpty, "\(failures.count) archives refused:\n\(failures.joined(separator: "\n"))")
    }
}
