/// How source pixels combine with the frame (docs/DESIGN.md §9, docs/PARTICLE-MODEL.md decision P8).
public enum BlendMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// Source-over on premultiplied color: `dst = src + dst·(1 − αsrc)`.
    case normal
    /// Additive on premultiplied color: `dst = min(1, src + dst)`.
    case additive
}
