import Foundation

extension Image {
    /// Peak signal-to-noise ratio in dB between two images of the same size,
    /// over the RGB channels of the pixels composited over black (premultiplied
    /// values as stored); `.infinity` for identical images.
    ///
    /// Complexity: O(pixels).
    public func psnr(against other: Image) -> Double {
        precondition(width == other.width && height == other.height, "PSNR needs images of the same size")
        var sum = 0.0
        pixels.withUnsafeBufferPointer { a in
            other.pixels.withUnsafeBufferPointer { b in
                for i in 0..<a.count where i & 3 != 3 {
                    let d = Double(Int(a[i]) - Int(b[i]))
                    sum += d * d
                }
            }
        }
        let mse = sum / Double(max(1, pixelCount * 3))
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}
