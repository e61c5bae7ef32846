import Foundation
import Testing
import Stardust
import StardustTestSupport
@testable import StardustStudio

/// Lottie files in the studio (docs/STUDIO.md, "Lottie files"): opened by path or upload, scrubbed to the engine's
/// frame of the file, exported as the bytes `stardust render anim.json` writes.
@Suite(.serialized) struct StudioLottieTests {
    static let path = Fixtures.url("lottie", "linear-position.json").path

    @Test func aLottieFileOpensScrubsAndExportsLikeStardustRender() async throws {
        let h = try await StudioHarness.start()
        #expect(try await h.post("/api/open", body: "{\"path\": \"\(Self.path)\"}", origin: h.origin).status == 200)
        #expect(h.document.currentSource.label == Self.path)
        let page = try await h.page()
        try await page.send(#"{"type":"pause"}"#)
        try await page.send(#"{"type":"seek","time":0.5}"#)
        let f = try await page.frame(where: { $0 == 0.5 })
        let truth = try StudioServerTests.expectedPixels(try Scene.lottie(path: Self.path).scene, at: 0.5)
        let same = f.pixels == truth
        #expect(same)

        let download = try await h.get("/api/export?format=gif")
        #expect(download.status == 200)
        let dir = try CLIRunner.temporaryFolder("studio-lottie")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try await blocking { try CLIRunner.run(["render", Self.path, "-o", "anim.gif", "--quiet"], in: dir, seconds: 300) }
        #expect(r.status == 0, "\(r.stderr)")
        let cli = try [UInt8](Data(contentsOf: dir.appendingPathComponent("anim.gif")))
        let equal = download.body == cli
        #expect(equal, "\(download.body.count) bytes downloaded, \(cli.count) written by stardust render")
    }

    @Test func aBrokenLottieFileIsRefusedWithItsJSONPath() async throws {
        let h = try await StudioHarness.start()
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: Self.path)), as: UTF8.self)
            .replacingOccurrences(of: "\"op\": 20", with: "\"op\": 1e12")
        let dir = try CLIRunner.temporaryFolder("studio-lottie")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.json").path
        try text.write(toFile: bad, atomically: true, encoding: .utf8)
        let r = try await h.post("/api/open", body: "{\"path\": \"\(bad)\"}", origin: h.origin)
        #expect(r.status == 422)
        #expect(String(decoding: r.body, as: UTF8.self).contains("$.op"))
    }
}
