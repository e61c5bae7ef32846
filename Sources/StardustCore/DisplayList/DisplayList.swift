import Foundation

/// What a frame draws: an ordered list of commands in scene points, the
/// value that the model stages produce and the renderer consumes (SPEC §1).
///
/// Coordinates are in points, y down; the renderer multiplies by ``scale``
/// to get pixels. Commands are drawn in order, each over the previous ones.
public struct DisplayList: Sendable {
    /// The frame size in points.
    public var size: Size
    /// Pixels per point (SPEC §2: default 2).
    public var scale: Double
    /// The color the frame is cleared to before the first command (transparent by default).
    public var background: Color
    public var commands: [DrawCommand]

    public init(size: Size, scale: Double = 2, background: Color = .clear, commands: [DrawCommand] = []) {
        self.size = size; self.scale = scale; self.background = background; self.commands = commands
    }

    /// The frame size in pixels: `size × scale`, rounded.
    public var pixelWidth: Int { Int((size.width * scale).rounded()) }
    public var pixelHeight: Int { Int((size.height * scale).rounded()) }

    public mutating func append(_ c: DrawCommand) { commands.append(c) }
}

/// One drawing operation of a ``DisplayList``.
public enum DrawCommand: Sendable {
    /// A textured quad: an image layer's contents, a single sprite.
    case image(ImageDraw)
    /// Many textured quads sharing one texture (the particles of one cell).
    case sprites(SpriteBatch)
    /// A filled or stroked vector path (shapes, rounded rectangles, borders).
    case path(PathDraw)
    /// A run of text laid out in a box.
    case text(TextDraw)
    /// Restricts the following commands to a rectangle (`masksToBounds`) until the matching ``popClip``.
    /// The rectangle is in the local space of `transform`; clips nest by intersection.
    case pushClip(rect: Rect, transform: Transform2D)
    case popClip
    /// Draws the following commands into a transparent group that is then
    /// composited with `opacity` (a layer's `opacity` over its sublayers), until ``endGroup``.
    case beginGroup(opacity: Double)
    case endGroup
}

/// How source pixels combine with the frame (SPEC §9, PARTICLES.md decision 8).
public enum BlendMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// Source-over on premultiplied color: `dst = src + dst·(1 − αsrc)`.
    case normal
    /// Additive on premultiplied color: `dst = min(1, src + dst)`.
    case additive
}

/// Texture filtering (the `minificationFilter` / `magnificationFilter` values of Core Animation).
public enum ImageFilter: String, Hashable, Sendable, Codable, CaseIterable {
    case nearest
    case linear
    /// Bilinear within the two nearest mip levels, blended between them.
    case trilinear
}

/// A textured quad.
///
/// The region `contentsRect` of the texture (a unit rectangle: `[0 0 1 1]`
/// is the whole image) is stretched over `rect`, which is then mapped by
/// `transform` into scene points. Each texel is multiplied by `tint` (a
/// straight-alpha color, white = unchanged) and by `opacity`.
public struct ImageDraw: Sendable {
    public var texture: Texture
    public var rect: Rect
    public var transform: Transform2D
    public var contentsRect: Rect
    public var tint: Color
    public var opacity: Double
    public var minificationFilter: ImageFilter
    public var magnificationFilter: ImageFilter
    public var blend: BlendMode

    public init(texture: Texture, rect: Rect, transform: Transform2D = .identity,
                contentsRect: Rect = .unit, tint: Color = .white, opacity: Double = 1,
                minificationFilter: ImageFilter = .linear, magnificationFilter: ImageFilter = .linear,
                blend: BlendMode = .normal) {
        self.texture = texture; self.rect = rect; self.transform = transform; self.contentsRect = contentsRect
        self.tint = tint; self.opacity = opacity; self.minificationFilter = minificationFilter
        self.magnificationFilter = magnificationFilter; self.blend = blend
    }
}

/// One quad of a ``SpriteBatch``.
///
/// The sprite covers the batch's `quadSize` centered on the origin of its
/// own space, mapped to scene points by the affine transform
/// `(m.x, m.y, m.z, m.w, t.x, t.y)` = `(a, b, c, d, tx, ty)` of
/// ``Transform2D``. `color` is the premultiplied tint with the opacity
/// folded in: `(r·α, g·α, b·α, α)`, each in 0…1.
public struct SpriteInstance: Hashable, Sendable {
    public var m: SIMD4<Float>
    public var t: SIMD2<Float>
    public var color: SIMD4<Float>
    @inlinable public init(m: SIMD4<Float>, t: SIMD2<Float>, color: SIMD4<Float>) { self.m = m; self.t = t; self.color = color }

    /// A sprite centered at `center`, rotated by `rotation` radians (clockwise on screen) and scaled uniformly.
    @inlinable public init(center: Point, rotation: Double, scale: Double, color: SIMD4<Float>) {
        let c = Float(cos(rotation) * scale), s = Float(sin(rotation) * scale)
        self.init(m: SIMD4(c, s, -s, c), t: SIMD2(Float(center.x), Float(center.y)), color: color)
    }
}

