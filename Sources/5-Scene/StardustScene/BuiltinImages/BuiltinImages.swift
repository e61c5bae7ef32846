import StardustCore
import StardustRender

/// The procedural images that scenes name as `builtin:NAME` (docs/DESIGN.md §10).
///
/// All are white (or white with alpha) so that a cell's `color` tints them,
/// the Core Animation convention; `maple-leaf-red` is the one colored
/// exception. Images are drawn with the path rasterizer the first time any
/// of them is asked for, all at once, and cached in `static let`
/// dictionaries (initialized exactly once, thread-safely, by the runtime);
/// later look-ups are O(1) and return shared storage. Pixel sizes are listed
/// in `docs/IMAGES.md`.
public enum BuiltinImages {
    /// The prefix scenes use for these images.
    public static let prefix = "builtin:"

    /// Every builtin name (without the prefix), in documentation order.
    public static let names: [String] = ["dot", "blurry-dot", "snowflake", "maple-leaf", "maple-leaf-red", "confetti", "spark", "star"]

    /// The pixel size of the image `name` (with or without the `builtin:` prefix), or `nil` for an unknown name.
    public static func pixelSize(named name: String) -> (width: Int, height: Int)? {
        switch canonical(name) {
        case "dot", "blurry-dot", "spark": return (32, 32)
        case "snowflake", "maple-leaf", "maple-leaf-red", "star": return (64, 64)
        case "confetti": return (16, 8)
        default: return nil
        }
    }

    /// Whether the image looks the same at any rotation about its center (`dot`, `blurry-dot`):
    /// emitters may then set `SpriteBatch.isRotationInvariant` and let the renderer skip rotation.
    public static func isRotationInvariant(named name: String) -> Bool {
        ["dot", "blurry-dot"].contains(canonical(name))
    }

    /// The premultiplied image `name` (with or without the `builtin:` prefix), or `nil` for an unknown name.
    public static func image(named name: String) -> Image? { images[canonical(name)] }

    /// The texture (image plus mipmaps) of `name`, built once and shared; `nil` for an unknown name.
    public static func texture(named name: String) -> Texture? { textures[canonical(name)] }

    /// `name` without the `builtin:` prefix.
    public static func canonical(_ name: String) -> String {
        name.hasPrefix(prefix) ? String(name.dropFirst(prefix.count)) : name
    }

    static let images: [String: Image] = Dictionary(uniqueKeysWithValues: names.map { ($0, draw($0)) })
    static let textures: [String: Texture] = images.mapValues { Texture($0) }

    /// Draws one image from scratch (not cached).
    static func draw(_ name: String) -> Image {
        let (w, h) = pixelSize(named: name) ?? (0, 0)
        var img = Image(width: w, height: h)
        switch name {
        case "dot": DotImages.drawDot(into: &img)
        case "blurry-dot": DotImages.drawBlurryDot(into: &img)
        case "spark": DotImages.drawSpark(into: &img)
        case "snowflake": SnowflakeImage.draw(into: &img)
        case "maple-leaf": MapleLeafImage.draw(into: &img, colored: false)
        case "maple-leaf-red": MapleLeafImage.draw(into: &img, colored: true)
        case "confetti": img.fill(Path(rect: Rect(1, 1, Double(w) - 2, Double(h) - 2)), color: .white)
        case "star": StarImage.draw(into: &img)
        default: break
        }
        return img
    }
}
