import StardustCore

extension Layer {
    /// The root key paths of the animatable properties of every layer, in canonical spelling.
    public static let animatableKeys: [String] = [
        "position", "bounds", "anchorPoint", "anchorPointZ", "zPosition", "transform", "sublayerTransform",
        "opacity", "isHidden", "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "contentsRect",
        "shadowColor", "shadowOpacity", "shadowRadius", "shadowOffset",
    ]

    /// The model value of a root (first-component) key.
    func baseValue(forKey key: Substring) -> AnimatableValue? { LayerRootKey(key).map(baseValue) }

    /// The model value of a root key already matched.
    func baseValue(_ key: LayerRootKey) -> AnimatableValue {
        switch key {
        case .position: return .point(position)
        case .bounds: return .rect(bounds)
        case .anchorPoint: return .point(anchorPoint)
        case .anchorPointZ: return .number(anchorPointZ)
        case .zPosition: return .number(zPosition)
        case .transform: return .transform(transform)
        case .sublayerTransform: return .transform(sublayerTransform)
        case .opacity: return .number(opacity)
        case .isHidden: return .bool(isHidden)
        case .backgroundColor: return .color(backgroundColor ?? .clear)
        case .cornerRadius: return .number(cornerRadius)
        case .borderWidth: return .number(borderWidth)
        case .borderColor: return .color(borderColor)
        case .contentsRect: return .rect(contentsRect)
        case .shadowColor: return .color(shadowColor)
        case .shadowOpacity: return .number(shadowOpacity)
        case .shadowRadius: return .number(shadowRadius)
        case .shadowOffset: return .size(shadowOffset)
        }
    }

    /// Sets the model value of a root key already matched; values of the wrong type are ignored.
    func setBaseValue(_ v: AnimatableValue, _ key: LayerRootKey) {
        switch (key, v) {
        case (.position, .point(let p)): position = p
        case (.bounds, .rect(let r)): bounds = r
        case (.anchorPoint, .point(let p)): anchorPoint = p
        case (.anchorPointZ, .number(let x)): anchorPointZ = x
        case (.zPosition, .number(let x)): zPosition = x
        case (.transform, .transform(let m)): transform = m
        case (.sublayerTransform, .transform(let m)): sublayerTransform = m
        case (.opacity, .number(let x)): opacity = x
        case (.isHidden, .bool(let b)): isHidden = b
        case (.isHidden, .number(let x)): isHidden = x != 0
        case (.backgroundColor, .color(let c)): backgroundColor = c
        case (.cornerRadius, .number(let x)): cornerRadius = x
        case (.borderWidth, .number(let x)): borderWidth = x
        case (.borderColor, .color(let c)): borderColor = c
        case (.contentsRect, .rect(let r)): contentsRect = r
        case (.shadowColor, .color(let c)): shadowColor = c
        case (.shadowOpacity, .number(let x)): shadowOpacity = x
        case (.shadowRadius, .number(let x)): shadowRadius = x
        case (.shadowOffset, .size(let z)): shadowOffset = z
        default: break
        }
    }
}
