import Foundation
import StardustAnimation
import StardustCore
import StardustDynamics
import StardustParticles

/// The `stardust trace` format (docs/DESIGN.md §10): one JSON object per frame with
/// live particle counts per emitter cell, layer presentation values, physics
/// bodies and, optionally, every live particle. Simulation events (photo-wall
/// transitions) come as lines of their own just before the frame they happen in. A scene with a
/// simulation also lists its joints per frame under `"joints"` (an array, after `"bodies"`).
public enum SceneTrace {
    /// The JSON line for time `t` (scene time, seconds), preceded by the lines of the simulation
    /// events of its frame interval (``eventLines(for:at:)``), each ending in a newline.
    public static func line(for scene: Scene, at t: Double, includeParticles: Bool) -> String {
        var counts: [(String, Int)] = []
        var states: [String] = []
        var layers: [(String, String)] = []
        var features: [(String, [String])] = []
        var emitterPaths: [(String, String)] = []
        scene.visitLayers(at: t) { layer, _, parentTime, isDrawn in
            if let name = layer.name {
                layers.append((name, layerValues(layer, at: layer.localTime(fromParentTime: parentTime), isDrawn: isDrawn)))
            }
            guard let emitter = layer as? EmitterLayer else { return }
            let snapshot = emitter.evaluate(at: parentTime, sceneSeed: scene.seed)
            let cells = emitter.allCells
            let names = cellNames(emitter)
            if let p = emitter.emitterPath { emitterPaths.append((emitter.name ?? "emitter", emitterPathFeature(p))) }
            var perCell = [Int](repeating: 0, count: cells.count)
            let ci = snapshot.cellIndex
            for i in 0..<snapshot.count where Int(ci[i]) < perCell.count { perCell[Int(ci[i])] += 1 }
            for (i, n) in names.enumerated() { counts.append((n, perCell[i])) }
            for (i, c) in cells.enumerated() where i < names.count {
                if let x = c.extensions, case let f = extensionFeatures(x), !f.isEmpty { features.append((names[i], f)) }
            }
            if includeParticles {
                for i in 0..<snapshot.count {
                    let p = snapshot[i]
                    let cell = p.cellIndex < names.count ? names[p.cellIndex] : "?"
                    states.append("{\"cell\":\(quote(cell)),\"position\":[\(num(p.position.x)),\(num(p.position.y)),\(num(p.position.z))],"
                        + "\"velocity\":[\(num(p.velocity.x)),\(num(p.velocity.y)),\(num(p.velocity.z))],"
                        + "\"scale\":\(num(p.scale)),\"rotation\":\(num(p.rotation)),"
                        + "\"color\":[\(num(p.color.x)),\(num(p.color.y)),\(num(p.color.z)),\(num(p.color.w))],"
                        + "\"age\":\(num(p.age)),\"lifetime\":\(num(p.lifetime))}")
                }
            }
        }
        var out = "{\"t\":\(num(t)),\"particles\":{"
        out += counts.map { "\(quote($0.0)):\($0.1)" }.joined(separator: ",")
        out += "},\"layers\":{" + layers.map { "\(quote($0.0)):\($0.1)" }.joined(separator: ",") + "},\"bodies\":{"
        out += scene.simulations.flatMap { $0.bodyReports(at: t) }.map { b in
            "\(quote(b.name)):{\"position\":[\(num(b.position.x)),\(num(b.position.y))],\"angle\":\(num(b.angle)),"
                + "\"velocity\":[\(num(b.velocity.x)),\(num(b.velocity.y))],\"angularVelocity\":\(num(b.angularVelocity)),"
                + "\"sleeping\":\(b.isSleeping)}"
        }.joined(separator: ",") + "}"
        if !scene.simulations.isEmpty { out += ",\"joints\":[" + scene.simulations.flatMap { $0.jointReports(at: t) }.map(jointValue).joined(separator: ",") + "]" }
        if !features.isEmpty {
            out += ",\"cellFeatures\":{" + features.map { "\(quote($0.0)):[" + $0.1.joined(separator: ",") + "]" }.joined(separator: ",") + "}"
        }
        if !emitterPaths.isEmpty {
            out += ",\"emitterPaths\":{" + emitterPaths.map { "\(quote($0.0)):\(quote($0.1))" }.joined(separator: ",") + "}"
        }
        if includeParticles { out += ",\"particleStates\":[" + states.joined(separator: ",") + "]" }
        return eventLines(for: scene, at: t).map { $0 + "\n" }.joined() + out + "}"
    }

