import StardustCore
import StardustDynamics

/// The `pointer` key (docs/DESIGN.md §6, §10.1): a scripted touch track, in scene points and seconds, fed
/// to the scene's physics controller and photo wall as `touchesBegan/Moved/Ended/Cancelled` at those
/// times. `"id"` (default 0) tells simultaneous touches apart (``PointerEvent/pointer``).
extension SceneLoader {
    static let pointerKeys = ["t", "phase", "point", "id"]
    /// Most pointer events a scene may script.
    static let maxPointerEvents = 100_000

    /// The events of a `pointer` array, in file order (the track sorts them by time, stably).
    func pointerEvents(_ node: JSONNode) throws -> [PointerEvent] {
        let nodes = try node.array()
        guard nodes.count <= Self.maxPointerEvents else {
            throw SceneError(path: node.path, "at most \(Self.maxPointerEvents) pointer events, found \(nodes.count)")
        }
        return try nodes.map { e in
            let k = try e.object(allowedKeys: Self.pointerKeys)
            guard let t = k["t"] else { throw SceneError(path: e.path, "missing \"t\": the time of the event in seconds") }
            guard let phase = k["phase"] else { throw SceneError(path: e.path, "missing \"phase\" (\"began\", \"moved\", \"ended\" or \"cancelled\")") }
            guard let point = k["point"] else { throw SceneError(path: e.path, "missing \"point\": [x, y] in scene points") }
            let p = try vector(point)
            return PointerEvent(time: try t.number(in: 0...3600),
                                phase: PointerPhase(rawValue: try phase.choice(PointerPhase.allCases.map(\.rawValue)))!,
                                point: Point(p.x, p.y),
                                pointer: try k["id"].map { try $0.integer(in: 0...Int(Int32.max)) } ?? 0)
        }
    }
}
