import StardustCore

/// A rectangle of device pixels, half-open: columns `x0..<x1`, rows `y0..<y1`.
public struct PixelRect: Hashable, Sendable {
    /// The first column (`x0`) and row (`y0`), included, and the end column (`x1`) and row (`y1`), excluded, in device pixels.
    public var x0: Int, y0: Int, x1: Int, y1: Int
    /// The pixels of columns `x0..<x1` and rows `y0..<y1`.
    @inlinable public init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    /// Whether the rectangle contains no pixel.
    @inlinable public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    /// The pixels in both rectangles (empty, with `x1 ≤ x0` or `y1 ≤ y0`, when they do not overlap).
    @inlinable public func intersection(_ o: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }
}

/// Where one thread draws: a band of premultiplied RGBA8 rows.
///
/// Device row `y` starts at `base + (y − originY)·stride`; only pixels
/// inside `clip` (already intersected with the band and the clip stack)
/// may be written. Painters never allocate per pixel and never read or
/// write outside `clip`, which is what makes bands independent and the
/// output identical for any thread count.
public struct RenderTarget {
    /// The first byte of row ``originY``: premultiplied RGBA8, 4 bytes per pixel.
    public let base: UnsafeMutablePointer<UInt8>
    /// The device row that ``base`` points at: the first row of the band.
    public let originY: Int
    /// The distance in bytes between the starts of two consecutive rows (at least `4 × width`).
    public let stride: Int
    /// The device width in pixels.
    public let width: Int
    /// The pixels that may be written: the band intersected with the clip stack. Painters never touch others.
    public var clip: PixelRect

    /// A target over caller-owned rows: row `y` starts at `base + (y − originY)·stride`; only `clip` may be written.
    /// The memory must stay valid and unaliased while painters draw into it.
    @inlinable public init(base: UnsafeMutablePointer<UInt8>, originY: Int, stride: Int, width: Int, clip: PixelRect) {
        self.base = base; self.originY = originY; self.stride = stride; self.width = width; self.clip = clip
    }

    /// The first byte of device row `y` (which must lie within the band).
    @inlinable public func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { base + (y - originY) * stride }
}
