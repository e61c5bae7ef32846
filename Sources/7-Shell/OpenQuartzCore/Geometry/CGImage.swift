#if !canImport(QuartzCore)
import Foundation
import Stardust

/// A bitmap image (`CGImage`): the contents of a layer or an emitter cell. Wraps an engine texture
/// (the premultiplied RGBA8 image and its mip chain), shared, never copied.
public final class CGImage: Hashable, @unchecked Sendable {
    /// The engine texture drawn for this image.
    public let texture: Texture
    /// Whether the image looks the same at any rotation (the builtin dots): emitters may then skip
    /// rotating its particles, exactly as scene files do for those images (default `false`).
    public let isRotationInvariant: Bool

    /// An image showing `texture`.
    public init(texture: Texture, isRotationInvariant: Bool = false) {
        self.texture = texture; self.isRotationInvariant = isRotationInvariant
    }
    /// An image of premultiplied RGBA8 pixels (its mip chain is built now).
    public convenience init(image: Image) { self.init(texture: Texture(image)) }

    /// The width in pixels.
    public var width: Int { texture.width }
    /// The height in pixels.
    public var height: Int { texture.height }

    /// The same object.
    public static func == (a: CGImage, b: CGImage) -> Bool { a === b }
    /// Hashes the identity.
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}
#endif
