import StardustCore

/// Something that takes touches: the physics controller and the photo wall.
///
/// UIKit delivers a touch "now"; here "now" is ``currentTime``, the host's clock, which the app
/// advances as it renders (a display link's `targetTimestamp`, the scene time of the frame on
/// screen). `touchesBegan(at:)` and its siblings record the event at ``currentTime``; the
/// `time:` variants record it at an explicit time (scripted tracks, scene files). Recording never
/// reads the wall clock, so a recorded session renders the same frames every time.
public protocol PointerInput: AnyObject {
    /// The host's clock in seconds: the time at which `touches…(at:)` record their events.
    var currentTime: Double { get set }
    /// Records one event (in time order with those already recorded).
    func record(_ event: PointerEvent)
}

extension PointerInput {
    /// A finger touches down at `point` (points) at ``currentTime``.
    public func touchesBegan(at point: Point) { record(PointerEvent(time: currentTime, phase: .began, point: point)) }
    /// The finger moves to `point` at ``currentTime``.
    public func touchesMoved(at point: Point) { record(PointerEvent(time: currentTime, phase: .moved, point: point)) }
    /// The finger lifts at `point` at ``currentTime``.
    public func touchesEnded(at point: Point) { record(PointerEvent(time: currentTime, phase: .ended, point: point)) }
    /// The touch is cancelled at `point` at ``currentTime``.
    public func touchesCancelled(at point: Point) { record(PointerEvent(time: currentTime, phase: .cancelled, point: point)) }

    /// A finger touches down at `point` at `time` seconds.
    public func touchesBegan(at point: Point, time: Double) { record(PointerEvent(time: time, phase: .began, point: point)) }
    /// The finger moves to `point` at `time` seconds.
    public func touchesMoved(at point: Point, time: Double) { record(PointerEvent(time: time, phase: .moved, point: point)) }
    /// The finger lifts at `point` at `time` seconds.
    public func touchesEnded(at point: Point, time: Double) { record(PointerEvent(time: time, phase: .ended, point: point)) }
    /// The touch is cancelled at `point` at `time` seconds.
    public func touchesCancelled(at point: Point, time: Double) { record(PointerEvent(time: time, phase: .cancelled, point: point)) }
}
