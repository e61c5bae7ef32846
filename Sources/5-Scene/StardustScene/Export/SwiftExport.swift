import StardustCore

/// Swift source that rebuilds a scene with QuartzCore and UIKit (``SwiftExporter``), and the images
/// it refers to by name.
public struct SwiftExport {
    /// The Swift source: one function returning the configured layer tree with its animations added.
    public var source: String
    /// The images the source loads with `UIImage(named:)` that are not Stardust's builtin images
    /// (pictures drawn by presets, files read by scenes), under the names the source uses. Write them
    /// as `NAME.png` next to the source (and into the app's assets on iOS).
    public var images: [(name: String, texture: Texture)]
    /// The Lottie animations the source loads with `LottieAnimation.named(_:)` that are built into Stardust
    /// (``BuiltinLottie``, such as the snow preset's `snow-launch`), as `NAME.json` files to write next to the source
    /// (and into the app's bundle). Animations a scene reads from files are the user's own and are not copied.
    public var animations: [(file: String, json: [UInt8])] = []
    /// What could not be expressed with QuartzCore and was left out (also written as comments in the source).
    public var omissions: [String]
}
