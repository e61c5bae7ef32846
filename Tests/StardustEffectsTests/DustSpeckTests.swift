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
        // 4 bytes per pixel plus 2·(N + 1) per row and 4 per layer, for any N.
        #expect(index.byteCount == 4 * w * h + 2 * (n + 1) * h + 4 * n)
        // Each layer's column bounds: from its leftmost pixel's column to its rightmost one's, plus one.
        for k in 0..<n {
            let xs = (0..<w).filter { x in (0..<h).contains { a.contains(x, $0, layer: k) } }
            let expected = xs.isEmpty ? 0..<0 : xs.first!..<(xs.last! + 1)
            #expect(index.columns(ofLayer: k) == expected, "layer \(k)")
        }
    }

    /// All layers at rest are drawn in one pass (consecutive layers on one placement merge); the bytes must be those
    /// of one source-over blend per layer a pixel belongs to: on a transparent frame, a pixel in one layer is its
    /// texel t, a pixel in two layers t + t·(1 − α/255) rounded (computed here in double precision) — also under a
    /// clip that cuts the picture, outside which nothing is drawn.
    @Test(arguments: [1, 8, 32], [48, 29])
    func layersAtRestInOnePassBlendOncePerLayer(n: Int, clipWidth: Int) throws {
        let w = 48, h = 20
        var g = SplitMix64(seed: 9)
        let tex = Texture(TestSupport.image(width: w, height: h) { x, _ in
            let v = g.next(), a = 40 + (x * 7) % 200
            return (UInt8(Int(v & 0xFF) % (a + 1)), UInt8(Int(v >> 8 & 0xFF) % (a + 1)), UInt8(Int(v >> 16 & 0xFF) % (a + 1)),
                    UInt8(a))
        })
        let effect = DustEffect(texture: tex, frame: Rect(x: 0, y: 0, width: Double(w), height: Double(h)),
                                parameters: DustParameters(layerCount: n, seed: 6))
        let holder = effect.dustHolder
        holder.bounds = Rect(x: 0, y: 0, width: Double(clipWidth), height: Double(h))
        holder.position = Point(Double(clipWidth) / 2, Double(h) / 2)
        holder.masksToBounds = true
        let img = try Renderer(threads: 1).render(holder.displayList(size: Size(Double(w), Double(h)), scale: 1, at: 0))
        var checked = 0
        for y in 0..<h {
            for x in 0..<w {
                let i = 4 * (y * w + x)
                let got = Array(img.pixels[i..<(i + 4)])
                guard x < clipWidth else {
                    #expect(got == [0, 0, 0, 0], "pixel (\(x), \(y)) outside the clip")
                    continue
                }
                let d0 = effect.assignment.draws[2 * (y * w + x)], d1 = effect.assignment.draws[2 * (y * w + x) + 1]
                let t = Array(tex.image.pixels[i..<(i + 4)])
                if d0 == d1 {
                    #expect(got == t, "pixel (\(x), \(y)) in one layer")
                    continue
                }
                let keep = 1 - Double(t[3]) / 255
                var expected: [UInt8] = []
                var tie = false
                for c in 0..<4 {
                    let v = min(Double(t[c]) + Double(t[c]) * keep, 255)
                    if abs(v - v.rounded(.down) - 0.5) < 1e-3 { tie = true }
                    expected.append(UInt8(v + 0.5))
                }
                if tie { continue }
                checked += 1
                #expect(got == expected, "pixel (\(x), \(y)) in two layers")
            }
        }
        #expect(n == 1 || checked > clipWidth * h / 4)
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
