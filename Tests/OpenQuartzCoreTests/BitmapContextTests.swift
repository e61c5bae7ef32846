import Foundation
import OpenQuartzCore
import Stardust
import Testing

/// `CGContext` bitmaps: Core Graphics' memory layout (rows top first, premultiplied RGBA) and y-up user space.
@Suite struct BitmapContextTests {
    /// A 2 × 2 image: red, green on the top row; blue, half-transparent white (premultiplied) below.
    static let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 128, 128, 128, 128]

    static func context(width: Int, height: Int) throws -> CGContext {
        try #require(CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 4 * width,
                               space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
    }

    @Test func drawingAnImageAtItsSizeCopiesItsPixelsAndMakeImageCopiesThem() throws {
        let image = CGImage(image: Image(width: 2, height: 2, pixels: Self.pixels))
        let ctx = try Self.context(width: 2, height: 2)
        let data = try #require(ctx.data).assumingMemoryBound(to: UInt8.self)
        #expect((0..<16).allSatisfy { data[$0] == 0 }, "a new context is transparent")
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect((0..<16).map { data[$0] } == Self.pixels)
        data[0] = 7
        let made = try #require(ctx.makeImage())
        #expect(made.width == 2 && made.height == 2)
        #expect(made.texture.image.pixels == [7] + Self.pixels.dropFirst())
        data[1] = 9
        #expect(made.texture.image.pixels[1] == 0, "the image is a copy")
    }

    @Test func userSpaceIsYUp() throws {
        let image = CGImage(image: Image(width: 2, height: 2, pixels: Self.pixels))
        let ctx = try Self.context(width: 2, height: 4)
        // y 2…4 from the bottom edge is the top half in memory.
        ctx.draw(image, in: CGRect(x: 0, y: 2, width: 2, height: 2))
        let data = try #require(ctx.data).assumingMemoryBound(to: UInt8.self)
        #expect((0..<16).map { data[$0] } == Self.pixels)
        #expect((16..<32).allSatisfy { data[$0] == 0 })
        ctx.clear(CGRect(x: 0, y: 3, width: 1, height: 1))
        #expect((0..<8).map { data[$0] } == [0, 0, 0, 0, 0, 255, 0, 255])
    }

    @Test func onlyPremultipliedRGBA8Bitmaps() {
        let space = CGColorSpaceCreateDeviceRGB()
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 16, space: space,
                          bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue) == nil)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 16, bytesPerRow: 32, space: space,
                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 8, space: space,
                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) == nil)
    }
}
