/// Stroke geometry.
public struct StrokeStyle: Hashable, Sendable {
    /// How open subpath ends are drawn: `butt` (flush with the end point, the default), `round`
    /// (a half disc) or `square` (extended by half the width) — `CAShapeLayerLineCap`.
    public enum LineCap: String, Hashable, Sendable, Codable {
        /// The stroke ends flush with the end point (`kCALineCapButt`, the default).
        case butt
        /// A half disc of the line width's diameter caps the end (`kCALineCapRound`).
        case round
        /// The stroke extends half the line width past the end point, squared off (`kCALineCapSquare`).
        case square
    }
    /// How segments meet: `miter` (a sharp corner, the default, beveled past the miter limit), `round` or
    /// `bevel` — `CAShapeLayerLineJoin`.
    public enum LineJoin: String, Hashable, Sendable, Codable {
        /// The outer edges extend to a sharp corner, beveled when longer than the miter limit
        /// (`kCALineJoinMiter`, the default).
        case miter
        /// A circular arc of the line width's diameter rounds the corner (`kCALineJoinRound`).
        case round
        /// The corner is cut straight across between the outer edges (`kCALineJoinBevel`).
        case bevel
    }
    /// The line width in the path's local units (points before the transform).
    public var width: Double
    /// The shape of open subpath ends (default `butt`).
    public var cap: LineCap
    /// The shape of corners (default `miter`).
    public var join: LineJoin
    /// The longest miter, as a multiple of the line width, before a miter join falls back to a bevel
    /// (default 10, as Core Graphics): a join is beveled when `1 / sin(φ/2)` exceeds it, φ the angle between the segments.
    public var miterLimit: Double
    /// Lengths of alternately painted and unpainted runs along the path, in the path's local units
    /// (`CAShapeLayer.lineDashPattern`); empty (the default) strokes solid. An odd count is used twice over, zero
    /// entries are allowed (with round or square caps a zero-length dash draws a dot); a pattern with a negative or
    /// non-finite entry or a zero total strokes solid. See ``PathDashing`` and docs/DRAWING.md.
    public var dashPattern: [Double]
    /// How far into ``dashPattern`` each subpath starts (`CAShapeLayer.lineDashPhase`, default 0); taken modulo
    /// the pattern's period, so a negative phase shifts the other way.
    public var dashPhase: Double
    /// A pen of `width`, with Core Graphics' defaults: butt caps, miter joins, miter limit 10, solid.
    public init(width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10,
                dashPattern: [Double] = [], dashPhase: Double = 0) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
        self.dashPattern = dashPattern; self.dashPhase = dashPhase
    }
}
