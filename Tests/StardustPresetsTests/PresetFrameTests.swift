import Testing
import Stardust
import StardustTestSupport

/// Every preset with emitters (the thanos preset has none: ThanosPresetTests checks its cards) shows its particles where the display list puts them (not merely "some
/// byte is non-zero"), at a quarter of a point per pixel.
@Suite struct PresetFrameTests {
    @Test("Three seconds in, the particles of every preset are drawn where they are", arguments: Presets.all.filter { $0.make().allLayers.contains { $0 is EmitterLayer } }.map(\.name))
    func particlesAreDrawn(preset: String) throws {
        let scene = try #require(Presets.named(preset)).make()
        scene.scale = 0.25
        let report = try SpriteVisibility.check(root: scene.root, size: scene.size, scale: scene.scale, seed: scene.seed, at: 3)
        #expect(report.visible > 0, "\(preset): no visible particle at t = 3 (\(report))")
        // A sprite of opacity ≥ 0.25 changes its centre's pixels unless another particle above it
        // covers the same spot identically; allow a few such overlaps.
        #expect(Double(report.drawn) >= 0.9 * Double(report.visible), "\(preset): \(report)")
        let image = try Renderer(threads: 1).render(scene.displayList(at: 3))
        #expect(image.width == scene.pixelWidth && image.height == scene.pixelHeight)
    }
}
