import StardustCore

/// Something that takes touches: the physics controller and the photo wall.
///
/// UIKit delivers a touch "now"; here "now" is ``currentTime``, the host's clock, which the app
/// advances as it renders (a display link's `targetTimestamp`, the scene time of the frame on
/// screen). `touchesBegan(at:)` and its siblings record the event at ``currentTime``; the
/// `time:` variants record it at an explicit time (scripted tracks, scene files). Recording never
/// reads the wall clock, so a recorded session renders the same frames every time.
///
/// Multi-touch: every method takes the touch's `pointer` number (default 0), as UIKit tells
/// touches apart by their `UITouch`; see ``PointerEvent/pointer``.
public protocol PointerInput: AnyObject {
    /// The host's clock in seconds: the time at which `touches…(at:)` record their events.
    var currentTime: Double { get set }
    /// Records one event (in time order with those already recorded).
    func record(_ event: PointerEvent)
}

extension PointerInput {
    /// Finger `pointer` (default 0) touches down at `point` (points) at ``currentTime``.
    public func touchesBegan(at point: Point, pointer: Int = 0) { record(PointerEvent(time: currentTime, phase: .began, point: point, pointer: pointer)) }
    /// Finger `pointer` (default 0) moves to `point` at ``currentTime``.
    public func touchesMoved(at point: Point, pointer: Int = 0) { record(PointerEvent(time: currentTime, phase: .moved, point: point, pointer: pointer)) }
    /// Finger `pointer` (default 0) lifts at `point` at ``currentTime``.
    public func touchesEnded(at point: Point, pointer: Int = 0) { record(PointerEvent(time: currentTime, phase: .ended, point: point, pointer: pointer)) }
    /// Touch `pointer` (default 0) is cancelled at `point` at ``currentTime``.
    public func touchesCancelled(at point: Point, pointer: Int = 0) { record(PointerEvent(time: currentTime, phase: .cancelled, point: point, pointer: pointer)) }

    /// Finger `pointer` (default 0) touches down at `point` at `time` seconds.
    public func touchesBegan(at point: Point, time: Double, pointer: Int = 0) { record(PointerEvent(time: time, phase: .began, point: point, pointer: pointer)) }
    /// Finger `pointer` (default 0) moves to `point` at `time` seconds.
    public func touchesMoved(at point: Point, time: Double, pointer: Int = 0) { record(PointerEvent(time: time, phase: .moved, point: point, pointer: pointer)) }
    /// Finger `pointer` (default 0) lifts at `point` at `time` seconds.
    public func touchesEnded(at point: Point, time: Double, pointer: Int = 0) { record(PointerEvent(time: time, phase: .ended, point: point, pointer: pointer)) }
    /// Touch `pointer` (default 0) is cancelled at `point` at `time` seconds.
    public func touchesCancelled(at point: Point, time: Double, pointer: Int = 0) { record(PointerEvent(time: time, phase: .cancelled, point: point, pointer: pointer)) }
}