/// Many quads of one texture, drawn in array order (particles).
public struct SpriteBatch: Sendable {
    public var texture: Texture
    public var contentsRect: Rect
    /// The quad size in points before each sprite's transform.
    public var quadSize: Size
    public var sprites: [SpriteInstance]
    public var minificationFilter: ImageFilter
    public var magnificationFilter: ImageFilter
    public var blend: BlendMode
    /// Set when every sprite's texture looks the same at any rotation (a round dot):
    /// the renderer may then ignore rotation and take its faster scale-and-translate path.
    public var isRotationInvariant: Bool

    public init(texture: Texture, contentsRect: Rect = .unit, quadSize: Size, sprites: [SpriteInstance] = [],
                minificationFilter: ImageFilter = .linear, magnificationFilter: ImageFilter = .linear,
                blend: BlendMode = .normal, isRotationInvariant: Bool = false) {
        self.texture = texture; self.contentsRect = contentsRect; self.quadSize = quadSize; self.sprites = sprites
        self.minificationFilter = minificationFilter; self.magnificationFilter = magnificationFilter
        self.blend = blend; self.isRotationInvariant = isRotationInvariant
    }
}

/// How a path is filled: the winding rules of Core Graphics.
public enum FillRule: String, Hashable, Sendable, Codable {
    case nonZero
    case evenOdd
}

/// Stroke geometry.
public struct StrokeStyle: Hashable, Sendable {
    public enum LineCap: String, Hashable, Sendable, Codable { case butt, round, square }
    public enum LineJoin: String, Hashable, Sendable, Codable { case miter, round, bevel }
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    public init(width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
    }
}

/// What fills the covered area of a path.
public enum Paint: Hashable, Sendable {
    case color(Color)
    /// A linear gradient between two points (in the path's local space), with
    /// color stops at locations in 0…1, padded beyond the ends.
    case linearGradient(start: Point, end: Point, stops: [GradientStop])
    /// A radial gradient around `center` out to `radius`.
    case radialGradient(center: Point, radius: Double, stops: [GradientStop])
}

public struct GradientStop: Hashable, Sendable {
    public var location: Double
    public var color: Color
    public init(_ location: Double, _ color: Color) { self.location = location; self.color = color }
}

/// A path filled or stroked with anti-aliasing.
public struct PathDraw: Sendable {
    public enum Style: Hashable, Sendable {
        case fill(FillRule)
        case stroke(StrokeStyle)
    }
    public var path: Path
    public var transform: Transform2D
    public var style: Style
    public var paint: Paint
    public var opacity: Double
    public var blend: BlendMode

    public init(path: Path, transform: Transform2D = .identity, style: Style = .fill(.nonZero),
                paint: Paint, opacity: Double = 1, blend: BlendMode = .normal) {
        self.path = path; self.transform = transform; self.style = style; self.paint = paint
        self.opacity = opacity; self.blend = blend
    }
}

/// Text laid out in a box (a `CATextLayer`).
public struct TextDraw: Sendable {
    public enum Alignment: String, Hashable, Sendable, Codable { case left, center, right }
    public var string: String
    /// A fontconfig family name; `nil` means DejaVu Sans.
    public var fontFamily: String?
    public var fontSize: Double
    public var isBold: Bool
    public var color: Color
    /// The layout box in local space: lines start at its top, break at its width when `wraps`.
    public var rect: Rect
    public var alignment: Alignment
    public var wraps: Bool
    public var transform: Transform2D
    public var opacity: Double

    public init(string: String, fontFamily: String? = nil, fontSize: Double = 36, isBold: Bool = false,
                color: Color = .white, rect: Rect, alignment: Alignment = .left, wraps: Bool = false,
                transform: Transform2D = .identity, opacity: Double = 1) {
        self.string = string; self.fontFamily = fontFamily; self.fontSize = fontSize; self.isBold = isBold
        self.color = color; self.rect = rect; self.alignment = alignment; self.wraps = wraps
        self.transform = transform; self.opacity = opacity
    }
}

extension DrawCommand {
    /// A filled rounded rectangle (a layer's background).
    public static func roundedRect(_ rect: Rect, cornerRadius: Double, color: Color,
                                   transform: Transform2D = .identity, opacity: Double = 1) -> DrawCommand {
        .path(PathDraw(path: Path(roundedRect: rect, cornerRadius: cornerRadius), transform: transform,
                       paint: .color(color), opacity: opacity))
    }

    /// A layer border: a band of `width` inside `rect`'s edge, following its rounded corners
    /// (Core Animation draws borders inside the bounds).
    public static func border(_ rect: Rect, cornerRadius: Double, width: Double, color: Color,
                              transform: Transform2D = .identity, opacity: Double = 1) -> DrawCommand {
        var p = Path(roundedRect: rect, cornerRadius: cornerRadius)
        let inner = rect.standardized.insetBy(dx: width, dy: width)
        if inner.width > 0 && inner.height > 0 {
            p.addPath(Path(roundedRect: inner, cornerRadius: max(0, cornerRadius - width)))
        }
        return .path(PathDraw(path: p, transform: transform, style: .fill(.evenOdd), paint: .color(color), opacity: opacity))
    }
}