    /// One line per simulation event (a photo grabbed, settled, …) in the frame interval ending at `t`,
    /// `(t − 1/fps, t]`: `{"t": …, "event": "photo.grabbed", "subject": "photo4"}`, in time order.
    public static func eventLines(for scene: Scene, at t: Double) -> [String] {
        scene.simulations.flatMap { $0.events(after: t - 1 / scene.fps, through: t) }
            .sorted { $0.time < $1.time }
            .map { "{\"t\":\(num($0.time)),\"event\":\(quote($0.name)),\"subject\":\(quote($0.subject))}" }
    }

    /// One joint of `"joints"`: `{"type": "drag", "a": null, "b": "photo4", "anchorA": [x, y],
    /// "anchorB": [x, y], "force": [fx, fy]}` (`"a"` null for the world; `"force"` and `"torque"`
    /// only where the engine measures them).
    static func jointValue(_ j: TracedJoint) -> String {
        var out = "{\"type\":\(quote(j.type)),\"a\":\(j.bodyA.map(quote) ?? "null"),\"b\":\(quote(j.bodyB)),"
            + "\"anchorA\":[\(num(j.anchorA.x)),\(num(j.anchorA.y))],\"anchorB\":[\(num(j.anchorB.x)),\(num(j.anchorB.y))]"
        if let f = j.force { out += ",\"force\":[\(num(f.x)),\(num(f.y))]" }
        if let m = j.torque { out += ",\"torque\":\(num(m))" }
        return out + "}"
    }

    /// An emitter's path (docs/PARTICLE-MODEL.md §2.14) for `"emitterPaths"`, keyed by the emitter's name:
    /// `"emitterPath(tracing,length=477.5,speed=260,phase=0)"`, `"emitterPath(area,nonZero,area=10880.2)"`,
    /// `"emitterPath(outline,length=400)"`. Absent for emitters without one, so traces of other scenes are unchanged.
    static func emitterPathFeature(_ p: EmitterPath) -> String {
        switch p.placement {
        case .outline: return "emitterPath(outline,length=\(num(p.length)))"
        case .area: return "emitterPath(area,\(p.fillRule.rawValue),area=\(num(p.area)))"
        case .tracing: return "emitterPath(tracing,length=\(num(p.length)),speed=\(num(p.speed)),phase=\(num(p.phase)))"
        }
    }

