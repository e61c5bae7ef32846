import StardustCore

/// Structure-field key paths on values (`x`, `size.width`, `rotation.z`, …):
/// the part of a layer key path after its first component.
///
/// Points have `x`, `y`; sizes `width`, `height`; rectangles `origin`,
/// `size` and their fields; colors `red`, `green`, `blue`, `alpha`;
/// transforms `translation` (a size, as in Core Animation), `translation.x/y/z`,
/// `rotation` (= `rotation.z`), `rotation.x/y/z`, `scale` (the mean of the
/// three factors; setting it sets all three) and `scale.x/y/z` — read and
/// written through ``TransformComponents``.
extension AnimatableValue {
    /// The numeric value of `.number`, or of `.bool` as 0/1.
    public var doubleValue: Double? {
        switch self {
        case .number(let v): return v
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }

    /// The field at `path` (dot-separated; empty = the value itself), or `nil` when the value has no such field.
    /// The path is matched into a ``ComponentPath`` (a plan applied at every frame keeps one matched).
    public func component(atPath path: Substring) -> AnimatableValue? {
        if path.isEmpty { return self }
        return component(at: ComponentPath(path))
    }

    /// This value with the field at `path` replaced by `newValue`, or `nil` when there is no such field or the new value has the wrong type.
    public func setting(componentAtPath path: Substring, to newValue: AnimatableValue) -> AnimatableValue? {
        if path.isEmpty { return newValue }
        return setting(componentAt: ComponentPath(path), to: newValue)
    }
}
