import StardustAnimation
import StardustCore
import StardustDynamics

/// The `physics` key (docs/DESIGN.md §6, §10.1): a rigid-body world whose bodies move layers.
///
/// Lengths are world units; `pointsPerUnit` points (default 100) make one unit, with the world's
/// origin at the scene's top-left corner, so `gravity` [0, 10] is UIKit's 1000 pt/s². A body
/// bound to a layer (`"layer"`) starts where that layer is unless `position` is given, and moves
/// it (`position`, `transform.rotation.z`). Joint anchors are points in each body's own frame
/// (Chipmunk's convention); an anchor on the world (a joint without `"a"`) is a world point.
extension SceneLoader {
    static let physicsKeys = ["gravity", "timeStep", "pointsPerUnit", "bodies", "joints", "dragMaxForce"]
    static let bodyKeys = ["name", "type", "position", "angle", "velocity", "angularVelocity", "layer", "shapes",
                           "linearDamping", "angularDamping", "gravityScale", "fixedRotation", "bullet", "sleeps"]
    static let shapeKeys = ["circle", "segment", "box", "polygon", "density", "friction", "elasticity", "surfaceVelocity",
                            "sensor", "categoryBits", "maskBits", "group"]
    static let jointTypes = ["pin", "slide", "pivot", "groove", "spring", "rotarySpring", "rotaryLimit", "ratchet", "gear", "motor"]
    static let jointKeys: [String: [String]] = [
        "pin": ["anchorA", "anchorB"],
        "slide": ["anchorA", "anchorB", "min", "max"],
        "pivot": ["pivot"],
        "groove": ["grooveA", "grooveB", "anchorB"],
        "spring": ["anchorA", "anchorB", "restLength", "stiffness", "damping"],
        "rotarySpring": ["restAngle", "stiffness", "damping"],
        "rotaryLimit": ["min", "max"],
        "ratchet": ["phase", "ratchet"],
        "gear": ["phase", "ratio"],
        "motor": ["rate", "maxTorque"],
    ]
    /// Most bodies, shapes per body and joints a scene may declare.
    static let maxBodies = 20_000, maxShapesPerBody = 64, maxJoints = 20_000
    static let coordinateRange = -1e7...1e7

    /// Builds the `physics` world, binds bodies to their layers, and returns the controller.
    func physicsController(_ node: JSONNode, names: [String: Layer]) throws -> PhysicsController {
        let k = try node.object(allowedKeys: Self.physicsKeys)
        let gravity = try k["gravity"].map { try vector($0, range: -1e6...1e6) } ?? Vec2(0, 10)
        let timeStep = try k["timeStep"].map { try $0.number(in: 0.0001...0.1) } ?? 1.0 / 120.0
        let ppu = try k["pointsPerUnit"].map { try $0.number(in: 0.001...1e6) } ?? 100
        var def = WorldDefinition(gravity: gravity)
        def.timeStep = timeStep
        var world = World(def)
        var bodies: [String: BodyID] = [:]
        var bound: [(String, BodyID, Layer?)] = []
        if let list = k["bodies"] {
            let nodes = try list.array()
            guard nodes.count <= Self.maxBodies else { throw SceneError(path: list.path, "at most \(Self.maxBodies) bodies, found \(nodes.count)") }
            for b in nodes {
                let (name, id, layer) = try body(b, in: &world, pointsPerUnit: ppu, names: names)
                guard bodies[name] == nil else { throw SceneError(path: b.path + ".name", "a body named \"\(quoted(name))\" is already defined") }
                bodies[name] = id
                bound.append((name, id, layer))
            }
        }
        if let list = k["joints"] {
            let nodes = try list.array()
            guard nodes.count <= Self.maxJoints else { throw SceneError(path: list.path, "at most \(Self.maxJoints) joints, found \(nodes.count)") }
            for j in nodes { try joint(j, in: &world, bodies: bodies) }
        }
        let controller = PhysicsController(world: world, pointsPerUnit: ppu, timeStep: timeStep)
        // Particle colliders naming bodies take the bodies' shapes (and the moving ones, their motion).
        try resolveBodyColliders(controller, bodies: bodies)
        controller.dragMaxForce = try k["dragMaxForce"].map { try $0.number(in: 0...1e15) }
        for (name, id, layer) in bound { controller.bind(id, name: name, to: layer) }
        return controller
    }

