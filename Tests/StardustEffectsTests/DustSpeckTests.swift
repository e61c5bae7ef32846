import Foundation
import StardustAnimation
import StardustCore
import StardustEffects
import StardustRender
import StardustTestSupport
import Testing

/// The per-layer pixel lists and the flying layers drawn from them: every kept texel, once, on the pixel
/// under its center — computed here independently, in double precision, from the layer's position and turn.
@Suite struct DustSpeckTests {
    @Test(arguments: [1, 5, 32, 256])
    func theIndexListsEachLayersPixelsOnceInOrder(n: Int) throws {
        let w = 83, h = 17
        let a = DustSplit.split(width: w, height: h, layerCount: n, seed: 12)
        let index = try #require(LayerPixelIndex(a))
        for y in 0..<h {
            for k in 0..<n {
                let expected = (0..<w).filter { a.contains($0, y, layer: k) }.map { UInt16($0) }
                #expect(Array(index.columns[index.range(row: y, layer: k)]) == expected, "row \(y) layer \(k)")
            }
        }
        // 4 bytes per pixel plus 2·(N + 1) per row, for any N.
        #expect(index.byteCount == 4 * w * h + 2 * (n + 1) * h)
    }

    @Test(arguments: [(0.0, 10.25, 7.75), (0.1, 13.3, 22.6), (-0.25, 0.5, 0.5)] as [(Double, Double, Double)])
    func aFlyingLayerPutsEachKeptTexelUnderItsCenter(turn: Double, dx: Double, dy: Double) throws {
        let w = 40, h = 30
        var g = SplitMix64(seed: 5)
        let tex = Texture(TestSupport.image(width: w, height: h) { _, _ in
            let v = g.next()
            return (UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v >> 16), 255)
        })
        let effect = DustEffect(texture: tex, frame: Rect(x: 20, y: 20, width: Double(w), height: Double(h)),
                                parameters: DustParameters(layerCount: 6, seed: 3))
        #expect(effect.pixelIndex != nil)
        let size = Size(80, 70)
        for layer in effect.dustLayers {
            layer.removeAllAnimations()
            layer.position = Point(Double(w) / 2 + dx, Double(h) / 2 + dy)
            layer.setValue(.number(turn), forKeyPath: "transform.rotation")
            let img = try Renderer(threads: 1).render(layer.displayList(size: size, scale: 1, at: 0))
            // Independent truth: texel (x, y)'s center (x + ½, y + ½) goes to position + R(turn)·(center − (w/2, h/2)).
            var expected = [UInt8](repeating: 0, count: 80 * 70 * 4)
            var uncertain = Set<Int>()
            for y in 0..<h {
                for x in 0..<w where effect.assignment.contains(x, y, layer: layer.layerIndex) {
                    let lx = Double(x) + 0.5 - Double(w) / 2, ly = Double(y) + 0.5 - Double(h) / 2
                    let px = Double(w) / 2 + dx + lx * cos(turn) - ly * sin(turn)
                    let py = Double(h) / 2 + dy + lx * sin(turn) + ly * cos(turn)
                    let ix = Int(px.rounded(.down)), iy = Int(py.rounded(.down))
                    let fx = px - px.rounded(.down), fy = py - py.rounded(.down)
                    if min(fx, 1 - fx) < 1e-3 || min(fy, 1 - fy) < 1e-3 {
                        for ox in -1...1 { for oy in -1...1 { uncertain.insert((iy + oy) * 80 + ix + ox) } }
                        continue
                    }
                    guard (0..<80).contains(ix), (0..<70).contains(iy) else { continue }
                    let o = 4 * (iy * 80 + ix), t = 4 * (y * w + x)
                    for c in 0..<4 { expected[o + c] = tex.image.pixels[t + c] }
                }
            }
            var compared = 0, lit = 0
            for p in 0..<(80 * 70) where !uncertain.contains(p) {
                compared += 1
                if expected[4 * p + 3] != 0 { lit += 1 }
                #expect(Array(img.pixels[(4 * p)..<(4 * p + 4)]) == Array(expected[(4 * p)..<(4 * p + 4)]),
                        "layer \(layer.layerIndex) pixel (\(p % 80), \(p / 80))")
            }
            #expect(compared > 80 * 70 * 9 / 10 && lit > 0)
        }
    }
}
