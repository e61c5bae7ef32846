/// A bitmap of premultiplied RGBA8 pixels, row-major, top row first.
///
/// Pixel `(x, y)` occupies bytes `4·(y·width + x) ..< 4·(y·width + x) + 4`
/// in the order R, G, B, A, with each color channel already multiplied by
/// alpha (so `R ≤ A`, `G ≤ A`, `B ≤ A`). Copies share storage until one is
/// written (copy on write).
public struct Image: Hashable, Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `width · height · 4` bytes, premultiplied RGBA.
    ///
    /// Any write to them forgets ``drawnFrom``: the bytes may no longer be that list's frame. The write happens in
    /// place (`_modify` yields the storage itself): a `didSet` observer here made every mutation through another
    /// module copy the whole array first, a megabyte per frame at 512².
    public var pixels: [UInt8] {
        get { bytes }
        set { drawnFrom = nil; bytes = newValue }
        _modify { drawnFrom = nil; yield &bytes }
    }

    /// The storage of ``pixels``.
    private var bytes: [UInt8]

    /// The display list whose frame these pixels are, when the renderer drew every pixel from it and nothing has
    /// written a pixel since; nil otherwise. The renderer skips drawing a list bit-identical to it
    /// (docs/RENDERER.md, "A frame that is already there"). Not part of the image's value: `==` and hashing look at
    /// the size and the pixels only.
    package var drawnFrom: DisplayList?

    /// A transparent image.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "image dimensions must be non-negative")
        self.width = width; self.height = height
        self.bytes = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// An image over existing premultiplied RGBA bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel buffer must hold width·height·4 bytes")
        self.width = width; self.height = height; self.bytes = pixels
    }

    /// An image filled with one color.
    public init(width: Int, height: Int, color: Color) {
        self.init(width: width, height: height)
        let p = PremultipliedPixel(color)
        for i in 0..<(width * height) {
            pixels[4 * i] = p.r; pixels[4 * i + 1] = p.g; pixels[4 * i + 2] = p.b; pixels[4 * i + 3] = p.a
        }
    }

    /// The number of pixels, `width × height`.
    public var pixelCount: Int { width * height }

    /// Two images are equal when they have the same size and the same bytes (where they came from does not count).
    public static func == (a: Image, b: Image) -> Bool {
        a.width == b.width && a.height == b.height && a.pixels == b.pixels
    }

    public func hash(into h: inout Hasher) {
        h.combine(width); h.combine(height); h.combine(pixels)
    }

    /// The premultiplied pixel at column `x`, row `y` (row 0 at the top). Indices are not range-checked beyond
    /// the array's own bounds check: stay within `0 ..< width`, `0 ..< height`.
    public subscript(x: Int, y: Int) -> PremultipliedPixel {
        get {
            let i = 4 * (y * width + x)
            return PremultipliedPixel(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
        }
        set {
            let i = 4 * (y * width + x)
            pixels[i] = newValue.r; pixels[i + 1] = newValue.g; pixels[i + 2] = newValue.b; pixels[i + 3] = newValue.a
        }
    }

    /// Converts straight-alpha RGBA8 bytes to a premultiplied image (rounding to nearest, ``premultiply(_:)``).
    public init(width: Int, height: Int, straightRGBA: consuming [UInt8]) {
        precondition(straightRGBA.count == width * height * 4)
        var out = straightRGBA
        out.withUnsafeMutableBufferPointer { Self.premultiply($0) }
        self.init(width: width, height: height, pixels: out)
    }

    /// Premultiplies straight-alpha RGBA8 pixels in place: each colour channel becomes `(c · a + 127) / 255`, an
    /// opaque pixel stays as it is; bytes after the last whole pixel are left alone. The one premultiplication of
    /// decoded pixels: ``init(width:height:straightRGBA:)`` and a decoder that premultiplies a palette once instead
    /// of every pixel drawn from it (the same bytes: the arithmetic depends on the pixel alone).
    public static func premultiply(_ b: UnsafeMutableBufferPointer<UInt8>) {
        // Raw buffer, bounds those of the loop (decoded images are premultiplied once each, at load).
        guard let p = b.baseAddress else { return }
        var i = 0
        while i + 3 < b.count {
            let a = UInt32(p[i + 3])
            if a != 255 {
                p[i] = UInt8(truncatingIfNeeded: (UInt32(p[i]) &* a &+ 127) / 255)
                p[i + 1] = UInt8(truncatingIfNeeded: (UInt32(p[i + 1]) &* a &+ 127) / 255)
                p[i + 2] = UInt8(truncatingIfNeeded: (UInt32(p[i + 2]) &* a &+ 127) / 255)
            }
            i += 4
        }
    }

    /// The pixels as straight (un-premultiplied) RGBA8, rounding to nearest.
    public func straightRGBA() -> [UInt8] {
        var out = pixels
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = UInt32(out[i + 3])
            if a == 255 { continue }
            if a == 0 { out[i] = 0; out[i + 1] = 0; out[i + 2] = 0; continue }
            out[i] = UInt8(min(255, (UInt32(out[i]) * 255 + a / 2) / a))
            out[i + 1] = UInt8(min(255, (UInt32(out[i + 1]) * 255 + a / 2) / a))
            out[i + 2] = UInt8(min(255, (UInt32(out[i + 2]) * 255 + a / 2) / a))
        }
        return out
    }

    /// Whether every pixel is fully opaque.
    public var isOpaque: Bool {
        var i = 3
        while i < pixels.count { if pixels[i] != 255 { return false }; i += 4 }
        return true
    }
}

/// One premultiplied RGBA8 pixel.
public struct PremultipliedPixel: Hashable, Sendable {
    /// The premultiplied red, green and blue channels (each ≤ `a`) and the alpha, 0…255.
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    /// A pixel from premultiplied channels; callers keep `r`, `g`, `b` ≤ `a`.
    @inlinable public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) { self.r = r; self.g = g; self.b = b; self.a = a }
    /// The clamped color, premultiplied and rounded to 8 bits.
    public init(_ c: Color) {
        let p = c.premultiplied * 255
        r = UInt8(p.x.rounded()); g = UInt8(p.y.rounded()); b = UInt8(p.z.rounded()); a = UInt8(p.w.rounded())
    }
}

/// Limits that protect decoders and renderers from hostile sizes.
public enum ImageLimits {
    /// The largest image a decoder accepts by default: 100 megapixels.
    public static let defaultMaxPixels = 100_000_000
}
