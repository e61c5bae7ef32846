import Foundation
import Testing
import Stardust
import StardustTestSupport
@testable import StardustStudio
import StardustStudioClient

/// The studio driven as a browser would drive it, over loopback HTTP and WebSocket, against independent truth:
/// frames rendered directly by the engine, files written by the `stardust` executable.
@Suite(.serialized) struct StudioServerTests {
    /// The straight-alpha pixels a page receives for `scene` at `t`, rendered here without the server.
    static func expectedPixels(_ scene: Scene, at t: Double) throws -> [UInt8] {
        let image = try Renderer().render(scene.displayList(at: t))
        return Array(StudioFramePacket.decode(StudioFramePacket.make(image, serial: 0, time: t))!.pixels)
    }

    /// The number of pixels whose RGBA differ.
    static func differingPixels(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return max(a.count, b.count) / 4 }
        var n = 0
        for i in stride(from: 0, to: a.count, by: 4) where a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] || a[i + 3] != b[i + 3] { n += 1 }
        return n
    }

    @Test func theWebSocketNeedsTheTokenAndTheStudiosOrigin() async throws {
        let h = try await StudioHarness.start()
        let attempts: [(String, String?)] = [
            ("/ws", h.origin),                                    // no token
            ("/ws?token=00000000000000000000000000000000", h.origin),  // wrong token
            ("/ws?token=\(h.config.token)", nil),                 // no Origin
            ("/ws?token=\(h.config.token)", "http://evil.example"),  // another site's page
            ("/ws?token=\(h.config.token)", "http://127.0.0.1:1"),   // another port
        ]
        for (path, origin) in attempts {
            let port = h.port
            let status = try await blocking { () -> Int in
                let c = try StudioClient(port: port, timeout: 300)
                do { try c.upgrade(path: path, port: port, origin: origin) } catch {}
                return c.handshakeStatus
            }
            #expect((400..<500).contains(status), "\(path) \(origin ?? "no origin"): HTTP \(status), no upgrade")
        }
        let ok = try await h.page()
        #expect(ok.client.handshakeStatus == 101)
    }

    @Test func stateChangingRequestsNeedTheTokenAndOrigin() async throws {
        let h = try await StudioHarness.start()
        #expect(try await h.post("/api/open", body: #"{"preset":"fireworks"}"#, origin: nil).status == 403)
        #expect(try await h.post("/api/open", body: #"{"preset":"fireworks"}"#, origin: "http://evil.example").status == 403)
        #expect(try await h.get("/api/scene.json", token: false).status == 403)
        #expect(try await h.get("/api/export?format=gif", token: false).status == 403)
        #expect(h.document.current.scene.name == "snow")
        #expect(try await h.post("/api/open", body: #"{"preset":"fireworks"}"#, origin: h.origin).status == 200)
        #expect(h.document.current.scene.name == "fireworks")
        // The page itself is public code; it is served with headers that keep other sites from framing it.
        let page = try await h.get("/", token: false)
        #expect(page.status == 200)
        #expect(String(decoding: page.body, as: UTF8.self).contains("studio.js"))
        #expect(page.headers["x-frame-options"] == "DENY")
        #expect(page.headers["referrer-policy"] == "no-referrer")
    }

    @Test func scrubbingStreamsTheEnginesFrameAtThatTime() async throws {
        let h = try await StudioHarness.start()
        let page = try await h.page()
        try await page.send(#"{"type":"pause"}"#)
        try await page.send(#"{"type":"seek","time":3}"#)
        let f = try await page.frame(where: { $0 == 3 })
        let truth = try Self.expectedPixels(Presets.named("snow")!.make(), at: 3)
        let equal1 = f.pixels == truth
        #expect(equal1)
        // Stepping one frame forward (20 fps) lands on 3.05 s.
        try await page.send(#"{"type":"step","frames":1}"#)
        let g = try await page.frame(where: { abs($0 - 3.05) < 1e-9 })
        let truthG = try Self.expectedPixels(Presets.named("snow")!.make(), at: g.time)
        let equal2 = g.pixels == truthG
        #expect(equal2)
    }

    @Test func aChangeAppliesFromThePlayheadOnWithoutRestarting() async throws {
        let h = try await StudioHarness.start()
        let page = try await h.page()
        try await page.send(#"{"type":"pause"}"#)
        try await page.send(#"{"type":"seek","time":1}"#)
        let before = try await page.frame(where: { $0 == 1 })
        // Stop the flakes from the playhead on: layer 1 is the snow emitter (layer 0 the launch screen).
        try await page.send(#"{"type":"set","layer":"1","keyPath":"emitterCells.flake.birthRate","value":0}"#)
        try await page.waitForState(edits: 1)
        let same = try await page.frame(where: { $0 == 1 })
        let scene1 = Presets.named("snow")!.make()
        #expect((scene1.root.sublayers[1] as! EmitterLayer).setEmitterValue(.number(0), forKeyPath: "emitterCells.flake.birthRate", at: 11))
        let truth1 = try Self.expectedPixels(scene1, at: 1)
        let differing = Self.differingPixels(same.pixels, before.pixels)
        let equal3 = same.pixels == truth1
        #expect(equal3)
        #expect(differing * 1000 < same.pixels.count / 4, "nothing restarted: \(differing) pixels differ at the playhead")
        try await page.send(#"{"type":"step","frames":40}"#)  // 2 s later at 20 fps
        let after = try await page.frame(where: { $0 == 3 })
        // Independent truth: the model's own parameter segment, set by hand at the emitter's local time
        // (the emitter is pre-warmed by timeOffset 10, so scene time 1 is its time 11).
        let scene = Presets.named("snow")!.make()
        let emitter = scene.root.sublayers[1] as! EmitterLayer
        #expect(emitter.setEmitterValue(.number(0), forKeyPath: "emitterCells.flake.birthRate", at: 11))
        let truth3 = try Self.expectedPixels(scene, at: 3), unedited3 = try Self.expectedPixels(Presets.named("snow")!.make(), at: 3)
        let equal4 = after.pixels == truth3
        #expect(equal4)
        #expect(Self.differingPixels(after.pixels, unedited3) > 100, "the change shows in the pixels")
        // Undo takes it back.
        try await page.send(#"{"type":"undo"}"#)
        try await page.waitForState(edits: 0)
        let undone = try await page.frame(where: { $0 == 3 })
        let equal5 = undone.pixels == unedited3
        #expect(equal5)
        try await page.send(#"{"type":"redo"}"#)
        try await page.waitForState(edits: 1)
        let redone = try await page.frame(where: { $0 == 3 }).pixels
        let equal6 = redone == truth3
        #expect(equal6)
    }

    @Test func aBirthRateOfABillionIsRefusedWithTheLoadersMessage() async throws {
        let h = try await StudioHarness.start()
        let page = try await h.page()
        try await page.send(#"{"type":"set","layer":"1","keyPath":"emitterCells.flake.birthRate","value":1e9}"#)
        let error = try await page.text(containing: "\"error\"")
        #expect(error.contains("birthRate"))
        #expect(h.document.history.edits == 0)
        #expect((h.document.current.scene.root.sublayers[1] as! EmitterLayer).emitterCells[0].birthRate < 1e7)
    }

    @Test func theGIFExportIsTheBytesStardustRenderWrites() async throws {
        let h = try await StudioHarness.start()
        let download = try await h.get("/api/export?format=gif")
        #expect(download.status == 200)
        let dir = try CLIRunner.temporaryFolder("studio-export")
        defer { try? FileManager.default.removeItem(at: dir) }
        // The studio shows every layer (seasonal switches off): a December day renders the same layers.
        let r = try await blocking { try CLIRunner.run(["render", "snow", "-o", "snow.gif", "--date", "2026-12-10", "--offline", "--quiet"], in: dir, seconds: 300) }
        #expect(r.status == 0, "\(r.stderr)")
        let cli = try [UInt8](Data(contentsOf: dir.appendingPathComponent("snow.gif")))
        let same = download.body == cli
    #expect(same, "\(download.body.count) bytes downloaded, \(cli.count) written by stardust render")
    }

    @Test func anEditedSceneFileSavesAsJSONThatRendersLikeTheExport() async throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/snowfall.json").path
        let h = try await StudioHarness.start(try StudioSource.open(example, limits: SceneLimits()))
        let page = try await h.page()
        let layer = try #require(h.document.current.scene.root.sublayers.firstIndex { $0 is EmitterLayer })
        try await page.send(#"{"type":"set","layer":"\#(layer)","keyPath":"emitterCells.flake.velocity","value":5}"#)
        try await page.waitForState(edits: 1)
        #expect(h.document.history.edits == 1)
        let json = try await h.get("/api/scene.json")
        #expect(json.status == 200)
        let text = String(decoding: json.body, as: UTF8.self)
        #expect(text.contains("\"velocity\": 5"), "the saved JSON holds the edit")
        let dir = try CLIRunner.temporaryFolder("studio-save")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(json.body).write(to: dir.appendingPathComponent("edited.json"))
        let r = try await blocking { try CLIRunner.run(["render", "edited.json", "-o", "edited.apng", "--quiet"], in: dir, seconds: 300) }
        #expect(r.status == 0, "\(r.stderr)")
        let export = try await h.get("/api/export?format=apng")
        #expect(export.status == 200)
        let cli = try [UInt8](Data(contentsOf: dir.appendingPathComponent("edited.apng")))
        let same = export.body == cli
        #expect(same, "\(export.body.count) bytes exported, \(cli.count) written by stardust render")
    }

    @Test func anExportTheStudioRefusesSaysWhyWithA409() async throws {
        let h = try await StudioHarness.start(.preset("snow"))
        let r = try await h.get("/api/export?format=bmp")
        #expect(r.status == 409)
        #expect(String(decoding: r.body, as: UTF8.self).contains("bmp is not an export format here"))
    }

    @Test func presetsTheWriterCannotTakeSayWhyTheyCannotBeSavedAsJSON() async throws {
        // thanos turns cards drawn in code to dust: scene JSON names pictures by file or builtin name.
        let h = try await StudioHarness.start(.preset("thanos"))
        let r = try await h.get("/api/scene.json")
        #expect(r.status == 409)
        #expect(String(decoding: r.body, as: UTF8.self).contains("thanos preset cannot be written as scene JSON"))
    }
}
