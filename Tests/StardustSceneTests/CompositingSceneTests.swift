import Foundation
import Testing
@testable import Stardust
@testable import StardustScene

/// Scene-file keys of masks, filters, shadows and replicators: Core Animation's spellings, JSON-path
/// errors, budgets refused before work, and what the frame shows.
@Suite struct CompositingSceneTests {
    static func load(_ json: String) throws -> Scene {
        var loader = SceneLoader(baseDirectory: "/nonexistent") { _ in throw SceneError(path: "$", "no files in tests") }
        return try loader.scene(fromJSON: json)
    }

    static func error(_ json: String) -> SceneError? {
        do { _ = try load(json); return nil } catch { return error as? SceneError }
    }

    static func scene(_ layers: String) -> String {
        #"{ "size": [100, 100], "scale": 1, "duration": 1, "fps": 10, "layers": [\#(layers)] }"#
    }

    @Test("every key loads with Core Animation's spelling")
    func keysLoad() throws {
        let s = try Self.load(Self.scene("""
        { "type": "group", "name": "card", "bounds": [0, 0, 40, 40], "position": [50, 50], "backgroundColor": "#FF0000",
          "cornerRadius": 8, "masksToBounds": true, "compositingFilter": "screenBlendMode",
          "shadowColor": "#0000FF", "shadowOpacity": 0.5, "shadowRadius": 6, "shadowOffset": [0, 4], "shadowPath": "M0 0 H40 V40 H0 Z",
          "maskMode": "luminanceInverted",
          "mask": { "type": "shape", "path": "M0 0 H20 V20 H0 Z", "fillColor": "#FFFFFF" } },
        { "type": "replicator", "name": "row", "bounds": [0, 0, 100, 100], "instanceCount": 5, "instanceDelay": 0.1,
          "instanceTransform": "translate(10px, 0)", "instanceColor": "#FFFFFF", "instanceRedOffset": -0.1,
          "instanceGreenOffset": -0.1, "instanceBlueOffset": 0, "instanceAlphaOffset": -0.2,
          "sublayers": [ { "type": "group", "bounds": [0, 0, 5, 5], "backgroundColor": "#00FF00" } ] }
        """))
        let card = try #require(s.root.sublayer(named: "card"))
        #expect(card.compositingFilter == .screen && card.shadowOpacity == 0.5 && card.shadowRadius == 6)
        #expect(card.shadowOffset == Size(0, 4) && card.shadowPath != nil && card.maskMode == .luminanceInverted)
        #expect(card.mask is ShapeLayer)
        let row = try #require(s.root.sublayer(named: "row") as? ReplicatorLayer)
        #expect(row.instanceCount == 5 && row.instanceDelay == 0.1 && row.instanceAlphaOffset == -0.2)
        #expect(row.instanceTransform.m41 == 10)
    }

