/// StardustCore: the first stage of the pipeline — geometry, transforms,
/// color, counter-based randomness, premultiplied images, vector paths and
/// the display list that every model stage produces (docs/DESIGN.md §1, §2).
public enum StardustCoreInfo {
    /// The version of the Stardust library, in semantic-versioning form (`"0.1.0"`).
    public static let version = "0.1.0"
}
