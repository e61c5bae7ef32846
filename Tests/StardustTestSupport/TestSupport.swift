import Foundation
import StardustCore

/// Helpers shared by every test target: deterministic images, temporary folders, image comparison.
/// (Each test target adds its own fixtures in an extension, e.g. the codecs' `Fixtures` folder.)
public enum TestSupport {
    /// A fresh empty temporary directory (a ``ScratchFolder``: removed when the test process exits).
    public static func temporaryDirectory() throws -> String {
        try ScratchFolder.make("dir").path
    }

    /// An image from straight RGBA computed per pixel.
    public static func image(width: Int, height: Int, _ f: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> Image {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = f(x, y)
                let i = 4 * (y * width + x)
                px[i] = c.0; px[i + 1] = c.1; px[i + 2] = c.2; px[i + 3] = c.3
            }
        }
        return Image(width: width, height: height, straightRGBA: px)
    }

    /// PSNR (dB) between two RGBA byte arrays over the RGB channels (`.infinity` when equal).
    public static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        var se = 0.0
        var n = 0
        for i in 0..<min(a.count, b.count) where i % 4 != 3 {
            let d = Double(a[i]) - Double(b[i])
            se += d * d
            n += 1
        }
        let mse = se / Double(max(n, 1))
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// The largest difference of any channel of any pixel (0 when the images are byte-identical).
    public static func maxChannelDifference(_ a: Image, _ b: Image) -> Int {
        precondition(a.width == b.width && a.height == b.height, "images of different sizes")
        var m = 0
        for i in a.pixels.indices { m = max(m, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
        return m
    }

    /// A small opaque white texture of `w × h` pixels.
    public static func whiteTexture(_ w: Int = 4, _ h: Int = 4) -> Texture {
        Texture(Image(width: w, height: h, color: .white))
    }
}

extension TestSupport {
    /// Whether two optional numbers agree: both nil, or both finite and within `tolerance` (or both the same infinity).
    public static func agree(_ a: Double?, _ b: Double?, tolerance: Double = 1e-9) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x?, y?): return x == y || abs(x - y) <= tolerance
        default: return false
        }
    }
}
