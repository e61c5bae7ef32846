import Foundation
import StardustAnimation
import StardustCore
import StardustEffects
import StardustRender
import Testing

/// The per-pixel dust is evaluated by several workers (``PixelDustLayer/threads``): the specks must be exactly the
/// closed form's, pixel by pixel in row order, for any thread count, and so must the frames.
@Suite struct PixelDustThreadsTests {
    /// The specks the law gives, computed here one pixel at a time from the public closed form (``PixelDust``).
    static func expectedSpecks(_ tex: Texture, _ law: PixelDust, at t: Double) -> [SpriteInstance] {
        let px = tex.image.pixels
        var out: [SpriteInstance] = []
        for y in 0..<law.height {
            for x in 0..<law.width {
                let o = 4 * (y * law.width + x)
                guard px[o + 3] != 0 else { continue }
                let s = law.progress(order: law.order(x: x, y: y), at: t)
                guard s < 1 else { continue }
                let state = law.state(x: x, y: y, at: t)
                let k = Float(state.opacity) / 255
                out.append(SpriteInstance(m: SIMD4(1, 0, 0, 1), t: SIMD2(Float(state.position.x), Float(state.position.y)),
                                          color: SIMD4(Float(px[o]), Float(px[o + 1]), Float(px[o + 2]), Float(px[o + 3])) * k))
            }
        }
        return out
    }

    /// 300×60 pixels: rows in five chunks of 13 (4096 pixels each), so two or three workers share them.
    @Test(arguments: [1, 2, 3, 0])
    func theSpecksAreTheClosedFormsForAnyThreadCount(threads: Int) throws {
        let tex = PixelDustTests.picture(300, 60, translucent: true)
        let effect = PixelDustEffect(texture: tex, frame: Rect(x: 0, y: 0, width: 300, height: 60),
                                     parameters: DustParameters(seed: 5), snapTime: 0.2, restoreTime: 3)
        effect.dustLayer.threads = threads
        for t in [0.2, 0.9, 1.6, 3.4] {
            var list: [DrawCommand] = []
            effect.dustLayer.drawContents(into: &list, time: t, transform: .identity)
            guard case .sprites(let batch)? = list.first else { Issue.record("no speck batch at \(t)"); continue }
            let expected = Self.expectedSpecks(tex, effect.law, at: t)
            #expect(batch.sprites.count == expected.count, "at t = \(t)")
            #expect(batch.sprites == expected, "at t = \(t)")
        }
    }

    /// Frames drawn with the law evaluated by one worker and by two, rendered on one and two threads: the same bytes.
    @Test func framesAreIdenticalForAnyThreadCount() throws {
        let tex = PixelDustTests.picture(300, 60)
        let size = Size(400, 140)
        var frames: [[UInt8]] = []
        for (lawThreads, renderThreads) in [(1, 1), (2, 1), (2, 2), (3, 2)] {
            let effect = PixelDustEffect(texture: tex, frame: Rect(x: 50, y: 40, width: 300, height: 60),
                                         parameters: DustParameters(seed: 3), snapTime: 0.1)
            effect.dustLayer.threads = lawThreads
            let root = Layer()
            root.bounds = Rect(origin: .zero, size: size)
            root.position = Point(200, 70)
            root.addSublayer(effect.container)
            let img = try Renderer(threads: renderThreads).render(root.displayList(size: size, scale: 1, at: 1.1))
            frames.append(img.pixels)
        }
        #expect(frames[0].contains { $0 != 0 }, "the frame shows specks")
        for f in frames.dropFirst() { #expect(f == frames[0]) }
    }
}
