/// How source pixels combine with the frame (SPEC §9, PARTICLES.md decision 8).
public enum BlendMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// Source-over on premultiplied color: `dst = src + dst·(1 − αsrc)`.
    case normal
    /// Additive on premultiplied color: `dst = min(1, src + dst)`.
    case additive
}
