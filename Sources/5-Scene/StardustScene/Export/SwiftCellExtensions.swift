import StardustCore
import StardustParticles

/// The Swift source of a cell's Stardust extensions for `export-swift` (docs/DIFFERENCES.md Q24, Q31):
/// assignments to OpenQuartzCore's `cell.stardust` (``CellExtensions``), which QuartzCore does not have,
/// so the exporter writes them inside `#if !canImport(QuartzCore)` — on iOS the cell is Core Animation's
/// approximation and a comment names what is missing; with OpenQuartzCore it renders as the scene does.
///
/// The lines are checked, not trusted: every value written is also copied into a fresh ``CellExtensions``,
/// and the lines are used only when that copy equals the cell's extensions. A property this writer does
/// not know (one added to the model later) makes the copy differ, and the exporter falls back to a note.
struct SwiftCellExtensions {
    private(set) var lines: [String] = []
    /// What each line expresses, in words, for the comment iOS readers see ("over-life curves (alpha, scale)").
    private(set) var features: [String] = []
    private var rebuilt = CellExtensions()
    private let x: CellExtensions
    private let v: String

    /// The lines for cell variable `v` with extensions `x`; nil when they would not rebuild `x` exactly.
    static func lines(_ x: CellExtensions, cell v: String) -> SwiftCellExtensions? {
        var w = SwiftCellExtensions(x: x, v: v)
        w.write()
        return w.rebuilt == x ? w : nil
    }

    private init(x: CellExtensions, v: String) { self.x = x; self.v = v }

    private mutating func set<T: Equatable>(_ kp: WritableKeyPath<CellExtensions, T>, _ name: String, _ literal: (T) -> String) {
        let value = x[keyPath: kp]
        guard value != CellExtensions()[keyPath: kp] else { return }
        rebuilt[keyPath: kp] = value
        lines.append("\(v).stardust.\(name) = \(literal(value))")
    }

