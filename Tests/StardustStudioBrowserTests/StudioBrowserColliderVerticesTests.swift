import Foundation
import Testing
import Stardust
import StardustTestSupport
@testable import StardustStudio

/// A polygon collider's vertex list (docs/STUDIO.md, "Cell extensions") in a real browser: **+** adds a vertex the
/// loader takes (the polygon stays convex), and a number that makes the polygon concave is refused with the loader's
/// message in the status line while the list shows the document's vertices again.
@Suite(.serialized, .enabled(if: ChromeDriver.available, ChromeDriver.skipReason), .studioBrowser)
struct StudioBrowserColliderVerticesTests {
    static let scene = """
    { "size": [200, 200], "duration": 2,
      "layers": [ { "type": "emitter", "bounds": [0, 0, 200, 100], "position": [100, 50], "emitterPosition": [100, 20],
                    "emitterCells": [ { "name": "rocket", "contents": "builtin:dot", "birthRate": 10, "lifetime": 1, "velocity": 40,
                                        "colliders": [ { "polygon": [[100, 25], [150, 75], [50, 75]] } ] } ] } ] }
    """

    @Test func addingAVertexKeepsThePolygonConvexAndARefusedOneIsTakenBack() async throws {
        let b = try StudioBrowser.shared
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-vertices-\(UUID().uuidString).json")
        try Data(Self.scene.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await b.openSceneFile(file.path)
        let list = "span.stops[data-path=\"layers[0].emitterCells[0].colliders[0].polygon\"]"
        try await b.wait("the vertex list to show") {
            try await b.driver.execute("return document.querySelectorAll(arguments[0] + ' .vertex').length === 3", [list]) as? Bool == true
        }
        _ = try await b.driver.execute("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", [list])
        let polygon = { () -> ParticleCollider.Shape? in
            b.document.current.scene.allLayers.compactMap { $0 as? EmitterLayer }.first?.emitterCells[0].extensions?.colliders.first?.shape
        }

        // + : one edit, a fourth vertex on the longest edge (the bottom one), pushed out (down) a tenth of it.
        var edits = b.document.history.edits
        try await b.driver.click(try await b.driver.element("\(list) > button"))
        try await b.wait("the added vertex to reach the document") { b.document.history.edits == edits + 1 }
        #expect(polygon() == .polygon([Point(100, 25), Point(150, 75), Point(100, 85), Point(50, 75)]))

        // The fourth vertex's y moved inside the triangle: refused, the document unchanged, the list shows 85 again.
        let y = "\(list) .vertex[data-vertex=\"2\"] input[title=\"y\"]"
        try await b.wait("the list to show four vertices") {
            try await b.driver.execute("return document.querySelectorAll(arguments[0] + ' .vertex').length === 4", [list]) as? Bool == true
        }
        edits = b.document.history.edits
        _ = try await b.driver.execute("const n = document.querySelector(arguments[0]); n.value = '50'; n.dispatchEvent(new Event('change'))", [y])
        try await b.wait("the refusal to show") { try await b.text("status").contains("must be convex") }
        try await b.wait("the list to show the document's vertex") {
            try await b.driver.execute("return document.querySelector(arguments[0]).value", [y]) as? String == "85"
        }
        #expect(b.document.history.edits == edits)
        #expect(polygon() == .polygon([Point(100, 25), Point(150, 75), Point(100, 85), Point(50, 75)]))
    }
}
