import CStardustZlib

/// How hard the PNG writers compress. Both settings use adaptive per-row filters.
public enum PNGCompression: String, Sendable, CaseIterable {
    /// zlib level 1: several times faster, files roughly 25 % larger.
    case fast
    /// zlib level 6 (zlib's and libpng's default).
    case `default`

    var zlibLevel: Int32 { self == .fast ? 1 : 6 }
}
