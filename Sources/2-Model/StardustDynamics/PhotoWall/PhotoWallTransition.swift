/// One step in a photo's life on the wall (docs/DESIGN.md §7), reported to ``PhotoWall/onTransition`` and
/// as a line of `stardust trace`.
///
/// A photo goes `grabbed` → `returning` → `settled` (released within the return distance of
/// where the drag began, or the touch cancelled) or `grabbed` → `falling` → `removed` (released
/// elsewhere). A returning or falling photo can be grabbed again.
public struct PhotoWallTransition: Sendable, Hashable {
    /// What happened.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A touch began on the photo: its world was made (if it had none) and the drag joint holds it.
        case grabbed
        /// Released near where the drag began (or cancelled): springs pull it back into its slot.
        case returning
        /// Back in its slot and at rest: its world was destroyed; the layer shows its model values.
        case settled
        /// Released elsewhere: it falls under gravity, spinning.
        case falling
        /// It left the visible area: it was removed with its world (the layer is hidden).
        case removed
    }

    /// Seconds of host time: the end of the fixed step in which the transition took effect — the
    /// first time whose state shows it (a touch takes effect in the first step starting at or
    /// after its time).
    public var time: Double
    /// The photo's index in ``PhotoWall/photos``.
    public var photo: Int
    /// What happened.
    public var kind: Kind

    /// A transition of photo `photo` to `kind` at `time` seconds.
    public init(time: Double, photo: Int, kind: Kind) { self.time = time; self.photo = photo; self.kind = kind }
}
