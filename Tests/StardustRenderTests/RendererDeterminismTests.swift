import Foundation
import Testing
import StardustWorkloads
import StardustCore
@testable import StardustRender

@Suite struct RendererDeterminismTests {
    /// Images, three sprite batches (rotated, rotation-invariant additive, tiny), clips and groups at a fractional scale.
    private func scene() -> DisplayList {
        let rng = CounterRandom(seed: 42)
        let dot = SpriteWorkload.texture()
        func sprites(_ n: Int, _ k: UInt64, _ maxScale: Double) -> [SpriteInstance] {
            (0..<n).map { i in
                let u = UInt64(i)
                let center = Point(rng.unit(k, u, 0) * 90 - 5, rng.unit(k, u, 1) * 70 - 5)
                let a = Float(0.2 + 0.8 * rng.unit(k, u, 4))
                return SpriteInstance(center: center, rotation: rng.unit(k, u, 2) * 6.3, scale: 0.05 + maxScale * rng.unit(k, u, 3),
                                      color: SIMD4(a * 0.9, a * 0.5, a * 0.7, a))
            }
        }
        let noise = Texture(Fixture.noise(24, 16, seed: 3))
        return DisplayList(size: Size(80, 60), scale: 1.5, background: Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.9), commands: [
            .image(ImageDraw(texture: noise, rect: Rect(5, 5, 50, 30), transform: Transform2D(rotationAngle: 0.3),
                             minificationFilter: .trilinear)),
            .sprites(SpriteBatch(texture: dot, quadSize: Size(32, 32), sprites: sprites(150, 1, 1.2))),
            .pushClip(rect: Rect(10.3, 7.7, 55, 40), transform: .identity),
            .beginGroup(opacity: 0.7),
            .sprites(SpriteBatch(texture: dot, quadSize: Size(32, 32), sprites: sprites(150, 2, 0.8), blend: .additive,
                                 isRotationInvariant: true)),
            .image(ImageDraw(texture: noise, rect: Rect(20, 20, 6, 4), opacity: 0.6, magnificationFilter: .nearest)),
            .endGroup,
            .popClip,
            .pushClip(rect: Rect(-20, -15, 40, 30), transform: Transform2D(rotationAngle: 0.7).concatenating(Transform2D(translationX: 45, y: 30))),
            .sprites(SpriteBatch(texture: noise, quadSize: Size(2, 2), sprites: sprites(200, 3, 1), minificationFilter: .trilinear)),
            .popClip,
        ])
    }

    @Test("output is identical for any thread count and band split") func outputIsIdenticalForAnyThreadCountAndBandSplit() throws {
        let list = scene()
        let reference = try Renderer(threads: 1, bandHeight: 1000).render(list)
        #expect(Set(reference.pixels).count > 100) // a busy picture, not a blank one
        for (threads, band) in [(1, 1), (2, 7), (3, 5), (7, 13), (2, 64), (7, 3)] {
            let out = try Renderer(threads: threads, bandHeight: band).render(list)
            #expect(out == reference, "threads \(threads), band height \(band)")
        }
    }

    /// A new frame's storage is not cleared before the bands draw: every byte must be written by its band's
    /// background fill or a command, so a frame drawn over garbage equals one drawn fresh, for any band split, also
    /// with a transparent background and commands that leave most pixels alone.
    @Test("every pixel of the frame is written") func everyPixelOfTheFrameIsWritten() throws {
        let busy = scene()
        let sparse = DisplayList(size: Size(33, 21), scale: 1, background: .clear, commands: [
            .image(ImageDraw(texture: Texture(Fixture.noise(4, 4, seed: 9)), rect: Rect(3, 2, 5, 4))),
        ])
        for list in [busy, sparse] {
            for (threads, band) in [(1, 1000), (2, 7), (3, 1)] {
                let renderer = Renderer(threads: threads, bandHeight: band)
                let fresh = try renderer.render(list)
                var reused = Image(width: fresh.width, height: fresh.height, pixels: [UInt8](repeating: 0xAB, count: fresh.pixels.count))
                try renderer.render(list, into: &reused)
                #expect(reused == fresh, "threads \(threads), band height \(band)")
                #expect(fresh.pixels.contains(0) || list.background != .clear)
            }
        }
    }

    @Test("render into reuses the framebuffer") func renderIntoReusesTheFramebuffer() throws {
        let list = scene()
        var image = Image(width: 120, height: 90, color: .red)
        try Renderer(threads: 2).render(list, into: &image)
        #expect(try image == Renderer(threads: 1).render(list))
    }
}
