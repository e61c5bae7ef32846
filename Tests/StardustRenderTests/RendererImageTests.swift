import Foundation
import Testing
import StardustCore
@testable import StardustRender

@Suite struct RendererImageTests {
    @Test("one to one draw equals source pixels exactly") func oneToOneDrawEqualsSourcePixelsExactly() throws {
        let src = Fixture.noise(7, 5, seed: 11)
        for (scale, rect) in [(1.0, Rect(3, 2, 7, 5)), (2.0, Rect(1.5, 1, 3.5, 2.5))] {
            let list = Fixture.list(12 / scale, 9 / scale, scale: scale, [.image(ImageDraw(texture: Texture(src), rect: rect))])
            let out = try Fixture.render(list)
            #expect(out.width == 12); #expect(out.height == 9)
            for y in 0..<9 {
                for x in 0..<12 {
                    let inside = (3..<10).contains(x) && (2..<7).contains(y)
                    let expect = inside ? Fixture.px(src, x - 3, y - 2) : [0, 0, 0, 0]
                    #expect(Fixture.px(out, x, y) == expect, "scale \(scale) pixel (\(x), \(y))")
                }
            }
        }
    }

    /// Two texels (0 and 200 gray, opaque) stretched 2×: pixel centers fall at u = 0.25, 0.75, 1.25, 1.75.
    @Test("nearest and linear magnification at2x") func nearestAndLinearMagnificationAt2x() throws {
        let tex = Texture(Image(width: 2, height: 1, pixels: [0, 0, 0, 255, 200, 200, 200, 255]))
        func row(_ f: ImageFilter) throws -> [UInt8] {
            let out = try Fixture.render(Fixture.list(4, 2, [.image(ImageDraw(texture: tex, rect: Rect(0, 0, 4, 2),
                                                                               magnificationFilter: f))]))
            for x in 0..<4 { #expect(out[x, 0] == out[x, 1]); #expect(out[x, 0].a == 255) }
            return (0..<4).map { out[$0, 0].r }
        }
        #expect(try row(.nearest) == [0, 0, 200, 200])
        // Bilinear, texel centers at 0.5 and 1.5, clamped: 0, 0 + 0.25·200, 0.75·200, 200.
        #expect(try row(.linear) == [0, 50, 150, 200])
    }

    @Test("half pixel offset quad has half coverage on edge columns") func halfPixelOffsetQuadHasHalfCoverageOnEdgeColumns() throws {
        let tex = Texture(Fixture.solid(4, 4, [255, 255, 255, 255]))
        let out = try Fixture.render(Fixture.list(10, 8, [.image(ImageDraw(texture: tex, rect: Rect(2.5, 2, 4, 4)))]))
        for y in 0..<8 {
            for x in 0..<10 {
                let a = out[x, y].a
                if !(2..<6).contains(y) || x < 2 || x > 6 { #expect(a == 0, "(\(x), \(y))"); continue }
                #expect(a == ((x == 2 || x == 6) ? 128 : 255), "(\(x), \(y))")
                #expect(out[x, y].r == a)
            }
        }
    }

    @Test("tint and opacity multiply") func tintAndOpacityMultiply() throws {
        let tex = Texture(Fixture.solid(2, 2, [255, 255, 255, 255]))
        let tint = Color(red: 1, green: 0.5, blue: 0.2, alpha: 0.8)
        let out = try Fixture.render(Fixture.list(2, 2, [.image(ImageDraw(texture: tex, rect: Rect(0, 0, 2, 2), tint: tint, opacity: 0.5))]))
        // premultiplied tint × opacity = (0.4, 0.2, 0.08, 0.4) × 255
        #expect(Fixture.px(out, 1, 1) == [102, 51, 20, 102])
        // A gray texel (128 premultiplied, opaque) scales the same way: 128 × 0.4 = 51.2.
        let gray = Texture(Fixture.solid(1, 1, [128, 128, 128, 255]))
        let out2 = try Fixture.render(Fixture.list(1, 1, [.image(ImageDraw(texture: gray, rect: Rect(0, 0, 1, 1), tint: tint, opacity: 0.5))]))
        #expect(Fixture.px(out2, 0, 0) == [51, 26, 10, 102])
    }

    /// A 4×4 sheet of four 2×2 cells: red, green / blue, white.
    @Test("contents rect picks the sub image") func contentsRectPicksTheSubImage() throws {
        var px = [UInt8](repeating: 0, count: 64)
        for y in 0..<4 {
            for x in 0..<4 {
                let c: [UInt8] = y < 2 ? (x < 2 ? [255, 0, 0, 255] : [0, 255, 0, 255]) : (x < 2 ? [0, 0, 255, 255] : [255, 255, 255, 255])
                px.replaceSubrange((4 * (4 * y + x))..<(4 * (4 * y + x) + 4), with: c)
            }
        }
        let tex = Texture(Image(width: 4, height: 4, pixels: px))
        let cases: [(Rect, [UInt8])] = [(Rect(0.5, 0, 0.5, 0.5), [0, 255, 0, 255]), (Rect(0, 0.5, 0.5, 0.5), [0, 0, 255, 255]),
                                        (Rect(0.5, 0.5, 0.5, 0.5), [255, 255, 255, 255])]
        for (cr, expect) in cases {
            // Magnified 4× with bilinear filtering: clamping to the cell's edge means no bleeding from neighbours.
            let out = try Fixture.render(Fixture.list(8, 8, [.image(ImageDraw(texture: tex, rect: Rect(0, 0, 8, 8), contentsRect: cr))]))
            for y in 0..<8 { for x in 0..<8 { #expect(Fixture.px(out, x, y) == expect, "\(cr) (\(x), \(y))") } }
        }
    }

    @Test("trilinear at quarter scale approximates the average") func trilinearAtQuarterScaleApproximatesTheAverage() throws {
        var px = [UInt8](repeating: 0, count: 16 * 16 * 4)
        for y in 0..<16 { for x in 0..<16 where (x + y) % 2 == 0 { for c in 0..<3 { px[4 * (16 * y + x) + c] = 255 } } }
        for i in 0..<256 { px[4 * i + 3] = 255 }
        let tex = Texture(Image(width: 16, height: 16, pixels: px))
        func draw(_ f: ImageFilter) throws -> Image {
            try Fixture.render(Fixture.list(4, 4, [.image(ImageDraw(texture: tex, rect: Rect(0, 0, 4, 4), minificationFilter: f))]))
        }
        let tri = try draw(.trilinear)
        for y in 0..<4 {
            for x in 0..<4 {
                #expect(abs((Double(tri[x, y].r)) - 127.5) <= 1.5); #expect(tri[x, y].a == 255)
            }
        }
        // Nearest reads single level-0 texels: pure black or white, never the average.
        let near = try draw(.nearest)
        for y in 0..<4 { for x in 0..<4 { #expect(near[x, y].r == 0 || near[x, y].r == 255) } }
    }

    /// A 20×20 opaque square rotated 30° about (25, 25): smooth edges, area preserved.
    @Test("rotated opaque square is antialiased and keeps its area") func rotatedOpaqueSquareIsAntialiasedAndKeepsItsArea() throws {
        let tex = Texture(Fixture.solid(20, 20, [255, 255, 255, 255]))
        let t = Transform2D(rotationAngle: .pi / 6).concatenating(Transform2D(translationX: 25, y: 25))
        let out = try Fixture.render(Fixture.list(50, 50, [.image(ImageDraw(texture: tex, rect: Rect(-10, -10, 20, 20), transform: t))]))
        #expect(abs((Fixture.alphaArea(out)) - 400) <= 4)
        var partial = 0
        for i in 0..<out.pixelCount where out.pixels[4 * i + 3] > 0 && out.pixels[4 * i + 3] < 255 { partial += 1 }
        #expect(partial > 60, "edge pixels should have partial coverage")
        #expect(out[25, 25].a == 255)
        #expect(out[2, 2].a == 0)
    }

    /// The texel-for-pixel path (no sampling) gives the same bytes as the general sampling
    /// path, which a rotation of 10⁻⁷ rad forces, over a busy background, for every blend and color.
    @Test("pixel aligned path matches the sampling path") func pixelAlignedPathMatchesTheSamplingPath() throws {
        let bg = Texture(Fixture.noise(12, 10, seed: 21))
        var src = Fixture.noise(7, 5, seed: 22).pixels
        for i in stride(from: 0, to: 28, by: 3) { src[4 * i] = 255; src[4 * i + 1] = 0; src[4 * i + 2] = 40; src[4 * i + 3] = 255 } // some opaque texels
        let tex = Texture(Image(width: 7, height: 5, pixels: src))
        for (blend, tint, opacity) in [(BlendMode.normal, Color.white, 1.0), (.normal, Color(red: 1, green: 0.5, blue: 0.2, alpha: 0.9), 0.7),
                                       (.additive, Color.white, 1.0)] {
            func draw(_ angle: Double) throws -> Image {
                let t = Transform2D(rotationAngle: angle).concatenating(Transform2D(translationX: 3, y: 2))
                return try Fixture.render(Fixture.list(12, 10, [
                    .image(ImageDraw(texture: bg, rect: Rect(0, 0, 12, 10))),
                    .image(ImageDraw(texture: tex, rect: Rect(0, 0, 7, 5), transform: t, tint: tint, opacity: opacity, blend: blend)),
                ]))
            }
            let probe = { (a: Double) in PreparedImage(ImageDraw(texture: tex, rect: Rect(0, 0, 7, 5), transform: Transform2D(rotationAngle: a)), scale: 1) }
            #expect(probe(0)?.aligned != nil); #expect(probe(1e-7)?.aligned == nil)
            let aligned = try draw(0), sampled = try draw(1e-7)
            #expect(aligned == sampled, "\(blend) \(tint) \(opacity)")
            #expect(try aligned != Fixture.render(Fixture.list(12, 10, [.image(ImageDraw(texture: bg, rect: Rect(0, 0, 12, 10)))])))
        }
    }
}
