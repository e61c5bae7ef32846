import StardustCore

/// The model values of the fourteen properties a ``LayerSnapshot`` copies, stored together in one struct of the
/// layer (``Layer/snapshotValues``).
///
/// Every read of a stored property of a class is a runtime exclusivity check (`swift_beginAccess` and its
/// thread-local access set), so a snapshot that read the fourteen properties one by one made fourteen checks per
/// layer and frame: about 610 M of 16 693 M instructions over eight lottie-ios files (docs/BENCHMARKS.md, "lottie",
/// seventeenth and eighteenth rounds). Held in one stored struct, the snapshot reads them with one access. The public
/// properties of ``Layer`` read and write their field here and report their changes as before.
struct LayerSnapshotValues {
    var position: Point = .zero
    var bounds: Rect = .zero
    var anchorPoint = Point(0.5, 0.5)
    var anchorPointZ: Double = 0
    var zPosition: Double = 0
    var transform: Transform3D = .identity
    var sublayerTransform: Transform3D = .identity
    var opacity: Double = 1
    var isHidden: Bool = false
    var backgroundColor: Color?
    var cornerRadius: Double = 0
    var borderWidth: Double = 0
    var borderColor: Color = .black
    var contentsRect: Rect = .unit
}
