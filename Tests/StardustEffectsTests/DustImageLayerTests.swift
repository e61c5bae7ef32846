import StardustAnimation
import StardustCore
import StardustEffects
import StardustRender
import StardustTestSupport
import Testing

/// `DustLayer.drawsSpecks = false`: a dust layer drawn as Core Animation draws a `CALayer` whose `contents` is an
/// image of just that layer's pixels. The reference is exactly that: an ordinary image layer showing a texture built
/// here from the assignment (the layer's texels kept, every other texel transparent), with the same geometry.
@Suite struct DustImageLayerTests {
    /// A picture with translucent and opaque texels, and its split.
    static let size = (w: 45, h: 23)
    /// Texel (x, y) of the picture, straight RGBA: a quarter opaque, the rest translucent.
    static func texel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let v = SplitMix64.mix(UInt64(y * size.w + x)), a = (x + 3 * y) % 4 == 0 ? 255 : 60 + (x * 11 + y * 5) % 190
        return (UInt8(Int(v & 0xFF) % (a + 1)), UInt8(Int(v >> 8 & 0xFF) % (a + 1)), UInt8(Int(v >> 16 & 0xFF) % (a + 1)), UInt8(a))
    }

    static let picture = Texture(TestSupport.image(width: size.w, height: size.h) { texel($0, $1) })

    /// The image a `CALayer` of the export shows for layer `k`: the picture's texels of that layer, others transparent.
    static func layerImage(_ a: LayerAssignment, _ k: Int) -> Texture {
        Texture(TestSupport.image(width: size.w, height: size.h) { x, y in a.contains(x, y, layer: k) ? texel(x, y) : (0, 0, 0, 0) })
    }

    /// Places `layer` moved, turned and faded as a flying dust layer is, over a backdrop, and renders it.
    static func render(_ layer: Layer, turn: Double, at point: Point, opacity: Double, filter: ImageFilter) throws -> Image {
        let root = Layer()
        root.bounds = Rect(x: 0, y: 0, width: 80, height: 60)
        root.position = Point(40, 30)
        root.backgroundColor = Color(red: 0.2, green: 0.3, blue: 0.9, alpha: 0.5)
        layer.bounds = Rect(x: 0, y: 0, width: Double(size.w), height: Double(size.h))
        layer.position = point
        layer.transform = Transform3D(rotationAngle: turn, x: 0, y: 0, z: 1)
        layer.opacity = opacity
        layer.minificationFilter = filter
        layer.magnificationFilter = filter
        root.addSublayer(layer)
        return try Renderer(threads: 1).render(root.displayList(size: Size(80, 60), scale: 1, at: 0))
    }

    @Test(arguments: [ImageFilter.linear, .nearest], [0.0, 0.21, -0.4])
    func aDustLayerDrawnAsAnImageIsTheImageLayerOfItsPixels(filter: ImageFilter, turn: Double) throws {
        let a = DustSplit.split(width: Self.size.w, height: Self.size.h, layerCount: 6, seed: 4)
        let index = try #require(LayerPixelIndex(a))
        var compared = 0
        for k in [0, 2, 5] {
            let reference = Layer()
            reference.contents = Self.layerImage(a, k)
            let dust = DustLayer(texture: Self.picture, assignment: a, layerIndex: k, pixelIndex: index)
            dust.drawsSpecks = false
            let point = Point(37.3, 28.6)
            let expected = try Self.render(reference, turn: turn, at: point, opacity: 0.8, filter: filter)
            let got = try Self.render(dust, turn: turn, at: point, opacity: 0.8, filter: filter)
            let differing = zip(got.pixels, expected.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "layer \(k), \(filter), turn \(turn): \(differing) bytes differ")
            compared += got.pixels.indices.filter { got.pixels[$0] != 0 }.count
        }
        #expect(compared > 0)
    }

    /// The two drawings differ in flight (specks are placed whole, images resampled) and agree at rest.
    @Test func specksAndImagesAgreeAtRestOnly() throws {
        let a = DustSplit.split(width: Self.size.w, height: Self.size.h, layerCount: 6, seed: 4)
        let index = try #require(LayerPixelIndex(a))
        func draw(specks: Bool, turn: Double, point: Point) throws -> [UInt8] {
            let dust = DustLayer(texture: Self.picture, assignment: a, layerIndex: 3, pixelIndex: index)
            dust.drawsSpecks = specks
            return try Self.render(dust, turn: turn, at: point, opacity: 1, filter: .linear).pixels
        }
        let rest = Point(40.5, 29.5)  // texel for pixel
        let (a0, b0) = (try draw(specks: true, turn: 0, point: rest), try draw(specks: false, turn: 0, point: rest))
        #expect(a0 == b0)
        let flight = Point(38.3, 27.8)
        let (a1, b1) = (try draw(specks: true, turn: 0.2, point: flight), try draw(specks: false, turn: 0.2, point: flight))
        #expect(a1 != b1)
    }
}
