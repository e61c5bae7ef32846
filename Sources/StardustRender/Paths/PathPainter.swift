import StardustCore

/// A path command made ready for banded drawing: flattened, transformed to
/// device pixels, with its paint resolved. Built once per frame, read by
/// every band.
public struct PreparedPath: Sendable {
    /// Device-pixel bounds of everything the path may touch.
    public var bounds: PixelRect
    public init(bounds: PixelRect) { self.bounds = bounds }
}

/// Fills and strokes paths with anti-aliasing (owned by the path painter).
public enum PathPainter {
    /// Prepares `command` for drawing at `scale` pixels per point.
    public static func prepare(_ command: PathDraw, scale: Double) -> PreparedPath {
        PreparedPath(bounds: PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)) // stub
    }
    /// Draws the rows of `path` that fall inside `target.clip`.
    public static func draw(_ path: PreparedPath, into target: RenderTarget) {}
}
