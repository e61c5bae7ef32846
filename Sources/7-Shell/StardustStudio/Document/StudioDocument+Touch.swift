import Foundation
import Stardust

/// One touch on the preview in progress, from `began` to `ended` or `cancelled`.
struct StudioTouch: Sendable {
    /// Most events one touch may have (a minute of moves at 120 messages a second is 7 200).
    static let maxEvents = 20_000
    /// A touch that never goes farther than this from where it began (points) and ends is a click.
    static let clickDistance = 4.0

    /// The page's pointer id.
    var id: Int
    /// Where and when (scene time) it began.
    var start: Point
    var startTime: Double
    /// Its events so far, in scene seconds and points.
    var events: [PointerEvent]
    /// Whether it has gone farther than ``clickDistance`` from ``start``.
    var isDrag = false
    /// The gesture its pointer edit is merged under (negative: apart from the page's slider gestures).
    var gesture: Int
    /// Whether the scene has pointer-driven physics, so the touch is an edit (recorded into the physics).
    var isRecorded: Bool
}

extension StudioDocument {
    /// Feeds one pointer event of the page (points, scene coordinates) at the playhead, and says what it did.
    ///
    /// On a scene with pointer-driven physics (a photo wall, a file's `physics`) every touch is recorded into the
    /// physics as it happens — the preview shows the drag at once — and becomes one edit (one undo step) holding the
    /// touch's events with their scene times, so export and save render the same motion. A touch that ends no
    /// farther than ``StudioTouch/clickDistance`` from where it began is a click instead: it is taken out of the
    /// physics and snaps the picture or card under it to dust, or restores it (``toggleSnap(_:)``). Returns the
    /// status line (`"snapped layer 3"`), or nil when the event changed nothing visible to report.
    @discardableResult
    public func pointer(_ phase: PointerPhase, at point: Point, id: Int) throws -> String? {
        let t = transport().time
        let event = PointerEvent(time: t, phase: phase, point: point)
        let (status, changed): (String?, Bool) = try lock.withLock {
            let hasPhysics = publishedLocked.scene.simulations.contains { $0 is PointerInput }
            switch phase {
            case .began:
                touchCounter += 1
                var touch = StudioTouch(id: id, start: point, startTime: t, events: [event], gesture: -touchCounter, isRecorded: false)
                if hasPhysics {
                    try commitLocked { e, g in
                        e.append(StudioEdit(target: .pointer(events: touch.events), value: .bool(true), time: nil))
                        g.append(touch.gesture)
                    }
                    touch.isRecorded = true
                }
                activeTouch = touch
                return (nil, touch.isRecorded)
            case .moved, .ended, .cancelled:
                guard var touch = activeTouch, touch.id == id else { return (nil, false) }
                guard touch.events.count < StudioTouch.maxEvents else {
                    activeTouch = nil
                    throw StudioEditError("a touch has at most \(StudioTouch.maxEvents) events; this one was ended.")
                }
                touch.events.append(event)
                if hypot(point.x - touch.start.x, point.y - touch.start.y) > StudioTouch.clickDistance { touch.isDrag = true }
                let finished = phase != .moved
                activeTouch = finished ? nil : touch
                if finished && !touch.isDrag && phase == .ended {
                    // A click: not a touch of the physics; the picture under it snaps or comes back.
                    let scene = publishedLocked.scene
                    let target = StudioHitTest.snappableLayer(at: touch.start, in: scene, time: touch.startTime)
                    let status: String = try commitLocked { e, g in
                        if touch.isRecorded, g.last == touch.gesture { e.removeLast(); g.removeLast() }
                        guard let target else { return "nothing to snap at (\(Int(point.x.rounded())), \(Int(point.y.rounded())))" }
                        let (edit, verb) = Self.snapToggle(target, at: touch.startTime, after: e)
                        e.append(edit); g.append(nil)
                        return "\(verb) layer \(target)"
                    }
                    return (status, true)
                }
                guard touch.isRecorded else {
                    return (finished && touch.isDrag ? "a drag moves a photo wall or a scene's physics; this scene has neither" : nil, false)
                }
                try commitLocked { e, g in
                    let edit = StudioEdit(target: .pointer(events: touch.events), value: .bool(true), time: nil)
                    if g.last == touch.gesture, !e.isEmpty { e[e.count - 1] = edit } else { e.append(edit); g.append(touch.gesture) }
                }
                return (finished ? "dragged: a touch of \(touch.events.count) events recorded" : nil, true)
            }
        }
        if changed { broadcastState() }
        return status
    }

    /// Snaps the layer at `path` to dust at the playhead, or restores it when it is dust there; returns the status line.
    @discardableResult
    public func toggleSnap(_ path: LayerPath) throws -> String {
        let t = transport().time
        let status: String = try lock.withLock {
            try commitLocked { e, g in
                let (edit, verb) = Self.snapToggle(path, at: t, after: e)
                e.append(edit); g.append(nil)
                return "\(verb) layer \(path)"
            }
        }
        broadcastState()
        return status
    }

    /// The edit a click on `path` at scene time `t` makes after `edits`: a restore when the layer is dust at `t`
    /// (snapped at or before `t`, no restore before `t`), else a new snap at `t`.
    static func snapToggle(_ path: LayerPath, at t: Double, after edits: [StudioEdit]) -> (StudioEdit, String) {
        if let last = StudioSnap.snaps(in: edits).first(where: { $0.layer == path }), last.time <= t,
           last.restore.map({ t < $0 }) ?? true {
            return (StudioEdit(target: .snap(layer: path, restore: t), value: .bool(true), time: last.time), "restored")
        }
        return (StudioEdit(target: .snap(layer: path, restore: nil), value: .bool(true), time: t), "snapped")
    }
}