    @Test("an animated shadowOffset may go negative (an offset, not a size); a bounds size may not")
    func negativeShadowOffsetAnimates() throws {
        let s = try Self.load("""
        { "size": [100, 100], "scale": 1, "duration": 1, "fps": 10,
          "layers": [ { "type": "group", "name": "card", "bounds": [0, 0, 40, 40], "shadowOffset": [0, -3] } ],
          "animations": [ { "layer": "card", "keyPath": "shadowOffset", "fromValue": [0, -3], "toValue": [-4, -6],
                            "duration": 1, "fillMode": "forwards", "removedOnCompletion": false } ] }
        """)
        let card = try #require(s.root.sublayer(named: "card"))
        #expect(card.presentationValue(forKeyPath: "shadowOffset", at: 2) == .size(Size(-4, -6)))
        #expect(card.presentationValue(forKeyPath: "shadowOffset", at: 0.5) == .size(Size(-2, -4.5)))
        let e = try #require(Self.error("""
        { "layers": [ { "type": "group", "name": "card" } ],
          "animations": [ { "layer": "card", "keyPath": "bounds.size", "toValue": [-4, 6], "duration": 1 } ] }
        """))
        #expect(e.path == "animations[0].toValue")
    }

    @Test("an unknown filter name is refused at its JSON path, listing the names")
    func unknownFilter() throws {
        let e = try #require(Self.error(Self.scene(#"{ "type": "group", "compositingFilter": "multiply" }"#)))
        #expect(e.path == "layers[0].compositingFilter")
        #expect(e.message.contains("multiplyBlendMode"))
    }

    @Test("a shadowRadius nobody means is refused before any work")
    func hugeShadowRadius() throws {
        let e = try #require(Self.error(Self.scene(#"{ "type": "group", "shadowRadius": 100000 }"#)))
        #expect(e.path == "layers[0].shadowRadius")
    }

    @Test("a mask's shadows count in the blur budget: it is drawn, though it is not a sublayer")
    func maskShadowsAreBudgeted() throws {
        // One 1000-point layer with a σ = 250 shadow costs about 1.9·10¹⁰ multiply-adds (under the 2·10¹⁰ limit);
        // the same shadow again on its mask makes about 3.8·10¹⁰.
        func scene(maskShadow: Bool) -> String {
            let mask = ##"{ "type": "group", "bounds": [0, 0, 1000, 1000], "backgroundColor": "#FFFFFF", "shadowOpacity": 1, "shadowRadius": 250 }"##
            return """
            { "size": [1000, 1000], "scale": 1, "duration": 1, "fps": 1, "layers": [
              { "type": "group", "bounds": [0, 0, 1000, 1000], "backgroundColor": "#FF0000", "shadowOpacity": 1, "shadowRadius": 250
                \(maskShadow ? ", \"mask\": " + mask : "") } ] }
            """
        }
        let alone = try Self.load(scene(maskShadow: false))
        try SceneBudget.check(alone, frameCount: 1, limits: SceneLimits())
        let masked = try Self.load(scene(maskShadow: true))
        let e = try #require(throws: SceneError.self) { try SceneBudget.check(masked, frameCount: 1, limits: SceneLimits()) }
        #expect(e.path.hasSuffix(".shadowRadius"))
        #expect(e.message.contains("multiply-adds"))
    }

    @Test("nested replicators whose counts multiply past the limit are refused at the outer instanceCount")
    func replicatorBudget() throws {
        let e = try #require(Self.error(Self.scene("""
        { "type": "replicator", "instanceCount": 200, "sublayers": [
          { "type": "replicator", "instanceCount": 200, "sublayers": [ { "type": "group" } ] } ] }
        """)))
        #expect(e.path == "layers[0].instanceCount")
        #expect(e.message.contains("40000"))
        #expect(Self.error(Self.scene(#"{ "type": "replicator", "instanceCount": 20000 }"#))?.path == "layers[0].instanceCount")
    }

    @Test("a rounded masksToBounds clips the corner of a sublayer that fills the bounds")
    func roundedClipPixels() throws {
        let s = try Self.load(Self.scene("""
        { "type": "group", "bounds": [0, 0, 80, 80], "position": [50, 50], "cornerRadius": 30, "masksToBounds": true,
          "sublayers": [ { "type": "group", "bounds": [0, 0, 80, 80], "position": [40, 40], "backgroundColor": "#FF0000" } ] }
        """))
        let img = try Renderer(threads: 1).render(s.root.displayList(size: s.size, scale: 1, at: 0))
        func a(_ x: Int, _ y: Int) -> UInt8 { img.pixels[4 * (y * 100 + x) + 3] }
        #expect(a(11, 11) == 0)      // the corner, outside the 30-point arc
        #expect(a(50, 50) == 255)    // the middle
        #expect(a(50, 11) == 255)    // the straight top edge
    }

    @Test("the default shadow (offset (0, −3)) lies above the layer, as Core Animation draws it on iOS")
    func defaultShadowIsAbove() throws {
        let s = try Self.load(Self.scene("""
        { "type": "group", "bounds": [0, 0, 40, 40], "position": [50, 50], "backgroundColor": "#FFFFFF", "shadowOpacity": 1, "shadowRadius": 0 }
        """))
        let img = try Renderer(threads: 1).render(s.root.displayList(size: s.size, scale: 1, at: 0))
        func a(_ x: Int, _ y: Int) -> UInt8 { img.pixels[4 * (y * 100 + x) + 3] }
        #expect(a(50, 28) == 255)   // 2 points above the top edge (y = 30): shadow
        #expect(a(50, 71) == 0)     // below the bottom edge: nothing
    }
}
