import Foundation
import Testing
import Stardust
import StardustTestSupport

/// The `photo-wall` preset (docs/DESIGN.md §7): one photo swings and settles back, another is flung away.
@Suite("photo-wall preset")
struct PhotoWallPresetTests {
    /// Every line `stardust trace photo-wall` prints, parsed.
    static func trace(_ scene: Scene) throws -> [JSONValue] {
        try (0..<scene.frameCount).flatMap { i in
            try SceneTrace.line(for: scene, at: scene.time(ofFrame: i), includeParticles: false).split(separator: "\n").map { line in
                try JSONParser.parse(String(line))
            }
        }
    }

    @Test("the trace shows each transition once, in order, as a line before its frame")
    func traceTransitions() throws {
        let scene = try #require(Presets.named("photo-wall")).make()
        let events = try Self.trace(scene).compactMap { o -> String? in
            guard case .string(let e)? = o["event"], case .string(let s)? = o["subject"] else { return nil }
            return "\(s) \(e)"
        }
        #expect(events == ["photo4 photo.grabbed", "photo4 photo.returning", "photo4 photo.settled",
                           "photo10 photo.grabbed", "photo10 photo.falling", "photo10 photo.removed"])
    }

    @Test("the returned photo is back in its slot, upright; the flung one is gone; the rest never moved")
    func endState() throws {
        let scene = try #require(Presets.named("photo-wall")).make()
        let end = scene.duration
        let photos = (0..<15).map { scene.layer(named: "photo\($0)")! }
        for (i, p) in photos.enumerated() {
            let shown = p.presentation(at: end)
            #expect(shown.isHidden == (i == 10), "photo\(i)")
            #expect(shown.position == p.position, "photo\(i)")
        }
        // While held, photo 4 really swings: it turns and leaves its slot.
        let held = photos[4]
        let turn = held.presentationValue(forKeyPath: "transform.rotation.z", at: 1.4)?.doubleValue ?? 0
        #expect(abs(turn) > 0.2)
        #expect(held.presentation(at: 1.4).position != held.position)
    }
}
