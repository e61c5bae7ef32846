import StardustCore
import StardustAnimation

/// Where a simulated item is at one time: what a body (or a dynamic item) shows on its layer.
public struct Pose: Sendable, Hashable {
    /// The layer's `position` in its superlayer's points (the body's center of the item).
    public var position: Point
    /// The rotation about z in radians (Core Animation's `transform.rotation.z`; positive turns
    /// clockwise on screen, since y points down).
    public var rotation: Double
    /// Whether the layer is hidden (a photo removed with its world, a destroyed body). `false` keeps
    /// the model's `isHidden` (a layer the app hid stays hidden).
    public var isHidden: Bool
    /// The layer's `zPosition` while simulated (a dragged photo drawn above its neighbours), or
    /// `nil` (the default) to keep the model's.
    public var zPosition: Double?

    /// A pose at `position`, turned by `rotation` radians, shown unless `isHidden`, at
    /// `zPosition` (`nil`: the model's).
    public init(position: Point, rotation: Double = 0, isHidden: Bool = false, zPosition: Double? = nil) {
        self.position = position; self.rotation = rotation; self.isHidden = isHidden; self.zPosition = zPosition
    }
}

/// An animation that shows a simulation on a layer: `position`, `transform.rotation.z`,
/// `isHidden` and (when the pose gives one) `zPosition` come from a pose function of the host's time.
///
/// This is the one bridge from simulated bodies to layers (the scene's `physics` bodies, the
/// dynamic animator's items and the photo wall all use it). It never ends and is never removed;
/// where `pose` returns `nil` the layer shows its model values. The pose function must be a pure
/// function of time (sample a ``Timeline``), so frames can be rendered in any order and on any
/// thread. The rotation replaces the model's rotation; other parts of the model transform
/// (scale, translation) are kept.
public final class PoseAnimation: Animation, @unchecked Sendable {
    /// The pose at a host time in seconds, or `nil` for "show the model values".
    public let pose: @Sendable (Double) -> Pose?

    /// Shows `pose(t)` on the layer it is added to.
    public init(pose: @escaping @Sendable (Double) -> Pose?) {
        self.pose = pose
        super.init(keyPath: nil)
        isRemovedOnCompletion = false
    }

    override public var animatedKeyPaths: [String] { ["position", "transform.rotation.z", "isHidden", "zPosition"] }

    override public func endTime() -> Double { .infinity }

    override public func value(forKeyPath keyPath: String, on base: AnimatableValue,
                               at parentTime: Double) -> AnimatableValue? {
        guard let pose = pose(parentTime) else { return nil }
        switch LayerKeyPath.canonical(keyPath) {
        case "position": return .point(pose.position)
        case "transform.rotation.z": return .number(pose.rotation)
        // A pose hides a layer; it never shows one the model hides.
        case "isHidden": return pose.isHidden ? .bool(true) : nil
        case "zPosition": return pose.zPosition.map { .number($0) }
        default: return nil
        }
    }
}