    private mutating func write() {
        let n = { (d: Double) in SwiftLiteral.number(d) }
        let a = { (d: Double) in SwiftLiteral.number(d, angle: true) }
        let on = { (d: Double?) in d.map { SwiftLiteral.number($0) } ?? "nil" }
        let before = lines.count
        set(\.finishColor, "finishColor") { $0.map(Self.color) ?? "nil" }
        set(\.finishRedRange, "finishRedRange", n); set(\.finishGreenRange, "finishGreenRange", n)
        set(\.finishBlueRange, "finishBlueRange", n); set(\.finishAlphaRange, "finishAlphaRange", n)
        set(\.finishScale, "finishScale", on); set(\.finishScaleRange, "finishScaleRange", n)
        set(\.rotation, "rotation", a); set(\.rotationRange, "rotationRange", a)
        set(\.finishRotation, "finishRotation") { $0.map { SwiftLiteral.number($0, angle: true) } ?? "nil" }
        set(\.finishRotationRange, "finishRotationRange", a)
        if lines.count > before { features.append("finish values") }
        var mark = lines.count
        set(\.radialAcceleration, "radialAcceleration", n); set(\.radialAccelerationRange, "radialAccelerationRange", n)
        set(\.tangentialAcceleration, "tangentialAcceleration", n); set(\.tangentialAccelerationRange, "tangentialAccelerationRange", n)
        if lines.count > mark { features.append("radial and tangential acceleration") }
        set(\.orbit, "orbit") { o in
            o.map { "CellExtensions.Orbit(radius: \(n($0.radius)), radiusRange: \(n($0.radiusRange)), finishRadius: \(n($0.finishRadius)), "
                + "finishRadiusRange: \(n($0.finishRadiusRange)), angularVelocity: \(a($0.angularVelocity)), angularVelocityRange: \(a($0.angularVelocityRange)))" } ?? "nil"
        }
        if x.orbit != nil { features.append("an orbit") }
        var curves: [String] = []
        for (kp, name) in [(\CellExtensions.colorOverLife, "color"), (\.secondColorOverLife, "second color")] where x[keyPath: kp] != nil {
            set(kp, name == "color" ? "colorOverLife" : "secondColorOverLife") { $0.map(Self.ramp) ?? "nil" }
            curves.append(name)
        }
        for (kp, name) in [(\CellExtensions.alphaOverLife, "alpha"), (\.scaleOverLife, "scale"), (\.spinOverLife, "spin"), (\.speedOverLife, "speed")]
        where x[keyPath: kp] != nil {
            set(kp, name + "OverLife") { $0.map(Self.curve) ?? "nil" }
            curves.append(name)
        }
        if !curves.isEmpty { features.append("over-life curves (\(curves.joined(separator: ", ")))") }
        set(\.bursts, "bursts") { "[" + $0.map(Self.burst).joined(separator: ", ") + "]" }
        if !x.bursts.isEmpty { features.append("bursts") }
        mark = lines.count
        set(\.maximumAlive, "maximumAlive") { $0.map(String.init) ?? "nil" }
        set(\.emissionDuration, "emissionDuration", on)
        if lines.count > mark { features.append("emission limits") }
        set(\.trigger, "trigger") { $0.map { ".\($0.rawValue)" } ?? "nil" }
        if let t = x.trigger { features.append("a sub-emitter on the parent's \(t.rawValue)") }
        set(\.inheritedVelocity, "inheritedVelocity", n)
        if x.inheritedVelocity != 0 { features.append("inherited velocity") }
        if let f = x.fields { writeFields(f) }
        writeColliders()
        set(\.velocityStretch, "velocityStretch", n)
        if x.velocityStretch != 0 { features.append("velocity stretch") }
        set(\.textureSheet, "textureSheet") { s in
            s.map { s in
                let timing: String
                switch s.timing {
                case .overLife(let cycles): timing = ".overLife(cycles: \(n(cycles)))"
                case .bySpeed(let lo, let hi): timing = ".bySpeed(minimum: \(n(lo)), maximum: \(n(hi)))"
                }
                return "TextureSheet(columns: \(s.columns), rows: \(s.rows), frameCount: \(s.frameCount), startFrame: \(s.startFrame), "
                    + "startFrameRange: \(s.startFrameRange), timing: \(timing))"
            } ?? "nil"
        }
        if x.textureSheet != nil { features.append("a texture sheet") }
    }

