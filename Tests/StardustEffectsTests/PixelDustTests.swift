import Foundation
import StardustAnimation
import StardustCore
import StardustEffects
import StardustRender
import StardustTestSupport
import Testing

/// The per-pixel mode (docs/DESIGN.md §8, beyond the source) against its closed form: every pixel's place in the
/// order, its flight's end points and pacing, the picture at rest, nothing after the end, the restore.
@Suite struct PixelDustTests {
    static func render(_ layer: Layer, size: Size, at t: Double) throws -> Image {
        try Renderer(threads: 1).render(layer.displayList(size: size, scale: 1, at: t))
    }

    static func rotate(_ p: Point, _ a: Double) -> Point { Point(p.x * cos(a) - p.y * sin(a), p.x * sin(a) + p.y * cos(a)) }

    @Test func eachPixelLeavesWhenItsOrderSays() {
        let law = PixelDust(width: 50, height: 20, size: Size(50, 20), parameters: DustParameters(seed: 7), snapTime: 0.5)
        for (x, y) in [(0, 0), (49, 19), (25, 7), (3, 15)] {
            // λ = (r + 2x/w)/3 with r the split's first draw of the pixel.
            let r = DustSplit.draws(seed: 7, index: y * 50 + x).0
            let lambda = (r + 2 * Double(x) / 50) / 3
            #expect(abs(law.order(x: x, y: y) - lambda) < 1e-15)
            let leave = 0.5 + 1.35 * lambda
            let rest = Point(Double(x) + 0.5, Double(y) + 0.5)
            #expect(law.state(x: x, y: y, at: leave - 1e-6).position == rest)
            #expect(law.state(x: x, y: y, at: leave - 1e-6).opacity == 1)
            #expect(abs(law.state(x: x, y: y, at: leave + 0.5).opacity - 0.5) < 1e-9)
            #expect(law.state(x: x, y: y, at: leave + 1 + 1e-9).opacity == 0)
        }
        // For a column, λ − 2x/(3w) = r/3 is uniform on [0, 1/3): a 10-bin histogram over 5000 rows.
        let tall = PixelDust(width: 8, height: 5000, size: Size(8, 5000), parameters: DustParameters(seed: 3))
        var counts = [Int](repeating: 0, count: 10)
        for y in 0..<5000 { counts[min(9, Int((tall.order(x: 5, y: y) - 10.0 / 24) * 30))] += 1 }
        #expect(Statistics.chiSquare(observed: counts, expected: [Double](repeating: 500, count: 10)) < 9 + 5 * 18.0.squareRoot() + 5)
    }

    @Test func eachPixelEndsWhereItsClosedFormSays() {
        let size = Size(41, 31)
        let law = PixelDust(width: 41, height: 31, size: size, parameters: DustParameters(seed: 5))
        let c = Point(20.5, 15.5)
        for (x, y) in [(0, 0), (40, 30), (20, 15), (7, 22)] {
            let j = law.jitter(x: x, y: y)
            // The offset lies on the ellipse (60 cos θ, 30 sin θ); the turns are within ±π/24 each.
            #expect(abs((j.offset.x / 60) * (j.offset.x / 60) + (j.offset.y / 30) * (j.offset.y / 30) - 1) < 1e-9)
            #expect(abs(j.a) <= .pi / 24 && abs(j.rotation - j.a) <= .pi / 24)
            // At the end: C + R(a)·o + R(a + b)·(q − C).
            let q = Point(Double(x) + 0.5, Double(y) + 0.5)
            let end = c + Self.rotate(j.offset, j.a) + Self.rotate(q - c, j.rotation)
            let p = law.position(x: x, y: y, jitter: j, progress: 1)
            #expect(hypot(p.x - end.x, p.y - end.y) < 1e-9)
            #expect(law.position(x: x, y: y, jitter: j, progress: 0) == q)
        }
        // The center pixel does not turn: it follows the Bézier 0 → o → R(a)·o alone, through its midpoint
        // (o + R(a)·o)/4 + o/2, at (nearly) constant speed.
        let j = law.jitter(x: 20, y: 15)
        let mid = c + j.offset * 0.5 + Self.rotate(j.offset, j.a) * 0.25
        var best = Double.infinity, steps: [Double] = []
        var prev = c
        for k in 1...400 {
            let p = law.position(x: 20, y: 15, jitter: j, progress: Double(k) / 400)
            best = min(best, hypot(p.x - mid.x, p.y - mid.y))
            steps.append(hypot(p.x - prev.x, p.y - prev.y))
            prev = p
        }
        #expect(best < 0.2)
        let mean = steps.reduce(0, +) / Double(steps.count)
        let worst = steps.map { abs($0 - mean) / mean }.max() ?? 1
        #expect(worst < 0.03, "paced: step deviation \(worst)")
    }

    static func picture(_ w: Int, _ h: Int, translucent: Bool = false) -> Texture {
        var g = SplitMix64(seed: 9)
        return Texture(TestSupport.image(width: w, height: h) { x, _ in
            let v = g.next()
            let a = translucent ? UInt8(truncatingIfNeeded: 30 + (x * 11) % 220) : 255
            // Premultiplied: no channel above alpha.
            return (min(a, UInt8(truncatingIfNeeded: v)), min(a, UInt8(truncatingIfNeeded: v >> 8)),
                    min(a, UInt8(truncatingIfNeeded: v >> 16)), a)
        })
    }

