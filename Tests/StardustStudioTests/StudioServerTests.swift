import Foundation
import Testing
import Stardust
import StardustTestSupport
@testable import StardustStudio

/// The studio driven as a browser would drive it, over loopback HTTP and WebSocket, against independent truth:
/// frames rendered directly by the engine, files written by the `stardust` executable.
@Suite(.serialized) struct StudioServerTests {
    /// The straight-alpha pixels a page receives for `scene` at `t`, rendered here without the server.
    static func expectedPixels(_ scene: Scene, at t: Double) throws -> [UInt8] {
        let image = try Renderer().render(scene.displayList(at: t))
        return Array(StudioFramePacket.decode(StudioFramePacket.make(image, serial: 0, time: t))!.pixels)
    }

    @Test func theWebSocketNeedsTheTokenAndTheStudiosOrigin() throws {
        let h = try StudioHarness()
        let attempts: [(String, String?)] = [
            ("/ws", h.origin),                                    // no token
            ("/ws?token=00000000000000000000000000000000", h.origin),  // wrong token
            ("/ws?token=\(h.config.token)", nil),                 // no Origin
            ("/ws?token=\(h.config.token)", "http://evil.example"),  // another site's page
            ("/ws?token=\(h.config.token)", "http://127.0.0.1:1"),   // another port
        ]
        for (path, origin) in attempts {
            let c = try StudioClient(port: h.port)
            #expect(throws: StudioClient.Failure.self) { try c.upgrade(path: path, port: h.port, origin: origin) }
            #expect(c.handshakeStatus == 403, "\(path) \(origin ?? "no origin")")
        }
        let ok = try h.page()
        #expect(ok.handshakeStatus == 101)
    }

    @Test func stateChangingRequestsNeedTheTokenAndOrigin() throws {
        let h = try StudioHarness()
        #expect(try h.post("/api/open", body: #"{"preset":"fireworks"}"#, origin: nil).status == 403)
        #expect(try h.post("/api/open", body: #"{"preset":"fireworks"}"#, origin: "http://evil.example").status == 403)
        #expect(try h.get("/api/scene.json", token: false).status == 403)
        #expect(try h.get("/api/export?format=gif", token: false).status == 403)
        #expect(h.document.current.scene.name == "snow")
        #expect(try h.post("/api/open", body: #"{"preset":"fireworks"}"#, origin: h.origin).status == 200)
        #expect(h.document.current.scene.name == "fireworks")
        // The page itself is public code; it is served with headers that keep other sites from framing it.
        let page = try h.get("/", token: false)
        #expect(page.status == 200)
        #expect(String(decoding: page.body, as: UTF8.self).contains("studio.js"))
        #expect(page.headers["x-frame-options"] == "DENY")
        #expect(page.headers["referrer-policy"] == "no-referrer")
    }