    /// The colliders. Those that follow a physics body (docs/PARTICLE-MODEL.md §2.10) are left out, and said so:
    /// their motion is the scene's physics world, which the lines of a cell cannot carry.
    private mutating func writeColliders() {
        let bodies = x.allColliders.compactMap { $0.motion?.name }
        guard !bodies.isEmpty else {
            set(\.collider, "collider") { $0.map(Self.collider) ?? "nil" }
            set(\.colliders, "colliders") { "[" + $0.map(Self.collider).joined(separator: ", ") + "]" }
            for c in x.allColliders { features.append("a \(Self.shapeName(c)) collider (\(c.response.rawValue))") }
            return
        }
        let kept = x.allColliders.filter { $0.motion == nil }
        rebuilt.collider = x.collider; rebuilt.colliders = x.colliders
        if !kept.isEmpty { lines.append("\(v).stardust.colliders = [" + kept.map(Self.collider).joined(separator: ", ") + "]") }
        for c in kept { features.append("a \(Self.shapeName(c)) collider (\(c.response.rawValue))") }
        var named: [String] = []
        for b in bodies where !named.contains(b) { named.append(b) }
        features.append("colliders following the physics bodies \(named.map { "\"\($0)\"" }.joined(separator: ", ")) "
            + "(left out here: their motion is the scene's physics world)")
    }

    private mutating func writeFields(_ f: ParticleFields) {
        let n = { (d: Double) in SwiftLiteral.number(d) }
        var copy = ParticleFields()
        var parts: [String] = []
        lines.append("\(v).stardust.fields = ParticleFields()")
        func put(_ s: String) { lines.append("\(v).stardust.fields?.\(s)") }
        if f.drag != 0 { put("drag = \(n(f.drag))"); copy.drag = f.drag; parts.append("drag") }
        if f.wind != .zero { put("wind = \(Self.point(f.wind))"); copy.wind = f.wind; parts.append("wind") }
        if !f.attractors.isEmpty {
            put("attractors = [" + f.attractors.map {
                "ParticleFields.Attractor(position: \(Self.point($0.position)), strength: \(n($0.strength)), radius: \(n($0.radius)))"
            }.joined(separator: ", ") + "]")
            copy.attractors = f.attractors; parts.append("attractors")
        }
        if let w = f.vortex {
            put("vortex = ParticleFields.Vortex(center: \(Self.point(w.center)), angularVelocity: \(SwiftLiteral.number(w.angularVelocity, angle: true)), coreRadius: \(n(w.coreRadius)))")
            copy.vortex = w; parts.append("a vortex")
        }
        if let t = f.turbulence {
            put("turbulence = ParticleFields.Turbulence(strength: \(n(t.strength)), scale: \(n(t.scale)), seed: \(t.seed))")
            copy.turbulence = t; parts.append("turbulence")
        }
        rebuilt.fields = copy
        features.append("fields (\(parts.isEmpty ? "none in effect" : parts.joined(separator: ", ")))")
    }

    static func point(_ p: Point) -> String { "Point(\(SwiftLiteral.number(p.x)), \(SwiftLiteral.number(p.y)))" }

    static func color(_ c: Color) -> String {
        let n = SwiftLiteral.number
        return "Color(red: \(n(c.red, false)), green: \(n(c.green, false)), blue: \(n(c.blue, false)), alpha: \(n(c.alpha, false)))"
    }

    static func numbers(_ v: [Double]) -> String { "[" + v.map { SwiftLiteral.number($0) }.joined(separator: ", ") + "]" }

    static func curve(_ c: ParticleCurve) -> String {
        "try! ParticleCurve(times: \(numbers(c.times)), values: \(numbers(c.values)), interpolation: .\(c.interpolation.rawValue))"
    }

    static func ramp(_ r: ColorRamp) -> String {
        "try! ColorRamp(times: \(numbers(r.times)), colors: [\(r.colors.map(color).joined(separator: ", "))], interpolation: .\(r.interpolation.rawValue))"
    }

    static func burst(_ b: ParticleBurst) -> String {
        let cycles = b.cycles == ParticleBurst.forever ? "ParticleBurst.forever" : String(b.cycles)
        return "ParticleBurst(time: \(SwiftLiteral.number(b.time)), count: \(b.count), cycles: \(cycles), interval: \(SwiftLiteral.number(b.interval)))"
    }

    static func collider(_ c: ParticleCollider) -> String {
        let n = { (d: Double) in SwiftLiteral.number(d) }
        let tail = "response: .\(c.response.rawValue), restitution: \(n(c.restitution)), friction: \(n(c.friction)))"
        switch c.shape {
        case .line:
            return "ParticleCollider(from: \(point(c.from)), to: \(point(c.to)), isInfinite: \(c.isInfinite), " + tail
        case .rectangle(let r):
            return "ParticleCollider.rectangle(Rect(x: \(n(r.origin.x)), y: \(n(r.origin.y)), width: \(n(r.size.width)), "
                + "height: \(n(r.size.height))), isContainer: \(c.isContainer), " + tail
        case .circle(let center, let radius):
            return "ParticleCollider.circle(center: \(point(center)), radius: \(n(radius)), isContainer: \(c.isContainer), " + tail
        case .polygon(let vertices):
            return "ParticleCollider.polygon([\(vertices.map(point).joined(separator: ", "))], isContainer: \(c.isContainer), " + tail
        }
    }

    /// "line", "rectangle", "circle", "polygon" (with "container" for the shapes that keep particles in).
    static func shapeName(_ c: ParticleCollider) -> String {
        switch c.shape {
        case .line: return "line"
        case .rectangle: return c.isContainer ? "rectangle container" : "rectangle"
        case .circle: return c.isContainer ? "circle container" : "circle"
        case .polygon: return c.isContainer ? "polygon container" : "polygon"
        }
    }
}
