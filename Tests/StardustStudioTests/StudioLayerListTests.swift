import Foundation
import Stardust
import StardustTestSupport
import Testing
@testable import StardustStudio

/// The page's layer list says what each layer is (a layer without a name by its kind and contents) and which layers
/// are not drawn at the playhead (docs/STUDIO.md, the `scene` and `state` messages).
@Suite struct StudioLayerListTests {
    @Test func aLayerWithoutANameIsDescribedByWhatItHolds() throws {
        let text = TextLayer(); text.string = "Happy holidays"
        let shape = ShapeLayer(); shape.path = Path(rect: Rect(0, 0, 10, 10)); shape.fillColor = Color(hex: "#FF0000")
        let group = Layer(); group.addSublayer(text); group.addSublayer(shape)
        let emitter = EmitterLayer()
        let a = EmitterCell(); a.name = "flake"
        let b = EmitterCell(); b.name = "blurryFlake"
        emitter.emitterCells = [a, b]
        #expect(SceneControls.summary(of: text) == "“Happy holidays”")
        #expect(SceneControls.summary(of: shape).hasPrefix("path ") && SceneControls.summary(of: shape).contains("fill #FF0000"))
        #expect(SceneControls.summary(of: group) == "2 sublayers")
        #expect(SceneControls.summary(of: emitter) == "2 cells: flake, blurryFlake")
        #expect(SceneControls.kind(of: text) == "text" && SceneControls.kind(of: emitter) == "emitter")
    }

    @Test func theStateListsTheLayersNotDrawnAtThePlayhead() throws {
        let document = try StudioDocument(source: .preset("photo-wall"))
        let scene = document.current.scene
        let wall = try #require(scene.simulations.first as? PhotoWall)
        let removal = try #require(wall.events(after: 0, through: scene.duration).first { $0.name == "photo.removed" })
        let index = try #require(scene.root.sublayers.firstIndex { $0.name == removal.subject })
        document.seek(to: removal.time - 0.5)
        #expect(!document.stateMessage().contains("\"\(index)\""), "before its removal the photo is drawn")
        document.seek(to: removal.time + 0.5)
        let state = document.stateMessage()
        #expect(state.contains("\"hiddenLayers\"") && state.contains("\"\(index)\""), "\(state)")
    }
}
