import Foundation
import Testing
import Stardust
import StardustTestSupport
@testable import StardustStudio

/// The Swift and scene-JSON downloads, opening files by path and by upload, the physics controls and the pointer
/// messages, over loopback HTTP and WebSocket as the page uses them. Truth: the `stardust` executable's files, the
/// scene loader reading the JSON back, frames rendered directly by the engine.
@Suite(.serialized) struct StudioExportTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let samples = repository.appendingPathComponent("../shared/samples/effects").standardized

    static func pixels(_ scene: Scene, at t: Double) throws -> [UInt8] {
        try Renderer(threads: 1).render(scene.displayList(at: t)).pixels
    }

    static func load(json text: String) throws -> Scene {
        var loader = SceneLoader(baseDirectory: "/") { try ImageDecoder.decodeFile(atPath: $0) }
        return try loader.scene(fromJSON: text)
    }

    @Test func theSwiftDownloadIsTheBytesExportSwiftWrites() async throws {
        let h = try await StudioHarness.start()
        let download = try await h.get("/api/export?format=swift")
        #expect(download.status == 200)
        #expect(download.headers["content-disposition"]?.contains("snow.swift") == true)
        let dir = try CLIRunner.temporaryFolder("studio-swift")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try await blocking { try CLIRunner.run(["export-swift", "snow", "-o", "snow.swift"], in: dir, seconds: 300) }
        #expect(r.status == 0, "\(r.stderr)")
        let cli = try [UInt8](Data(contentsOf: dir.appendingPathComponent("snow.swift")))
        let same = download.body == cli
        #expect(same, "\(download.body.count) bytes downloaded, \(cli.count) written by stardust export-swift")
        #expect(String(decoding: download.body, as: UTF8.self).contains("import QuartzCore"))
    }

    @Test func theJSONDownloadOfAPresetLoadsBackToTheSameFrames() async throws {
        let h = try await StudioHarness.start()
        let download = try await h.get("/api/export?format=json")
        #expect(download.status == 200, "\(String(decoding: download.body, as: UTF8.self))")
        let text = String(decoding: download.body, as: UTF8.self)
        // The bytes are the scene writer's for the same scene.
        #expect(text == (try SceneJSONWriter.string(Presets.named("snow")!.make())))
        let reloaded = try Self.load(json: text)
        let preset = Presets.named("snow")!.make()
        for t in [0.0, 1.35, 4.95] {
            let same = try Self.pixels(reloaded, at: t) == Self.pixels(preset, at: t)
            #expect(same, "frame at \(t) s")
        }
        // /api/scene.json is the same download.
        #expect(try await h.get("/api/scene.json").body == download.body)
    }

    @Test func everyPresetTheWriterTakesRoundTripsThroughTheLoader() throws {
        var written: [String] = [], refused: [String: String] = [:]
        for p in Presets.all {
            let scene = p.make()
            do {
                let text = try SceneJSONWriter.string(scene)
                let back = try Self.load(json: text)
                // Written again, the loaded scene gives the same text (a fixed point).
                #expect(try SceneJSONWriter.string(back) == text, "\(p.name)")
                for t in [0.0, scene.duration * 0.37, scene.duration * 0.81] {
                    let same = try Self.pixels(back, at: t) == Self.pixels(scene, at: t)
                    #expect(same, "\(p.name) at \(t) s")
                }
                written.append(p.name)
            } catch let e as SceneJSONWriterError {
                refused[p.name] = e.description
            }
        }
        #expect(Set(["snow", "snow-classic", "fireworks"]).isSubset(of: Set(written)), "written: \(written), refused: \(refused)")
        // Pictures drawn in code and physics built in code have no scene-JSON form: refused with the reason.
        #expect(refused["photo-wall"]?.contains("physics") == true, "\(refused)")
        #expect(refused["thanos"] != nil)
    }

    @Test func aWrittenSceneWithAnimationsKeepsThemAndTheirTiming() throws {
        // Every kind of animation the writer takes, on named and unnamed layers, read back frame for frame.
        let scene = Scene(name: "animated", size: Size(120, 90), scale: 1, duration: 3, fps: 10, seed: 5, background: Color(red: 0.1, green: 0.2, blue: 0.3))
        let card = Layer()
        card.bounds = Rect(0, 0, 40, 30); card.position = Point(30, 30)
        card.backgroundColor = Color(red: 0.9, green: 0.5, blue: 0.1, alpha: 0.8); card.cornerRadius = 6
        let move = BasicAnimation(keyPath: "position", from: .point(Point(30, 30)), to: .point(Point(90, 60)))
        move.timing = MediaTiming(beginTime: 0.5, duration: 1.3, repeatCount: 2, autoreverses: true, fillMode: .both)
        move.timingFunction = TimingFunction(name: .easeInEaseOut)
        card.add(move, forKey: "move")
        let spin = SpringAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = .number(0); spin.toValue = .number(.pi / 3); spin.damping = 4
        spin.timing.duration = 2
        card.add(spin, forKey: "spin")
        scene.root.addSublayer(card)
        let shape = ShapeLayer()
        shape.name = "tri"
        shape.bounds = Rect(0, 0, 30, 30); shape.position = Point(80, 20)
        var p = Path(); p.move(to: Point(0, 30)); p.addLine(to: Point(15, 0)); p.addQuadCurve(to: Point(30, 30), control: Point(28, 10)); p.closeSubpath()
        shape.path = p
        shape.fillColor = Color(red: 0.2, green: 0.8, blue: 0.4); shape.strokeColor = .white; shape.lineWidth = 1.5
        let fade = KeyframeAnimation(keyPath: "opacity", values: [.number(1), .number(0.2), .number(1)])
        fade.keyTimes = [0, 0.3, 1]; fade.timing.duration = 2; fade.timing.repeatCount = .infinity
        let grow = BasicAnimation(keyPath: "strokeEnd", from: .number(0), to: .number(1))
        grow.timing.duration = 1.5
        let group = AnimationGroup(animations: [grow])
        group.timing.duration = 1.5
        shape.add(fade, forKey: "fade"); shape.add(group, forKey: "draw")
        scene.root.addSublayer(shape)
        let text = try SceneJSONWriter.string(scene)
        let back = try Self.load(json: text)
        for t in stride(from: 0.0, through: 3.0, by: 0.25) {
            let same = try Self.pixels(back, at: t) == Self.pixels(scene, at: t)
            #expect(same, "frame at \(t) s")
        }
        #expect(text.contains("\"layer\": \"layer1\""), "the unnamed animated layer got a name")
        #expect(text.contains("\"repeatCount\": \"infinity\""))
    }

    @Test func presetsEffectFilesAndSceneFilesOpenByPathAndByUpload() async throws {
        let h = try await StudioHarness.start()
        // A preset by name.
        #expect(try await h.post("/api/open", body: #"{"preset":"maple-leaves"}"#, origin: h.origin).status == 200)
        #expect(h.document.current.scene.name == "maple-leaves")
        // A scene file by path.
        let example = Self.repository.appendingPathComponent("examples/snowfall.json").path
        #expect(try await h.post("/api/open", body: "{\"path\":\"\(example)\"}", origin: h.origin).status == 200)
        #expect(h.document.info.source == example)
        // A UIEffectDesigner file by path and a Particle Designer file by upload: both are emitter scenes.
        let ped = Self.samples.appendingPathComponent("redorange.ped").path
        #expect(try await h.post("/api/open", body: "{\"path\":\"\(ped)\"}", origin: h.origin).status == 200)
        #expect(h.document.current.scene.allLayers.contains { $0 is EmitterLayer })
        let pex = try String(contentsOf: Self.samples.appendingPathComponent("fire.pex"), encoding: .utf8)
        let upload = try await h.post("/api/upload?kind=pex", body: pex, origin: h.origin)
        #expect(upload.status == 200, "\(String(decoding: upload.body, as: UTF8.self))")
        #expect(h.document.info.source.hasSuffix(".pex"))
        #expect(h.document.current.scene.allLayers.contains { $0 is EmitterLayer })
        // The upload saves as scene JSON (the effect's translation) and exports as Swift.
        #expect(try await h.get("/api/export?format=json").status == 200)
        #expect(try await h.get("/api/export?format=swift").status == 200)
        // A file that is not a scene is refused with the loader's message, and the document keeps its scene.
        let bad = try await h.post("/api/upload?kind=json", body: #"{"layers": [{"type": "nope"}]}"#, origin: h.origin)
        #expect(bad.status == 422)
        #expect(String(decoding: bad.body, as: UTF8.self).contains("layers[0].type"))
        #expect(h.document.info.source.hasSuffix(".pex"))
    }

    @Test func physicsBodiesAndJointsAreListedAndEditableForSceneFiles() async throws {
        let example = Self.repository.appendingPathComponent("examples/physics-playground.json").path
        let h = try await StudioHarness.start(try StudioSource.open(example, limits: SceneLimits()))
        let page = try await h.page()
        let sceneMessage = try await page.text(containing: "\"type\": \"scene\"")
        guard case .object(let m) = try JSONParser.parse(sceneMessage),
              case .object(let physics)? = m.first(where: { $0.key == "physics" })?.value else {
            Issue.record("no physics in the scene message"); return
        }
        let field = { (k: String) in physics.first { $0.key == k }?.value }
        #expect(field("editable") == .bool(true))
        guard case .array(let bodies)? = field("bodies"), case .array(let joints)? = field("joints") else { Issue.record("no bodies"); return }
        #expect(bodies.count == 5 && joints.count >= 1)
        #expect(JSONWriter.string(bodies[1]).contains("\"path\": \"physics.bodies[1].gravityScale\""))

        // Gravity off: the crates stay where they start (crate1 is root sublayer 1, at (90, 200)).
        let before = try #require(LayerPath([1]).layer(in: h.document.current.scene.root)).presentation(at: 2).position
        #expect(before.y > 300, "with gravity the crate falls: \(before)")
        try await page.send(#"{"type":"setSource","path":"physics.gravity","value":[0, 0]}"#)
        try await page.waitForState(edits: 1)
        let after = try #require(LayerPath([1]).layer(in: h.document.current.scene.root)).presentation(at: 2).position
        #expect(abs(after.x - 90) < 1e-6 && abs(after.y - 200) < 1e-6, "without gravity it stays: \(after)")
        // Saved: the JSON holds the edited gravity and renders like the export.
        let saved = String(decoding: try await h.get("/api/scene.json").body, as: UTF8.self)
        #expect(saved.contains("\"gravity\": [0, 0]"))
        // Names and shapes are not editable; a path outside physics is refused.
        try await page.send(#"{"type":"setSource","path":"layers[0].opacity","value":0}"#)
        #expect(try await page.text(containing: "\"error\"").contains("physics.KEY"))

        // A preset's physics (the photo wall) is listed read-only.
        let wall = SceneControls.describe(Presets.named("photo-wall")!.make(), document: StudioDocument.Info(source: "photo-wall", canSaveJSON: true, exports: [], sourceJSON: nil))
        #expect(JSONWriter.string(wall).contains("\"editable\": false"))
    }

    @Test func pointerMessagesSnapAndTheStatusSaysSo() async throws {
        let h = try await StudioHarness.start(.preset("photo-wall"))
        let page = try await h.page()
        try await page.send(#"{"type":"pause"}"#)
        try await page.send(#"{"type":"seek","time":0.5}"#)
        let photo = try #require(LayerPath([1]).layer(in: h.document.current.scene.root)).position
        try await page.send(#"{"type":"pointer","phase":"began","x":\#(photo.x),"y":\#(photo.y),"id":1}"#)
        try await page.send(#"{"type":"pointer","phase":"ended","x":\#(photo.x),"y":\#(photo.y),"id":1}"#)
        let status = try await page.text(containing: "\"status\"")
        #expect(status.contains("snapped layer 1"))
        try await page.send(#"{"type":"snap","layer":"1"}"#)
        #expect(try await page.text(containing: "\"status\"").contains("restored layer 1"))
        #expect(h.document.history.edits == 2)
    }
}
