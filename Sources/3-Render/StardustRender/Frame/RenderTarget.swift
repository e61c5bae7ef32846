import StardustCore

/// A rectangle of device pixels, half-open: columns `x0..<x1`, rows `y0..<y1`.
public struct PixelRect: Hashable, Sendable {
    public var x0: Int, y0: Int, x1: Int, y1: Int
    @inlinable public init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }
    @inlinable public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
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
    public let base: UnsafeMutablePointer<UInt8>
    public let originY: Int
    public let stride: Int
    /// The device width in pixels.
    public let width: Int
    public var clip: PixelRect

    @inlinable public init(base: UnsafeMutablePointer<UInt8>, originY: Int, stride: Int, width: Int, clip: PixelRect) {
        self.base = base; self.originY = originY; self.stride = stride; self.width = width; self.clip = clip
    }

    /// The first byte of device row `y` (which must lie within the band).
    @inlinable public func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { base + (y - originY) * stride }
}