    @Test(arguments: [false, true])
    func atTheSnapTheSpecksAreThePicture(translucent: Bool) throws {
        let tex = Self.picture(37, 23, translucent: translucent)
        let effect = PixelDustEffect(texture: tex, frame: Rect(x: 0, y: 0, width: 37, height: 23), snapTime: 1)
        // The specks alone (the picture layer hidden), before any has left: the union is the picture, byte for byte.
        effect.imageLayer.removeFromSuperlayer()
        effect.dustLayer.isHidden = false
        effect.dustLayer.removeAnimation(forKey: "visibility")
        let img = try Self.render(effect.container, size: Size(37, 23), at: 1)
        #expect(img.pixels == tex.image.pixels)
        // Every pixel is one speck.
        var list: [DrawCommand] = []
        effect.dustLayer.drawContents(into: &list, time: 1, transform: .identity)
        guard case .sprites(let batch)? = list.first else { Issue.record("no speck batch"); return }
        #expect(batch.sprites.count == 37 * 23)
    }

    @Test func afterTheEndNothingIsLeftAndAnyFrameIsDrawnAlone() throws {
        let tex = Self.picture(30, 20)
        let size = Size(150, 100)
        let effect = PixelDustEffect(texture: tex, frame: Rect(x: 60, y: 40, width: 30, height: 20),
                                     parameters: DustParameters(seed: 2), snapTime: 0.25)
        let root = Layer()
        root.bounds = Rect(origin: .zero, size: size)
        root.position = Point(75, 50)
        root.addSublayer(effect.container)
        #expect(effect.dustEndTime == 0.25 + 2.35)
        for t in [2.6, 3.0, 20] {
            let img = try Self.render(root, size: size, at: t)
            #expect(img.pixels.allSatisfy { $0 == 0 })
            var list: [DrawCommand] = []
            effect.dustLayer.drawContents(into: &list, time: t, transform: .identity)
            #expect(list.isEmpty)
        }
        // Mid-flight: some specks have moved off the picture's rectangle.
        let mid = try Self.render(root, size: size, at: 1.2)
        var outside = 0
        for y in 0..<100 { for x in 0..<150 where !(60..<90).contains(x) || !(40..<60).contains(y) {
            if mid[x, y].a != 0 { outside += 1 }
        } }
        #expect(outside > 0)
        // Seekable: a frame is a pure function of t, whatever was drawn before.
        let again = try Self.render(root, size: size, at: 1.2)
        _ = try Self.render(root, size: size, at: 0.3)
        let fresh = try Self.render(root, size: size, at: 1.2)
        #expect(again.pixels == mid.pixels && fresh.pixels == mid.pixels)
        // And each speck is where its closed form puts it: an opaque pixel alone in the dust at 1.2 s.
        var hits = 0
        for (x, y) in [(0, 0), (5, 3), (29, 19), (14, 10)] {
            let s = effect.law.state(x: x, y: y, at: 1.2)
            guard s.opacity > 0 else { continue }
            let p = Point(60 + s.position.x, 40 + s.position.y)
            let px = Int(p.x.rounded(.down)), py = Int(p.y.rounded(.down))
            // The 1-point speck centered at p covers the pixel under p unless p is near a pixel edge.
            let fx = p.x - p.x.rounded(.down), fy = p.y - p.y.rounded(.down)
            if fx > 0.2 && fx < 0.8 && fy > 0.2 && fy < 0.8, (0..<150).contains(px), (0..<100).contains(py) {
                #expect(mid[px, py].a > 0, "speck (\(x), \(y)) at \(p)")
                hits += 1
            }
        }
        _ = hits
    }

    @Test(arguments: [false, true])
    func theRestoreBringsBackTheOriginalPixels(translucent: Bool) throws {
        let tex = Self.picture(40, 24, translucent: translucent)
        let size = Size(60, 44)
        let effect = PixelDustEffect(texture: tex, frame: Rect(x: 10, y: 10, width: 40, height: 24),
                                     parameters: DustParameters(seed: 4), snapTime: 0.25, restoreTime: 3)
        let root = Layer()
        root.bounds = Rect(origin: .zero, size: size)
        root.position = Point(30, 22)
        root.addSublayer(effect.container)
        let before = try Self.render(root, size: size, at: 0)
        let gone = try Self.render(root, size: size, at: 2.95)
        let end = try #require(effect.restoreEndTime)
        #expect(end == 3 + 2.35)
        #expect(gone.pixels.allSatisfy { $0 == 0 })
        #expect(try Self.render(root, size: size, at: end).pixels == before.pixels)
        #expect(try Self.render(root, size: size, at: end + 2).pixels == before.pixels)
        // On the way back each pixel retraces its flight: at restore progress s′ it is where the flight put it at 1 − s′.
        for (x, y) in [(0, 0), (39, 23), (20, 12)] {
            let lambda = effect.law.order(x: x, y: y)
            let back = 3 + 1.35 * (1 - lambda)
            let j = effect.law.jitter(x: x, y: y)
            let s = effect.law.state(x: x, y: y, at: back + 0.3)
            let p = effect.law.position(x: x, y: y, jitter: j, progress: 0.7)
            #expect(hypot(s.position.x - p.x, s.position.y - p.y) < 1e-9)
            #expect(abs(s.opacity - 0.3) < 1e-9)
            #expect(effect.law.state(x: x, y: y, at: back + 1 + 1e-9).position == Point(Double(x) + 0.5, Double(y) + 0.5))
        }
    }
}
