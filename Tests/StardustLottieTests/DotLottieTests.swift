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
}
