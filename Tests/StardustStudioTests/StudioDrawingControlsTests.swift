import Foundation
import Testing
import Stardust
import StardustTestSupport
@testable import StardustStudio

/// The studio's controls for dashed strokes and gradient types: listed with the layer, applied as `setLayer`
/// edits, checked by the scene loader (a pattern of zeros is refused with its message), undone like any edit.
@Suite struct StudioDrawingControlsTests {
    static let json = """
    { "size": [100, 80], "duration": 1,
      "layers": [ { "type": "shape", "path": "M 0 0 L 90 0", "strokeColor": "#FFFFFF", "lineDashPattern": [6, 3] },
                  { "type": "gradient", "colors": ["#000000", "#FFFFFF"] } ] }
    """

    func document() throws -> StudioDocument {
        try StudioDocument(source: .sceneFile(path: "/nonexistent/drawing.json", document: JSONParser.parse(Array(Self.json.utf8))))
    }

    @Test func theLayerListOffersDashAndGradientControls() throws {
        let d = try document()
        let text = JSONWriter.string(SceneControls.describe(d.current.scene, document: d.info))
        #expect(text.contains("\"lineDashPattern\"") && text.contains("\"lineDashPhase\""))
        #expect(text.contains("\"gradientType\"") && text.contains("\"conic\""))
    }

    @Test func editsApplyValidateAndUndo() throws {
        let d = try document()
        try d.apply(StudioEdit(target: .layer(layer: LayerPath([0]), keyPath: "lineDashPhase"), value: .number(4), time: nil))
        try d.apply(StudioEdit(target: .layer(layer: LayerPath([0]), keyPath: "lineDashPattern"), value: .array([.number(2), .number(8)]), time: nil))
        try d.apply(StudioEdit(target: .layer(layer: LayerPath([1]), keyPath: "gradientType"), value: .string("radial"), time: nil))
        let shape = try #require(LayerPath([0]).layer(in: d.current.scene.root) as? ShapeLayer)
        #expect(shape.lineDashPhase == 4 && shape.lineDashPattern == [2, 8])
        #expect((LayerPath([1]).layer(in: d.current.scene.root) as? GradientLayer)?.type == .radial)
        #expect(throws: StudioEditError.self) {
            try d.apply(StudioEdit(target: .layer(layer: LayerPath([0]), keyPath: "lineDashPattern"), value: .array([.number(0), .number(0)]), time: nil))
        }
        #expect(throws: StudioEditError.self) {
            try d.apply(StudioEdit(target: .layer(layer: LayerPath([1]), keyPath: "gradientType"), value: .string("linear"), time: nil))
        }
        #expect(try d.undo())
        #expect((LayerPath([1]).layer(in: d.current.scene.root) as? GradientLayer)?.type == .axial)
    }
}
