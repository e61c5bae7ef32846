import StardustTestSupport
import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// Sprite batches: geometry, tint, render-mode order and batching.
@Suite struct DrawingTests {
    func batches(_ list: [DrawCommand]) -> [SpriteBatch] {
        list.compactMap { if case .sprites(let b) = $0 { return b } else { return nil } }
    }

    @Test("sprite geometry and tint") func spriteGeometryAndTint() {
        let (layer, cell) = singleCellLayer { c in
            c.birthRate = 1; c.lifetime = 10; c.velocity = 10; c.spin = 0.5; c.scale = 2
            c.color = Color(red: 1, green: 0.5, blue: 0.25, alpha: 0.5); c.redSpeed = 1
            c.contents = TestSupport.whiteTexture(8, 4); c.contentsScale = 2
            c.contentsRect = Rect(0, 0, 0.5, 1)
        }
        cell.minificationFilter = .nearest
        layer.emitterPosition = Point(5, 6)
        var list: [DrawCommand] = []
        let transform = Transform2D(scaleX: 2, y: 3).concatenating(Transform2D(translationX: 100, y: 50))
        layer.drawContents(into: &list, time: 0.5, transform: transform)
        let b = batches(list)
        #expect(b.count == 1)
        // 8×4 px ÷ contentsScale 2 × contentsRect (0.5, 1) = 2×2 points.
        #expect(b[0].quadSize == Size(2, 2))
        #expect(b[0].contentsRect == Rect(0, 0, 0.5, 1))
        #expect(b[0].minificationFilter == .nearest)
        #expect(b[0].blend == .normal)
        #expect(b[0].sprites.count == 1)
        let s = b[0].sprites[0]
        // Born at 0 at (5, 6), moving +x at 10 pt/s: at 0.5 s at (10, 6) → (2·10 + 100, 3·6 + 50).
        #expect(abs((Double(s.t.x)) - 120) <= 1e-3); #expect(abs((Double(s.t.y)) - 68) <= 1e-3)
        // Rotation 0.25 rad × scale 2, then the layer's scale (2, 3).
        let co = cos(0.25) * 2, si = sin(0.25) * 2
        #expect(abs((Double(s.m.x)) - (co * 2)) <= 1e-5); #expect(abs((Double(s.m.y)) - (si * 3)) <= 1e-5)
        #expect(abs((Double(s.m.z)) - (-si * 2)) <= 1e-5); #expect(abs((Double(s.m.w)) - (co * 3)) <= 1e-5)
        // Red 1 + 0.5 clamps to 1; premultiplied by alpha 0.5.
        #expect(s.color == SIMD4<Float>(0.5, 0.25, 0.125, 0.5))
    }

    @Test("invisible particles are skipped") func invisibleParticlesAreSkipped() {
        let (layer, _) = singleCellLayer { c in
            c.birthRate = 10; c.lifetime = 10; c.alphaSpeed = -0.5; c.contents = TestSupport.whiteTexture()
        }
        var list: [DrawCommand] = []
        layer.drawContents(into: &list, time: 5, transform: .identity)
        // Alpha 1 − 0.5·age > 0 only for age < 2: births at 3.1 … 5.0.
        #expect(batches(list).first?.sprites.count == 20)
        let (noContents, _) = singleCellLayer { c in c.birthRate = 10; c.lifetime = 10 }
        list = []
        noContents.drawContents(into: &list, time: 5, transform: .identity)
        #expect(list.isEmpty)
        let (shrunk, _) = singleCellLayer { c in
            c.birthRate = 10; c.lifetime = 10; c.scaleSpeed = -1; c.contents = TestSupport.whiteTexture()
        }
        list = []
        shrunk.drawContents(into: &list, time: 5, transform: .identity)
        #expect(batches(list).first?.sprites.count == 10, "scale 1 − age > 0 only for age < 1")
    }

    /// Particles move +x at constant speed, so an older particle is further right (larger x and z).
    func orderedLayer(_ mode: EmitterRenderMode) -> EmitterLayer {
        let (layer, _) = singleCellLayer { c in
            c.birthRate = 20; c.lifetime = 10; c.velocity = 10; c.velocityRange = 5
            c.emissionLatitude = 0.4; c.contents = TestSupport.whiteTexture()
        }
        layer.renderMode = mode
        return layer
    }

    func xs(_ mode: EmitterRenderMode, time: Double = 3) -> [Float] {
        var list: [DrawCommand] = []
        orderedLayer(mode).drawContents(into: &list, time: time, transform: .identity)
        return batches(list).flatMap { $0.sprites.map(\.t.x) }
    }

    @Test("render mode order") func renderModeOrder() {
        let birthOrder = orderedLayer(.unordered).evaluate(at: 3).all.map { Float($0.birthTime) }
        #expect(birthOrder == birthOrder.sorted(), "emission order")
        // Oldest first: x of constant-speed particles is speed × age; compare through ages instead.
        let snapshot = orderedLayer(.oldestFirst).evaluate(at: 3)
        let ageByX = Dictionary(snapshot.all.map { ($0.position.x, $0.age) }, uniquingKeysWith: { a, _ in a })
        let oldestFirst = xs(.oldestFirst).map { ageByX[$0]! }
        #expect(oldestFirst == oldestFirst.sorted(by: >))
        let oldestLast = xs(.oldestLast).map { ageByX[$0]! }
        #expect(oldestLast == oldestLast.sorted())
        // Back to front: z = sin(0.4)·x/cos(0.4) grows with x, so x must ascend.
        let back = xs(.backToFront)
        #expect(back == back.sorted())
        #expect(back != xs(.unordered), "the speed range makes z order differ from emission order")
    }

    @Test("additive blend and batching by texture") func additiveBlendAndBatchingByTexture() {
        let layer = EmitterLayer()
        layer.renderMode = .additive
        let tex = TestSupport.whiteTexture()
        let cells = (0..<3).map { i -> EmitterCell in
            let c = EmitterCell(name: "c\(i)")
            c.birthRate = 5; c.lifetime = 10
            c.contents = i == 2 ? TestSupport.whiteTexture() : tex
            return c
        }
        layer.emitterCells = cells
        var list: [DrawCommand] = []
        layer.drawContents(into: &list, time: 1, transform: .identity)
        let b = batches(list)
        // Cells 0 and 1 share a texture and look: one batch of 12; cell 2 its own.
        #expect(b.map(\.sprites.count) == [12, 6])
        #expect(b[0].texture === tex)
        #expect(b.allSatisfy { $0.blend == .additive })
        #expect(!b[0].isRotationInvariant)
        cells[0].isRotationInvariant = true
        list = []
        layer.drawContents(into: &list, time: 1, transform: .identity)
        #expect(batches(list).map(\.sprites.count) == [6, 6, 6])
        #expect(batches(list)[0].isRotationInvariant)
    }
}
