#if !canImport(QuartzCore)
import Foundation
import Stardust

/// A color space (`CGColorSpace`). Only device RGB exists here: bitmap contexts hold sRGB-encoded RGBA, as
/// every Stardust image does.
public final class CGColorSpace: @unchecked Sendable {
    /// The number of color components (3).
    public let numberOfComponents = 3
    init() {}
}

/// The device RGB color space (`CGColorSpaceCreateDeviceRGB()`).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace() }

/// How a bitmap stores alpha (`CGImageAlphaInfo`); pass `rawValue` as a context's `bitmapInfo`.
/// Bitmap contexts support `premultipliedLast` (RGBA, premultiplied, 8 bits per component) only.
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0, premultipliedLast = 1, premultipliedFirst = 2, last = 3, first = 4, noneSkipLast = 5, noneSkipFirst = 6, alphaOnly = 7
}

/// A bitmap drawing destination (`CGContext`), for code that reads and writes pixels: draw an image into
/// it, change its bytes through ``data``, and make an image of it with ``makeImage()``.
///
/// Only 8-bit premultiplied RGBA bitmaps (`CGImageAlphaInfo.premultipliedLast`) in device RGB exist, with
/// rows top to bottom in memory and user space y-up (origin at the bottom left), as on iOS. The memory starts
/// transparent when the context allocates it.
public final class CGContext {
    /// The pixel bytes: `height` rows of `bytesPerRow` bytes, the top row first, RGBA premultiplied.
    public let data: UnsafeMutableRawPointer?
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Bytes per row of ``data``.
    public let bytesPerRow: Int
    /// 8.
    public let bitsPerComponent = 8
    /// 32.
    public let bitsPerPixel = 32
    /// The color space given.
    public let colorSpace: CGColorSpace?
    private let ownsData: Bool

    /// A bitmap context over `data` (or over memory it allocates, cleared, when `data` is `nil`); `nil` unless
    /// `bitsPerComponent` is 8, `bitmapInfo` is `CGImageAlphaInfo.premultipliedLast.rawValue` and
    /// `bytesPerRow` ≥ 4 × `width` (0 picks 4 × `width`).
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: UInt32) {
        let rowBytes = bytesPerRow == 0 ? 4 * width : bytesPerRow
        guard width > 0, height > 0, bitsPerComponent == 8, rowBytes >= 4 * width,
              bitmapInfo & 0x1F == CGImageAlphaInfo.premultipliedLast.rawValue else { return nil }
        self.width = width; self.height = height; self.bytesPerRow = rowBytes; colorSpace = space
        if let data {
            self.data = data; ownsData = false
        } else {
            let memory = UnsafeMutableRawPointer.allocate(byteCount: rowBytes * height, alignment: 16)
            memory.initializeMemory(as: UInt8.self, repeating: 0, count: rowBytes * height)
            self.data = memory; ownsData = true
        }
    }

    deinit { if ownsData { data?.deallocate() } }

    /// Draws `image` scaled into `rect` (user space: points = pixels, y up from the bottom edge), source-over.
    /// Each pixel takes the image's texel under its center (nearest; no filtering). An image drawn over the whole
    /// context at its own size copies its pixels.
    public func draw(_ image: CGImage, in rect: CGRect) {
        guard let data, rect.width != 0, rect.height != 0 else { return }
        let r = rect.standardized
        let source = image.texture.image
        let bytes = data.assumingMemoryBound(to: UInt8.self)
        // Device rows count from the top: user y = height − row.
        let x0 = max(0, Int((r.minX).rounded())), x1 = min(width, Int((r.maxX).rounded()))
        let top = max(0, Int((CGFloat(height) - r.maxY).rounded())), bottom = min(height, Int((CGFloat(height) - r.minY).rounded()))
        guard x0 < x1, top < bottom else { return }
        source.pixels.withUnsafeBufferPointer { src in
            for row in top..<bottom {
                let v = (Double(row) + 0.5 - (Double(height) - Double(r.maxY))) / Double(r.height)
                let sy = min(source.height - 1, max(0, Int(v * Double(source.height))))
                for x in x0..<x1 {
                    let u = (Double(x) + 0.5 - Double(r.minX)) / Double(r.width)
                    let sx = min(source.width - 1, max(0, Int(u * Double(source.width))))
                    let s = 4 * (sy * source.width + sx), d = row * bytesPerRow + 4 * x
                    let alpha = Int(src[s + 3])
                    if alpha == 255 || (bytes[d + 3] == 0 && bytes[d] == 0 && bytes[d + 1] == 0 && bytes[d + 2] == 0) {
                        for c in 0..<4 { bytes[d + c] = src[s + c] }
                    } else if alpha > 0 || src[s] != 0 || src[s + 1] != 0 || src[s + 2] != 0 {
                        for c in 0..<4 {
                            bytes[d + c] = UInt8(min(255, Int(src[s + c]) + (Int(bytes[d + c]) * (255 - alpha) + 127) / 255))
                        }
                    }
                }
            }
        }
    }

    /// Makes every pixel of `rect` (user space) transparent.
    public func clear(_ rect: CGRect) {
        guard let data else { return }
        let r = rect.standardized
        let x0 = max(0, Int(r.minX.rounded())), x1 = min(width, Int(r.maxX.rounded()))
        let top = max(0, Int((CGFloat(height) - r.maxY).rounded())), bottom = min(height, Int((CGFloat(height) - r.minY).rounded()))
        guard x0 < x1, top < bottom else { return }
        for row in top..<bottom { (data + row * bytesPerRow + 4 * x0).initializeMemory(as: UInt8.self, repeating: 0, count: 4 * (x1 - x0)) }
    }

    /// An image of the context's pixels now (a copy: later drawing does not change it).
    public func makeImage() -> CGImage? {
        guard let data else { return nil }
        let bytes = data.assumingMemoryBound(to: UInt8.self)
        var pixels = [UInt8](repeating: 0, count: 4 * width * height)
        pixels.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                (out.baseAddress! + 4 * width * row).update(from: bytes + row * bytesPerRow, count: 4 * width)
            }
        }
        return CGImage(image: Image(width: width, height: height, pixels: pixels))
    }
}
#endif
