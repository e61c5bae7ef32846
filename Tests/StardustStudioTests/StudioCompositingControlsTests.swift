import Foundation
import Testing
import Stardust
import StardustTestSupport
@testable import StardustStudio

/// The studio's compositing controls: the shadow's offset (a size) on every layer and the mask mode on a layer
/// that has a mask, listed with the layer, applied as `setLayer` edits, checked by the scene loader, undone.
@Suite struct StudioCompositingControlsTests {
    static let json = """
    { "size": [100, 80], "duration": 1,
      "layers": [ { "type": "shape", "path": "M 0 0 L 90 0 L 90 60 Z", "fillColor": "#FF0000", "shadowOpacity": 0.5,
                    "mask": { "type": "shape", "path": "M 0 0 L 50 0 L 50 50 Z", "fillColor": "#FFFFFF" } },
                  { "type": "group", "backgroundColor": "#00FF00" } ] }
    """

    func document() throws -> StudioDocument {
        try StudioDocument(source: .sceneFile(path: "/nonexistent/compositing.json", document: JSONParser.parse(Array(Self.json.utf8))))
    }

    @Test func shadowOffsetOnEveryLayerMaskModeOnlyWithAMask() throws {
        let d = try document()
        let masked = try #require(LayerPath([0]).layer(in: d.current.scene.root))
        let plain = try #require(LayerPath([1]).layer(in: d.current.scene.root))
        let a = JSONWriter.string(.array(StudioCompositingControls.describe(masked)))
        let b = JSONWriter.string(.array(StudioCompositingControls.describe(plain)))
        #expect(a.contains("\"shadowOffset\"") && a.contains("\"size\"") && a.contains("\"maskMode\"") && a.contains("\"luminanceInverted\""))
        #expect(b.contains("\"shadowOffset\"") && !b.contains("\"maskMode\""))
    }

    @Test func editsApplyValidateAndUndo() throws {
        let d = try document()
        try d.apply(StudioEdit(target: .layer(layer: LayerPath([0]), keyPath: "shadowOffset"), value: .size(Size(4, 6)), time: nil))
        try d.apply(StudioEdit(target: .layer(layer: LayerPath([0]), keyPath: "maskMode"), value: .string("luminance"), time: nil))
        let layer = try #require(LayerPath([0]).layer(in: d.current.scene.root))
        #expect(layer.shadowOffset == Size(4, 6) && layer.maskMode == .luminance)
        // The scene loader's limits apply: an offset of ten million points and an unknown mode are refused.
        #expect(throws: StudioEditError.self) {
            try d.apply(StudioEdit(target: .layer(layer: LayerPath([0]), keyPath: "shadowOffset"), value: .size(Size(1e7, 0)), time: nil))
        }
        #expect(throws: StudioEditError.self) {
            try d.apply(StudioEdit(target: .layer(layer: LayerPath([0]), keyPath: "maskMode"), value: .string("luma"), time: nil))
        }
        // A layer without a mask has no mask-mode control.
        #expect(throws: StudioEditError.self) {
            try d.apply(StudioEdit(target: .layer(layer: LayerPath([1]), keyPath: "maskMode"), value: .string("luminance"), time: nil))
        }
        #expect(try d.undo())
        #expect(LayerPath([0]).layer(in: d.current.scene.root)?.maskMode == .alpha)
    }
}