    @Test func scrubbingStreamsTheEnginesFrameAtThatTime() throws {
        let h = try StudioHarness()
        let page = try h.page()
        try page.send(#"{"type":"pause"}"#)
        try page.send(#"{"type":"seek","time":3}"#)
        let f = try page.frame(where: { $0 == 3 })
        #expect(f.pixels == (try Self.expectedPixels(Presets.named("snow")!.make(), at: 3)))
        // Stepping one frame forward (20 fps) lands on 3.05 s.
        try page.send(#"{"type":"step","frames":1}"#)
        let g = try page.frame(where: { abs($0 - 3.05) < 1e-9 })
        #expect(g.pixels == (try Self.expectedPixels(Presets.named("snow")!.make(), at: g.time)))
    }

    @Test func aChangeAppliesFromThePlayheadOnWithoutRestarting() throws {
        let h = try StudioHarness()
        let page = try h.page()
        try page.send(#"{"type":"pause"}"#)
        try page.send(#"{"type":"seek","time":1}"#)
        let before = try page.frame(where: { $0 == 1 })
        // Stop the flakes from the playhead on: layer 1 is the snow emitter (layer 0 the launch screen).
        try page.send(#"{"type":"set","layer":"1","keyPath":"emitterCells.flake.birthRate","value":0}"#)
        _ = try page.text(containing: "\"scene\"")
        let same = try page.frame(where: { $0 == 1 })
        #expect(same.pixels == before.pixels, "particles born before the change are unchanged: nothing restarted")
        try page.send(#"{"type":"step","frames":40}"#)  // 2 s later at 20 fps
        let after = try page.frame(where: { $0 == 3 })
        // Independent truth: the model's own parameter segment, set by hand at the emitter's local time
        // (the emitter is pre-warmed by timeOffset 10, so scene time 1 is its time 11).
        let scene = Presets.named("snow")!.make()
        let emitter = scene.root.sublayers[1] as! EmitterLayer
        #expect(emitter.setEmitterValue(.number(0), forKeyPath: "emitterCells.flake.birthRate", at: 11))
        #expect(after.pixels == (try Self.expectedPixels(scene, at: 3)))
        #expect(after.pixels != (try Self.expectedPixels(Presets.named("snow")!.make(), at: 3)), "the change shows in the pixels")
        // Undo takes it back.
        try page.send(#"{"type":"undo"}"#)
        _ = try page.text(containing: "\"scene\"")
        let undone = try page.frame(where: { $0 == 3 })
        #expect(undone.pixels == (try Self.expectedPixels(Presets.named("snow")!.make(), at: 3)))
        try page.send(#"{"type":"redo"}"#)
        _ = try page.text(containing: "\"scene\"")
        #expect(try page.frame(where: { $0 == 3 }).pixels == after.pixels)
    }

    @Test func aBirthRateOfABillionIsRefusedWithTheLoadersMessage() throws {
        let h = try StudioHarness()
        let page = try h.page()
        try page.send(#"{"type":"set","layer":"1","keyPath":"emitterCells.flake.birthRate","value":1e9}"#)
        let error = try page.text(containing: "\"error\"")
        #expect(error.contains("birthRate"))
        #expect(h.document.history.edits == 0)
        #expect((h.document.current.scene.root.sublayers[1] as! EmitterLayer).emitterCells[0].birthRate < 1e7)
    }

    @Test func theGIFExportIsTheBytesStardustRenderWrites() throws {
        let h = try StudioHarness()
        let download = try h.get("/api/export?format=gif")
        #expect(download.status == 200)
        let dir = try CLIRunner.temporaryFolder("studio-export")
        defer { try? FileManager.default.removeItem(at: dir) }
        // The studio shows every layer (seasonal switches off): a December day renders the same layers.
        let r = try CLIRunner.run(["render", "snow", "-o", "snow.gif", "--date", "2026-12-10", "--offline", "--quiet"], in: dir, seconds: 300)
        #expect(r.status == 0, "\(r.stderr)")
        let cli = try [UInt8](Data(contentsOf: dir.appendingPathComponent("snow.gif")))
        #expect(download.body == cli)
    }

    @Test func anEditedSceneFileSavesAsJSONThatRendersLikeTheExport() throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/snowfall.json").path
        let h = try StudioHarness(try StudioSource.open(example, limits: SceneLimits()))
        let page = try h.page()
        try page.send(#"{"type":"set","layer":"1","keyPath":"emitterCells.flake.velocity","value":5}"#)
        _ = try page.text(containing: "\"scene\"")
        #expect(h.document.history.edits == 1)
        let json = try h.get("/api/scene.json")
        #expect(json.status == 200)
        let text = String(decoding: json.body, as: UTF8.self)
        #expect(text.contains("\"velocity\": 5"))
        let dir = try CLIRunner.temporaryFolder("studio-save")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(json.body).write(to: dir.appendingPathComponent("edited.json"))
        let r = try CLIRunner.run(["render", "edited.json", "-o", "edited.apng", "--quiet"], in: dir, seconds: 300)
        #expect(r.status == 0, "\(r.stderr)")
        let export = try h.get("/api/export?format=apng")
        #expect(export.status == 200)
        #expect(export.body == (try [UInt8](Data(contentsOf: dir.appendingPathComponent("edited.apng")))))
    }

    @Test func presetsSayWhyTheyCannotBeSavedAsJSON() throws {
        let h = try StudioHarness()
        let r = try h.get("/api/scene.json")
        #expect(r.status == 409)
        #expect(String(decoding: r.body, as: UTF8.self).contains("preset"))
    }
}
