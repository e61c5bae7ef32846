import Foundation
import StardustAnimation
import StardustCore
import StardustEffects
import StardustRender
import StardustTestSupport
import Testing

/// The flight, the restore and the masked drawing, checked against the formulas of docs/DESIGN.md §8.
@Suite struct DustFlightTests {
    /// A w×h picture: opaque noise, or with `translucent` an alpha ramp.
    static func picture(_ w: Int, _ h: Int, translucent: Bool = false) -> Texture {
        var g = SplitMix64(seed: 42)
        return Texture(TestSupport.image(width: w, height: h) { x, _ in
            let v = g.next()
            return (UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v >> 16),
                    translucent ? UInt8(truncatingIfNeeded: 40 + (x * 7) % 200) : 255)
        })
    }

    static func render(_ layer: Layer, size: Size, at t: Double) throws -> Image {
        try Renderer(threads: 1).render(layer.displayList(size: size, scale: 1, at: t))
    }

    static func point(_ l: Layer, _ t: Double) -> Point {
        if case .point(let p)? = l.presentationValue(forKeyPath: "position", at: t) { return p }
        return Point(.nan, .nan)
    }

    static func number(_ l: Layer, _ key: String, _ t: Double) -> Double {
        l.presentationValue(forKeyPath: key, at: t)?.doubleValue ?? .nan
    }

    @Test func theFlightConstantsFollowTheFormula() {
        var p = DustParameters(layerCount: 32, seed: 11)
        let start = Point(50, 40)
        for i in [0, 7, 31] {
            let f = p.flight(ofLayer: i, from: start)
            #expect(abs(f.delay - 1.35 * Double(i) / 32) < 1e-12)
            #expect(f.duration == 1)
            let off = f.control - start
            // (60 cos θ, 30 sin θ): on the ellipse with semi-axes 60 and 30.
            #expect(abs((off.x / 60) * (off.x / 60) + (off.y / 30) * (off.y / 30) - 1) < 1e-9)
            // The end is the offset turned by a; the rotation a + b with |a|, |b| ≤ π/24.
            let e = f.end - start
            let a = atan2(e.y, e.x) - atan2(off.y, off.x)
            let aa = atan2(sin(a), cos(a))
            #expect(abs(aa) <= .pi / 24 + 1e-12)
            #expect(abs(hypot(e.x, e.y) - hypot(off.x, off.y)) < 1e-9)
            #expect(abs(f.rotation - aa) <= .pi / 24 + 1e-12)
        }
        p.offsetX = 10; p.offsetY = 10
        let f = p.flight(ofLayer: 3, from: .zero)
        #expect(abs(hypot(f.control.x, f.control.y) - 10) < 1e-9)
    }

    @Test func eachLayerFliesThroughStartBezierMidpointAndEndAtConstantSpeed() {
        let effect = DustEffect(texture: Self.picture(40, 30), frame: Rect(x: 0, y: 0, width: 40, height: 30),
                                parameters: DustParameters(layerCount: 8, seed: 2), snapTime: 0.5)
        for (i, layer) in effect.dustLayers.enumerated() {
            let f = effect.flights[i]
            let t0 = 0.5 + 1.35 * Double(i) / 8
            #expect(Self.point(layer, t0 - 0.01) == f.start)
            #expect(Self.number(layer, "opacity", t0 - 0.01) == 1)
            let s = Self.point(layer, t0)
            #expect(hypot(s.x - f.start.x, s.y - f.start.y) < 1e-9)
            let e = Self.point(layer, t0 + 1.001)
            #expect(hypot(e.x - f.end.x, e.y - f.end.y) < 1e-9)
            #expect(Self.point(layer, t0 + 5) == e)
            // The Bézier midpoint (start + 2·control + end)/4 lies on the path.
            let mid = (f.start + f.control * 2 + f.end) * 0.25
            var best = Double.infinity
            var steps: [Double] = []
            var prev = s
            for k in 1...400 {
                let p = Self.point(layer, t0 + Double(k) / 400)
                best = min(best, hypot(p.x - mid.x, p.y - mid.y))
                steps.append(hypot(p.x - prev.x, p.y - prev.y))
                prev = p
            }
            #expect(best < 0.2, "layer \(i) misses the Bézier midpoint by \(best)")
            // Paced: equal times, equal distances (within 8 %: the animation module re-times a curved segment with a
            // 64-sample arc-length table, whose error grows on a tight quadratic bend).
            let mean = steps.reduce(0, +) / Double(steps.count)
            let worst = steps.map { abs($0 - mean) / mean }.max() ?? 0
            #expect(worst < 0.08, "layer \(i) is not paced: step deviation \(worst)")
            // Turns to a + b and fades out.
            #expect(abs(Self.number(layer, "transform.rotation", t0 + 1.001) - f.rotation) < 1e-9)
            #expect(Self.number(layer, "opacity", t0 + 0.5) > 0.4 && Self.number(layer, "opacity", t0 + 0.5) < 0.6)
            #expect(Self.number(layer, "opacity", t0 + 1.001) == 0)
        }
    }

    @Test(arguments: [1, 8, 32, 256])
    func atRestTheLayersReassembleThePicture(n: Int) throws {
        let tex = Self.picture(48, 20)
        let size = Size(48, 20)
        let effect = DustEffect(texture: tex, frame: Rect(x: 0, y: 0, width: 48, height: 20),
                                parameters: DustParameters(layerCount: n, seed: 4))
        // Every layer alone: only original pixels; together they cover every pixel.
        var covered = [Bool](repeating: false, count: 48 * 20)
        for layer in effect.dustLayers.prefix(min(n, 40)) + (n > 40 ? Array(effect.dustLayers.suffix(n - 40)) : []) {
            let img = try Self.render(layer, size: size, at: 0)
            for p in 0..<(48 * 20) {
                let px = Array(img.pixels[(4 * p)..<(4 * p + 4)])
                if px == [0, 0, 0, 0] { continue }
                #expect(px == Array(tex.image.pixels[(4 * p)..<(4 * p + 4)]))
                covered[p] = true
                #expect(effect.assignment.contains(p % 48, p / 48, layer: layer.layerIndex))
            }
        }
        #expect(covered.allSatisfy { $0 }, "every opaque pixel lands in at least one layer")
        // All layers drawn together at t = 0 are the picture, byte for byte.
        let all = try Self.render(effect.dustHolder, size: size, at: 0)
        #expect(all.pixels == tex.image.pixels)
    }

    @Test func afterTheLastFlightEverythingIsTransparent() throws {
        let effect = DustEffect(texture: Self.picture(64, 24), frame: Rect(x: 0, y: 0, width: 64, height: 24),
                                parameters: DustParameters(layerCount: 32, seed: 9))
        for t in [2.35, 2.5, 10] {
            for l in effect.dustLayers { #expect(Self.number(l, "opacity", t) == 0) }
            let img = try Self.render(effect.container, size: Size(64, 24), at: t)
            #expect(img.pixels.allSatisfy { $0 == 0 })
        }
        // Mid-way some dust is visible, moved away from the picture.
        let mid = try Self.render(effect.container, size: Size(64, 24), at: 0.8)
        #expect(mid.pixels.contains { $0 != 0 })
    }

    @Test(arguments: [false, true])
    func theRestoreReassemblesThePictureExactly(translucent: Bool) throws {
        let tex = Self.picture(60, 30, translucent: translucent)
        let size = Size(80, 50)
        let effect = DustEffect(texture: tex, frame: Rect(x: 10, y: 10, width: 60, height: 30),
                                parameters: DustParameters(layerCount: 16, seed: 3), snapTime: 0.25, restoreTime: 3)
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 80, height: 50)
        root.position = Point(40, 25)
        root.addSublayer(effect.container)
        let before = try Self.render(root, size: size, at: 0)
        let gone = try Self.render(root, size: size, at: 2.9)
        let end = try #require(effect.restoreEndTime)
        let after = try Self.render(root, size: size, at: end)
        let later = try Self.render(root, size: size, at: end + 3)
        #expect(gone.pixels.allSatisfy { $0 == 0 })
        #expect(after.pixels == before.pixels)
        #expect(later.pixels == before.pixels)
        // The picture is where it should be.
        #expect(before[10, 10] == tex.image[0, 0])
        // The layers themselves are back: first to leave, last to return.
        let n = effect.dustLayers.count
        for (i, l) in effect.dustLayers.enumerated() {
            let back = 3 + 1.35 * Double(n - 1 - i) / Double(n)
            #expect(Self.number(l, "opacity", back) == 0)
            #expect(Self.number(l, "opacity", back + 1.001) == 1)
            #expect(Self.number(l, "transform.rotation", back + 1.001) == 0)
            #expect(Self.point(l, back + 1.001) == effect.flights[i].start)
        }
    }
}