    /// The over-life curves, bursts, limits and stretch of a cell (``CellExtensions``), as JSON strings for
    /// `"cellFeatures"`: `"scaleOverLife(smooth,3)"` (interpolation, stops), `"burst(t=0.5,count=100,cycles=3,interval=1)"`,
    /// `"maximumAlive=500"`, `"emissionDuration=2"`, `"velocityStretch=0.05"`, `"trigger=death"`, `"inheritedVelocity=0.3"`,
    /// `"fields(drag=0.8,wind=18:0,turbulence=120)"`, `"collider(stick,restitution=0.5,friction=0)"` (one per collider; a shape first: `"collider(circle inside,bounce,…)"`). Empty for cells without them,
    /// so traces of other scenes are unchanged.
    static func extensionFeatures(_ x: CellExtensions) -> [String] {
        var f: [String] = []
        func curve(_ name: String, _ mode: CurveInterpolation, _ n: Int) { f.append(quote("\(name)(\(mode.rawValue),\(n))")) }
        if let r = x.colorOverLife { curve("colorOverLife", r.interpolation, r.times.count) }
        if let r = x.secondColorOverLife { curve("secondColorOverLife", r.interpolation, r.times.count) }
        if let c = x.alphaOverLife { curve("alphaOverLife", c.interpolation, c.times.count) }
        if let c = x.scaleOverLife { curve("scaleOverLife", c.interpolation, c.times.count) }
        if let c = x.spinOverLife { curve("spinOverLife", c.interpolation, c.times.count) }
        if let c = x.speedOverLife { curve("speedOverLife", c.interpolation, c.times.count) }
        for b in x.bursts {
            let cycles = b.cycles == ParticleBurst.forever ? "infinity" : "\(b.cycles)"
            f.append(quote("burst(t=\(num(b.time)),count=\(b.count),cycles=\(cycles),interval=\(num(b.interval)))"))
        }
        if let n = x.maximumAlive { f.append(quote("maximumAlive=\(n)")) }
        if let d = x.emissionDuration { f.append(quote("emissionDuration=\(num(d))")) }
        if x.velocityStretch != 0 { f.append(quote("velocityStretch=\(num(x.velocityStretch))")) }
        if let s = x.textureSheet {
            switch s.timing {
            case .overLife(let c): f.append(quote("textureSheet(\(s.columns)x\(s.rows),frames=\(s.frameCount),cycles=\(num(c)))"))
            case .bySpeed(let lo, let hi): f.append(quote("textureSheet(\(s.columns)x\(s.rows),frames=\(s.frameCount),speed=\(num(lo)):\(num(hi)))"))
            }
        }
        if let t = x.trigger { f.append(quote("trigger=\(t.rawValue)")) }
        if x.inheritedVelocity != 0 { f.append(quote("inheritedVelocity=\(num(x.inheritedVelocity))")) }
        if let fl = x.fields {
            var parts = ["drag=\(num(fl.drag))", "wind=\(num(fl.wind.x)):\(num(fl.wind.y))"]
            if !fl.attractors.isEmpty { parts.append("attractors=\(fl.attractors.count)") }
            if let v = fl.vortex { parts.append("vortex=\(num(v.angularVelocity))") }
            if let t = fl.turbulence { parts.append("turbulence=\(num(t.strength))") }
            f.append(quote("fields(\(parts.joined(separator: ",")))"))
        }
        for c in x.allColliders {
            // A line keeps its historical form; shapes name themselves first ("collider(circle inside,bounce,…)").
            var shape: String
            switch c.shape {
            case .line: shape = ""
            case .rectangle: shape = c.isContainer ? "rectangle inside," : "rectangle,"
            case .circle: shape = c.isContainer ? "circle inside," : "circle,"
            case .polygon: shape = c.isContainer ? "polygon inside," : "polygon,"
            }
            if let m = c.motion { shape = (shape.isEmpty ? "line," : shape) + "body=\(m.name)," }
            f.append(quote("collider(\(shape)\(c.response.rawValue),restitution=\(num(c.restitution)),friction=\(num(c.friction)))"))
        }
        return f
    }

    /// `"layer.cell"` names (nested cells as `"layer.parent.child"`) in the emitter's `allCells` order.
    static func cellNames(_ emitter: EmitterLayer) -> [String] {
        var out: [String] = []
        func walk(_ cells: [EmitterCell], prefix: String) {
            for (i, c) in cells.enumerated() {
                let n = prefix + "." + (c.name ?? "cell\(i)")
                out.append(n)
                walk(c.emitterCells, prefix: n)
            }
        }
        walk(emitter.emitterCells, prefix: emitter.name ?? "emitter")
        return out
    }

    /// A layer's traced values. `"isHidden": true` says that the layer is not drawn at that time, because it is
    /// hidden or lies inside a hidden layer; the key is absent for a drawn layer.
    static func layerValues(_ layer: Layer, at time: Double, isDrawn: Bool) -> String {
        func v(_ k: String) -> AnimatableValue? { layer.presentationValue(forKeyPath: k, at: time) }
        var fields: [String] = []
        if !isDrawn { fields.append("\"isHidden\":true") }
        if case .point(let p)? = v("position") { fields.append("\"position\":[\(num(p.x)),\(num(p.y))]") }
        if case .number(let o)? = v("opacity") { fields.append("\"opacity\":\(num(o))") }
        if case .number(let r)? = v("transform.rotation") { fields.append("\"transform.rotation\":\(num(r))") }
        if case .number(let s)? = v("transform.scale") { fields.append("\"transform.scale\":\(num(s))") }
        fields += drawingFields(layer, at: time)
        fields += compositingFields(layer, at: time)
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func num<F: BinaryFloatingPoint>(_ x: F) -> String {
        let d = Double(x)
        guard d.isFinite else { return "null" }
        if d == d.rounded() && abs(d) < 1e15 { return String(Int64(d)) }
        return String(format: "%.6g", d)
    }

    /// A JSON string literal: the one JSON quoter of the package (``JSONWriter``).
    static func quote(_ s: String) -> String { JSONWriter.quote(s) }
}
