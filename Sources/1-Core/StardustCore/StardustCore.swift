/// StardustCore: the first stage of the pipeline — geometry, transforms,
/// color, counter-based randomness, premultiplied images, vector paths and
/// the display list that every model stage produces (SPEC §1, §2).
public enum StardustCoreInfo {
    public static let version = "0.1.0"
}
