import Foundation
import Stardust
import Testing

/// The `thanos` preset (docs/DESIGN.md §8, §12): half the cards turn to dust, then come back exactly.
@Suite struct ThanosPresetTests {
    @Test func halfTheCardsTurnToDustAndComeBackExactly() throws {
        let scene = try #require(Presets.named("thanos")).make()
        scene.scale = 1
        let effects = scene.allLayers.filter { $0.name == "disintegration" || ($0.name?.hasPrefix("card") ?? false) }
        let dusty = scene.allLayers.filter { $0.sublayers.contains { $0.name == "dust" } }
        #expect(effects.count == 4)
        #expect(dusty.count == 2, "a random half of the four cards")
        let r = Renderer(threads: 1)
        let before = try r.render(scene.displayList(at: 1.9))
        let gone = try r.render(scene.displayList(at: 6.5))
        let after = try r.render(scene.displayList(at: 12.9))
        #expect(before.pixels != gone.pixels)
        // The gauntlet differs (snap sheet vs time-stone sheet): compare above it.
        let rows = 4 * scene.pixelWidth * 420
        #expect(Array(after.pixels[0..<rows]) == Array(before.pixels[0..<rows]))
    }

    /// The sound track's moments: the gauntlet's one snap at 2 s, each doomed card's dust 0.6 s apart from 2 s, and
    /// each card's restore tone from 9 s (the last to crumble the first back), all lasting the dust's 2.31 s.
    @Test func theSoundCuesFollowTheTimeline() throws {
        let preset = try #require(Presets.named("thanos"))
        let cues = try #require(preset.soundCues(preset.defaultSize))
        #expect(cues.filter { $0.kind == .snap }.map(\.time) == [2])
        #expect(cues.filter { $0.kind == .dust }.map(\.time) == [2, 2.6])
        let restores = cues.filter { $0.kind == .restore }.map(\.time)
        #expect(restores.count == 2 && restores.allSatisfy { $0 >= 9 && $0 < 9.7 })
        let flight = 1.35 * 31 / 32 + 1
        #expect(cues.filter { $0.kind != .snap }.allSatisfy { abs($0.duration - flight) < 1e-12 })
        #expect(Presets.named("snow")?.soundCues(Presets.phone) == nil)
    }
}
