import StardustCore

/// The phase of one touch, as UIKit's `touchesBegan/Moved/Ended/Cancelled` name it.
public enum PointerPhase: String, Sendable, Hashable, CaseIterable {
    /// A finger touched down (`touchesBegan`).
    case began
    /// The finger moved (`touchesMoved`).
    case moved
    /// The finger lifted (`touchesEnded`).
    case ended
    /// The system took the touch away (`touchesCancelled`); a grabbed item is let go as if it
    /// had been put back (the photo wall returns the photo to its slot).
    case cancelled
}

/// One pointer event: a phase of one touch at a point and a time.
///
/// Several fingers may be down at once: each touch has its own ``pointer`` number (UIKit's
/// `UITouch` identity), the same from its `began` to its `ended` or `cancelled`. Events of one
/// touch never affect another's: on the photo wall each finger holds its own photo, and two
/// fingers on one photo hold it at two points.
///
/// Time is an input (docs/DESIGN.md §1): an event carries the rendered time at which it happens, in seconds
/// of the simulation's host time (the scene's time for a scene's physics). A simulation applies it
/// at the first fixed step that starts at or after `time`.
public struct PointerEvent: Sendable, Hashable {
    /// Seconds of host time.
    public var time: Double
    /// What the finger did.
    public var phase: PointerPhase
    /// Where, in the points of the controller's coordinate space (the bound layers' superlayer; the
    /// scene's top-left origin for a scene file).
    public var point: Point
    /// Which touch this is (default 0: the one finger of a single-touch track). Any integer; a
    /// number may be reused after its touch has ended.
    public var pointer: Int

    /// An event of touch `pointer` (default 0) of `phase` at `point` (points) and `time` (seconds).
    public init(time: Double, phase: PointerPhase, point: Point, pointer: Int = 0) {
        self.time = time; self.phase = phase; self.point = point; self.pointer = pointer
    }
}
