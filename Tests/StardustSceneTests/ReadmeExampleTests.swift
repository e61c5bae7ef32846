import Foundation
import Testing
import StardustTestSupport
import Stardust

/// The library example of README.md compiles and does what it says.
@Suite struct ReadmeExampleTests {
    @Test("readme library example") func readmeLibraryExample() throws {
        let emitter = EmitterLayer()
        emitter.emitterShape = .line
        emitter.emitterPosition = Point(195, 0)
        emitter.emitterSize = Size(390, 0)
        let flake = EmitterCell()
        flake.contents = BuiltinImages.texture(named: "dot")
        flake.birthRate = 30; flake.lifetime = 20; flake.velocity = 30; flake.yAcceleration = 30
        emitter.emitterCells = [flake]

        let scene = Scene(name: "mysnow", size: Size(390, 844))
        scene.root.addSublayer(emitter)
        scene.scale = 0.5
        scene.duration = 0.2
        let frame = try Renderer().render(scene.displayList(at: 3))
        #expect(frame.width == 195)
        // Three seconds in, about 90 flakes have fallen into view: each is drawn where it is.
        let report = try SpriteVisibility.check(root: scene.root, size: scene.size, scale: scene.scale, seed: scene.seed, at: 3)
        #expect(report.visible > 50, "\(report)")
        #expect(Double(report.drawn) >= 0.9 * Double(report.visible), "\(report)")

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("mysnow.gif").path
        try RenderJob(scene: scene).write(to: path)
        let gif = try GIFDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(gif.frames.count == scene.frameCount)
    }
}
