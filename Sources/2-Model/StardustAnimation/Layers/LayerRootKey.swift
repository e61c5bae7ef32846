/// A root (first-component) key of ``Layer/animatableKeys``, matched once per key path: setting a model value
/// read the root and wrote it back, each time matching the key's string against every literal before it (the two
/// matches and accesses were about 1 270 of the 4 100 instructions a `setValue(_:forKeyPath:)` took while the
/// lottie-ios files were translated; matching once saves about 380: docs/ANIMATION.md, "The animation index").
/// Matched as a `String`: a `Substring` compared with each literal took the slow generic comparison
/// (docs/BENCHMARKS.md, "lottie", twelfth round).
enum LayerRootKey: CaseIterable {
    case position, bounds, anchorPoint, anchorPointZ, zPosition, transform, sublayerTransform, opacity, isHidden,
         backgroundColor, cornerRadius, borderWidth, borderColor, contentsRect, shadowColor, shadowOpacity,
         shadowRadius, shadowOffset

    init?(_ key: Substring) {
        switch String(key) {
        case "position": self = .position
        case "bounds": self = .bounds
        case "anchorPoint": self = .anchorPoint
        case "anchorPointZ": self = .anchorPointZ
        case "zPosition": self = .zPosition
        case "transform": self = .transform
        case "sublayerTransform": self = .sublayerTransform
        case "opacity": self = .opacity
        case "isHidden": self = .isHidden
        case "backgroundColor": self = .backgroundColor
        case "cornerRadius": self = .cornerRadius
        case "borderWidth": self = .borderWidth
        case "borderColor": self = .borderColor
        case "contentsRect": self = .contentsRect
        case "shadowColor": self = .shadowColor
        case "shadowOpacity": self = .shadowOpacity
        case "shadowRadius": self = .shadowRadius
        case "shadowOffset": self = .shadowOffset
        default: return nil
        }
    }

    /// The root key of snapshot property `p` (whose key is its own root: a snapshot key has no dot).
    init(_ p: AnimationIndex.SnapshotProperty) {
        switch p {
        case .position: self = .position
        case .bounds: self = .bounds
        case .anchorPoint: self = .anchorPoint
        case .anchorPointZ: self = .anchorPointZ
        case .zPosition: self = .zPosition
        case .transform: self = .transform
        case .sublayerTransform: self = .sublayerTransform
        case .opacity: self = .opacity
        case .isHidden: self = .isHidden
        case .backgroundColor: self = .backgroundColor
        case .cornerRadius: self = .cornerRadius
        case .borderWidth: self = .borderWidth
        case .borderColor: self = .borderColor
        case .contentsRect: self = .contentsRect
        }
    }
}
