#if !canImport(QuartzCore)
import Foundation
import Stardust

/// An image (`UIImage`): a `CGImage` with a scale, or an animated sequence of images.
///
/// `UIImage(named:)` looks, in order, for an image registered with ``register(_:named:)``, a file
/// `NAME`, `NAME.png`, `NAME.jpg` or `NAME.jpeg` in each folder of ``searchPaths`` (the current
/// directory first), and Stardust's builtin images (`dot`, `blurry-dot`, `snowflake`, `maple-leaf`, …,
/// with or without the `builtin:` prefix). A name ending in `@2x` / `@3x` (or a file found as
/// `NAME@2x.png`) gets that scale.
open class UIImage: @unchecked Sendable {
    /// The bitmap (`nil` for an animated image's container).
    public let cgImage: CGImage?
    /// Pixels per point (default 1).
    public let scale: CGFloat
    /// The frames of an animated image (`nil` for a still image).
    public let images: [UIImage]?
    /// The time one pass over ``images`` takes (0 for a still image).
    public let duration: TimeInterval

    /// An image of a bitmap at a scale.
    public init(cgImage: CGImage, scale: CGFloat = 1, orientation: Int = 0) {
        self.cgImage = cgImage; self.scale = scale; self.images = nil; self.duration = 0
    }
    private init(images: [UIImage], duration: TimeInterval) {
        self.cgImage = images.first?.cgImage; self.scale = images.first?.scale ?? 1
        self.images = images; self.duration = duration
    }

    /// The size in points: pixels divided by ``scale``.
    public var size: CGSize {
        guard let c = cgImage, scale > 0 else { return .zero }
        return CGSize(width: CGFloat(c.width) / scale, height: CGFloat(c.height) / scale)
    }

    /// An animated image showing `images` in turn, one pass every `duration` seconds.
    public class func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        images.isEmpty ? nil : UIImage(images: images, duration: duration)
    }
    /// An animated image of `NAME0`, `NAME1`, … (or from `NAME1`), as UIKit numbers frames.
    public class func animatedImageNamed(_ name: String, duration: TimeInterval) -> UIImage? {
        var frames: [UIImage] = []
        var n = UIImage(named: "\(name)0") == nil ? 1 : 0
        while n <= AnimatedImage.maximumFrameNumber, let f = UIImage(named: "\(name)\(n)") { frames.append(f); n += 1 }
        return animatedImage(with: frames, duration: duration)
    }

    /// The image called `name` (see the type's description for where it is looked up), or `nil`.
    public convenience init?(named name: String) {
        guard let found = UIImage.lookUp(name) else { return nil }
        self.init(cgImage: found.image, scale: found.scale)
    }

    /// The image of a PNG or JPEG file, or `nil` when it cannot be read.
    public convenience init?(contentsOfFile path: String) {
        guard let image = try? ImageDecoder.decodeFile(atPath: path) else { return nil }
        self.init(cgImage: CGImage(image: image), scale: UIImage.scale(inName: PathText.deletingPathExtension(path)))
    }

    /// The image of PNG or JPEG bytes, or `nil`.
    public convenience init?(data: Data, scale: CGFloat = 1) {
        guard let image = try? ImageDecoder.decode([UInt8](data)) else { return nil }
        self.init(cgImage: CGImage(image: image), scale: scale)
    }

    // MARK: Look-up

    nonisolated(unsafe) private static var registered: [String: UIImage] = [:]
    private static let lock = NSLock()

    nonisolated(unsafe) private static var searchPathStorage = ["."]
    /// Folders searched by `UIImage(named:)` for files, in order (default: `["."]`, the current directory).
    public static var searchPaths: [String] {
        get { lock.lock(); defer { lock.unlock() }; return searchPathStorage }
        set { lock.lock(); defer { lock.unlock() }; searchPathStorage = newValue }
    }

    /// Makes `image` findable as `UIImage(named: name)` (before files and builtin images), like an
    /// asset in an app bundle. Passing `nil` removes the registration.
    public static func register(_ image: UIImage?, named name: String) {
        lock.lock(); defer { lock.unlock() }
        registered[name] = image
    }

    private static func lookUp(_ name: String) -> (image: CGImage, scale: CGFloat)? {
        lock.lock()
        let reg = registered[name]
        lock.unlock()
        if let reg, let c = reg.cgImage { return (c, reg.scale) }
        if !name.hasPrefix(BuiltinImages.prefix) {
            for dir in searchPaths {
                for suffix in ["", ".png", ".jpg", ".jpeg", "@2x.png", "@3x.png"] {
                    let path = (dir as NSString).appendingPathComponent(name + suffix)
                    var isDir: ObjCBool = false
                    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue,
                          let image = try? ImageDecoder.decodeFile(atPath: path) else { continue }
                    return (CGImage(image: image), scale(inName: name + suffix.replacingOccurrences(of: ".png", with: "")))
                }
            }
        }
        let builtin = BuiltinImages.canonical(name)
        if let t = BuiltinImages.texture(named: builtin) {
            return (CGImage(texture: t, isRotationInvariant: BuiltinImages.isRotationInvariant(named: builtin)), 1)
        }
        return nil
    }

    private static func scale(inName name: String) -> CGFloat {
        name.hasSuffix("@3x") ? 3 : name.hasSuffix("@2x") ? 2 : 1
    }
}
#endif