    func vector(_ node: JSONNode, range: ClosedRange<Double> = coordinateRange) throws -> Vec2 {
        let v = try node.numbers(count: 2)
        guard range.contains(v[0]), range.contains(v[1]) else {
            throw SceneError(path: node.path, "expected two numbers in \(range.lowerBound)…\(range.upperBound)")
        }
        return Vec2(v[0], v[1])
    }

    func body(_ node: JSONNode, in world: inout World, pointsPerUnit: Double, names: [String: Layer]) throws -> (String, BodyID, Layer?) {
        let k = try node.object(allowedKeys: Self.bodyKeys)
        guard let nameNode = k["name"] else { throw SceneError(path: node.path, "missing \"name\": bodies are named for joints and traces") }
        let name = try nameNode.string()
        var layer: Layer?
        if let l = k["layer"] {
            let layerName = try l.string()
            guard let found = names[layerName] else {
                let close = Suggestions.close(to: layerName, in: Array(names.keys))
                let hint = close.isEmpty ? "" : "; did you mean \(close.map { "\"\($0)\"" }.joined(separator: ", "))?"
                throw SceneError(path: l.path, "no layer named \"\(quoted(layerName))\"\(hint)")
            }
            layer = found
        }
        var def = BodyDefinition(type: .dynamic)
        switch try k["type"].map({ try $0.choice(["dynamic", "static", "kinematic"]) }) ?? "dynamic" {
        case "static": def.type = .static
        case "kinematic": def.type = .kinematic
        default: def.type = .dynamic
        }
        if let p = k["position"] {
            def.position = try vector(p)
        } else if let layer {
            def.position = Vec2(layer.position.x / pointsPerUnit, layer.position.y / pointsPerUnit)
        }
        def.angle = try k["angle"].map { try $0.angle() } ?? 0
        def.linearVelocity = try k["velocity"].map { try vector($0, range: -1e6...1e6) } ?? .zero
        def.angularVelocity = try k["angularVelocity"].map { try $0.number(in: -1e4...1e4) } ?? 0
        def.linearDamping = try k["linearDamping"].map { try $0.number(in: 0...1e4) } ?? 0
        def.angularDamping = try k["angularDamping"].map { try $0.number(in: 0...1e4) } ?? 0
        def.gravityScale = try k["gravityScale"].map { try $0.number(in: -1e4...1e4) } ?? 1
        def.fixedRotation = try k["fixedRotation"]?.bool() ?? false
        def.isBullet = try k["bullet"]?.bool() ?? false
        def.enableSleep = try k["sleeps"]?.bool() ?? true
        let id = world.createBody(def)
        if let shapes = k["shapes"] {
            let nodes = try shapes.array()
            guard nodes.count <= Self.maxShapesPerBody else {
                throw SceneError(path: shapes.path, "at most \(Self.maxShapesPerBody) shapes per body, found \(nodes.count)")
            }
            for s in nodes { try shape(s, on: id, in: &world) }
        }
        return (name, id, layer)
    }

    func shape(_ node: JSONNode, on body: BodyID, in world: inout World) throws {
        let k = try node.object(allowedKeys: Self.shapeKeys)
        let kinds = ["circle", "segment", "box", "polygon"].filter { k[$0] != nil }
        guard kinds.count == 1 else {
            throw SceneError(path: node.path, kinds.isEmpty ? "a shape needs one of \"circle\", \"segment\", \"box\", \"polygon\""
                                                            : "a shape has exactly one geometry; found \(kinds.map { "\"\($0)\"" }.joined(separator: " and "))")
        }
        let g = k[kinds[0]]!
        let geometry: ShapeGeometry
        switch kinds[0] {
        case "circle":
            let c = try g.object(allowedKeys: ["radius", "offset"])
            guard let r = c["radius"] else { throw SceneError(path: g.path, "missing \"radius\"") }
            geometry = .circle(Circle(center: try c["offset"].map { try vector($0) } ?? .zero, radius: try r.number(in: 1e-6...1e7)))
        case "segment":
            let c = try g.object(allowedKeys: ["a", "b", "radius"])
            guard let a = c["a"], let b = c["b"] else { throw SceneError(path: g.path, "a segment needs \"a\" and \"b\"") }
            geometry = .capsule(Capsule(point1: try vector(a), point2: try vector(b), radius: try c["radius"].map { try $0.number(in: 0...1e7) } ?? 0))
        case "box":
            let c = try g.object(allowedKeys: ["width", "height", "center", "angle", "radius"])
            guard let w = c["width"], let h = c["height"] else { throw SceneError(path: g.path, "a box needs \"width\" and \"height\"") }
            geometry = .polygon(.box(halfWidth: try w.number(in: 1e-6...1e7) / 2, halfHeight: try h.number(in: 1e-6...1e7) / 2,
                                     center: try c["center"].map { try vector($0) } ?? .zero, angle: try c["angle"].map { try $0.angle() } ?? 0,
                                     radius: try c["radius"].map { try $0.number(in: 0...1e7) } ?? 0))
        default:
            let c = try g.object(allowedKeys: ["points", "radius"])
            guard let pts = c["points"] else { throw SceneError(path: g.path, "a polygon needs \"points\"") }
            let nodes = try pts.array()
            guard (3...Polygon.maxVertices).contains(nodes.count) else {
                throw SceneError(path: pts.path, "expected 3 to \(Polygon.maxVertices) points, found \(nodes.count)")
            }
            guard let poly = Polygon(hull: computeHull(try nodes.map { try vector($0) }), radius: try c["radius"].map { try $0.number(in: 0...1e7) } ?? 0) else {
                throw SceneError(path: pts.path, "the points do not enclose an area (a convex polygon needs 3 points not on one line)")
            }
            geometry = .polygon(poly)
        }
        var def = ShapeDefinition(friction: try k["friction"].map { try $0.number(in: 0...1e3) } ?? 0.6,
                                  restitution: try k["elasticity"].map { try $0.number(in: 0...10) } ?? 0,
                                  density: try k["density"].map { try $0.number(in: 0...1e9) } ?? 1,
                                  isSensor: try k["sensor"]?.bool() ?? false)
        def.tangentSpeed = try k["surfaceVelocity"].map { try $0.number(in: -1e6...1e6) } ?? 0
        if let n = k["categoryBits"] { def.filter.categoryBits = UInt64(try n.integer(in: 0...Int(UInt32.max))) }
        if let n = k["maskBits"] { def.filter.maskBits = UInt64(try n.integer(in: 0...Int(UInt32.max))) }
        if let n = k["group"] { def.filter.groupIndex = Int32(try n.integer(in: Int(Int32.min)...Int(Int32.max))) }
        do { _ = try world.createShape(body, def, geometry) } catch { throw SceneError(path: node.path, "the shape could not be added: \(error)") }
    }

    func joint(_ node: JSONNode, in world: inout World, bodies: [String: BodyID]) throws {
        guard let typeNode = node.child("type") else {
            throw SceneError(path: node.path, "missing \"type\" (one of \(Self.jointTypes.map { "\"\($0)\"" }.joined(separator: ", ")))")
        }
        let type = try typeNode.choice(Self.jointTypes)
        let k = try node.object(allowedKeys: ["type", "a", "b", "collideConnected"] + (Self.jointKeys[type] ?? []))
        func named(_ key: String) throws -> BodyID? {
            guard let n = k[key] else { return nil }
            let name = try n.string()
            guard let id = bodies[name] else {
                let close = Suggestions.close(to: name, in: Array(bodies.keys))
                let hint = close.isEmpty ? "" : "; did you mean \(close.map { "\"\($0)\"" }.joined(separator: ", "))?"
                throw SceneError(path: n.path, "no body named \"\(quoted(name))\"\(hint)")
            }
            return id
        }
        guard let b = try named("b") else { throw SceneError(path: node.path, "missing \"b\": the body the joint moves") }
        let a = try named("a")
        if let a, a == b { throw SceneError(path: k["a"]!.path, "a joint connects two different bodies; \"a\" and \"b\" name the same one") }
        // A body-local anchor (or a world point for the world) as a world point now.
        func anchor(_ key: String, on body: BodyID?) throws -> Vec2 {
            let local = try k[key].map { try vector($0) } ?? .zero
            guard let body else { return local }
            return (try? world.worldPoint(of: body, local: local)) ?? local
        }
        func number(_ key: String, _ range: ClosedRange<Double>, default d: Double? = nil) throws -> Double {
            if let n = k[key] { return try n.number(in: range) }
            guard let d else { throw SceneError(path: node.path, "missing \"\(key)\"") }
            return d
        }
        let collide = try k["collideConnected"]?.bool()
        var options = JointOptions()
        if let collide { options.collideConnected = collide }
        do {
            switch type {
            case "pin":
                _ = try world.createPinJoint(a, b, anchorA: try anchor("anchorA", on: a), anchorB: try anchor("anchorB", on: b), options: options)
            case "slide":
                _ = try world.createSlideJoint(a, b, anchorA: try anchor("anchorA", on: a), anchorB: try anchor("anchorB", on: b),
                                               minLength: try number("min", 0...1e7, default: 0), maxLength: try number("max", 0...1e7), options: options)
            case "pivot":
                guard let p = k["pivot"] else { throw SceneError(path: node.path, "missing \"pivot\": the world point both bodies turn about") }
                _ = try world.createPivotJoint(a, b, worldPivot: try vector(p), options: options)
            case "groove":
                _ = try world.createGrooveJoint(a, b, grooveStart: try anchor("grooveA", on: a), grooveEnd: try anchor("grooveB", on: a),
                                                anchorB: try anchor("anchorB", on: b), options: options)
            case "spring":
                var o = JointOptions(collideConnected: true)
                if let collide { o.collideConnected = collide }
                _ = try world.createDampedSpring(a, b, anchorA: try anchor("anchorA", on: a), anchorB: try anchor("anchorB", on: b),
                                                 restLength: try k["restLength"].map { try $0.number(in: 0...1e7) },
                                                 stiffness: try number("stiffness", 0...1e12), damping: try number("damping", 0...1e12, default: 0), options: o)
            case "rotarySpring":
                _ = try world.createDampedRotarySpring(a, b, restAngle: try k["restAngle"].map { try $0.angle() },
                                                       stiffness: try number("stiffness", 0...1e12), damping: try number("damping", 0...1e12, default: 0))
            case "rotaryLimit":
                _ = try world.createRotaryLimitJoint(a, b, minAngle: try k["min"].map { try $0.angle() } ?? 0, maxAngle: try k["max"].map { try $0.angle() } ?? 0)
            case "ratchet":
                _ = try world.createRatchetJoint(a, b, phase: try k["phase"].map { try $0.angle() } ?? 0, ratchet: try k["ratchet"].map { try $0.angle() } ?? .pi / 2)
            case "gear":
                _ = try world.createGearJoint(a, b, ratio: try number("ratio", -1e6...1e6, default: 1), phase: try k["phase"].map { try $0.angle() })
            default:
                _ = try world.createSimpleMotor(a, b, rate: try number("rate", -1e6...1e6),
                                                maxTorque: try number("maxTorque", 0...Double.greatestFiniteMagnitude, default: .infinity))
            }
        } catch let e as SceneError {
            throw e
        } catch {
            throw SceneError(path: node.path, "the joint could not be made: \(error)")
        }
    }
}
