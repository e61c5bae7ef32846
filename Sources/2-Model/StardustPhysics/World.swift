// World.swift — the simulation: storage, creation and destruction, accessors.
//
// `World` is a value type. Copying it is a snapshot: every array is
// copy-on-write, so `let checkpoint = world` costs O(1) until one of the
// two is stepped, and then one copy of the state (O(bodies + shapes +
// contacts)). That is what lets a renderer cache checkpoints and seek in
// O(checkpoint interval) steps (docs/DESIGN.md §1).

/// A 2D rigid-body world (Box2D v3 layout): bodies, shapes and joints addressed by handles, stepped at a fixed time step with sub-stepping. A value type: copying a world copies the whole simulation.
public struct World: Sendable {
    /// The definition the world was made with (gravity, units, solver and sleep settings).
    public internal(set) var definition: WorldDefinition

    // Bodies (parallel arrays indexed by body slot).
    var bodyIDs = SlotAllocator()
    var bodySims: [BodySim] = []
    var bodyMotions: [BodyMotion] = []
    var bodyInfos: [BodyInfo] = []
    /// Transforms before the last step, for render interpolation.
    var previousTransforms: [RigidTransform] = []

    // Shapes.
    var shapeIDs = SlotAllocator()
    var shapes: [ShapeData] = []
    /// Each shape's geometry as a rounded polygon (``ShapeGeometry/polygonForm``),
    /// parallel to `shapes`: the narrow phase reads vertices in place instead
    /// of copying polygons out of the enum.
    var shapePolygons: [Polygon] = []
    /// Each shape's fat bounds (the box of its broad-phase proxy), parallel to
    /// `shapes`. Kept apart from the ~400-byte `ShapeData`: the narrow phase
    /// tests two of them per contact in random shape order, and a compact
    /// array holds two per cache line instead of one per record.
    var shapeFatBounds: [AABB] = []
    /// Each shape's broad-phase proxy, parallel to `shapes` (see ``ShapeProxy``).
    var shapeProxies: [ShapeProxy] = []
    /// Whether any shape's filter changed since creation (``setFilter(_:_:)``).
    /// Until then every contact passed its shapes' filters when it was made and
    /// still does, so the narrow phase skips re-testing them.
    var filtersChanged = false

    // Contacts.
    var contacts: [Contact] = []
    var contactFree: [Int32] = []
    var pairSet = PairSet()

    // Broad phase.
    var staticTree = DynamicTree()
    var movingTree = DynamicTree()
    var moveBuffer: [Int32] = []

    // Joints.
    var jointIDs = SlotAllocator()
    var joints: [Joint] = []

    // Sleeping islands: body lists, slot-allocated.
    var islands: [[Int32]] = []
    var islandFree: [Int32] = []

    /// The arrays a step works in (not state: see ``StepScratch``).
    var scratch = StepScratch()

    /// Events of the last step; see ``WorldEvents``.
    public internal(set) var events = WorldEvents()
    /// Optional; called per touching contact whose shapes enable pre-solve.
    public var preSolve: PreSolveCallback?

    /// Seconds left over by ``advance(by:)`` (less than one time step).
    public internal(set) var accumulator = 0.0
    /// Duration of the last step, seconds (0 before the first).
    public internal(set) var lastStep = 0.0
    /// Steps taken since creation.
    public internal(set) var stepCount = 0

    /// Creates an empty world. O(1).
    public init(_ definition: WorldDefinition = WorldDefinition()) {
        self.definition = definition
    }

    /// Gravity in units/s².
    public var gravity: Vec2 {
        get { definition.gravity }
        set { definition.gravity = newValue }
    }

    // MARK: - Bodies

    /// Creates a body (no shapes, so no mass yet). O(1) amortized.
    @discardableResult
    public mutating func createBody(_ def: BodyDefinition) -> BodyID {
        let (index, generation) = bodyIDs.allocate()
        let i = Int(index)
        var sim = BodySim()
        sim.transform = RigidTransform(p: def.position, q: def.angle == 0 ? .identity : Rotation(angle: def.angle))
        sim.center = def.position
        sim.center0 = def.position
        sim.rotation0 = sim.transform.q
        var motion = BodyMotion()
        motion.linearVelocity = def.linearVelocity
        motion.angularVelocity = def.angularVelocity
        motion.linearDamping = def.linearDamping
        motion.angularDamping = def.angularDamping
        motion.gravityScale = def.gravityScale
        var info = BodyInfo()
        info.type = def.type
        info.awake = def.type != .static && def.isAwake
        info.enableSleep = def.enableSleep
        info.fixedRotation = def.fixedRotation
        info.isBullet = def.isBullet
        info.userData = def.userData
        if i == bodySims.count {
            bodySims.append(sim); bodyMotions.append(motion); bodyInfos.append(info)
            previousTransforms.append(sim.transform)
        } else {
            bodySims[i] = sim; bodyMotions[i] = motion; bodyInfos[i] = info
            previousTransforms[i] = sim.transform
        }
        if def.type == .dynamic && !def.isAwake {
            // A body created asleep is its own sleeping island.
            bodyInfos[i].awake = false
            bodyInfos[i].sleepingIsland = allocateIsland([index])
        }
        return BodyID(index: index, generation: generation)
    }

    /// Whether `id` names a live body of this world.
    public func isValid(_ id: BodyID) -> Bool { bodyIDs.isValid(index: id.index, generation: id.generation) }
    /// Whether `id` names a live shape of this world.
    public func isValid(_ id: ShapeID) -> Bool { shapeIDs.isValid(index: id.index, generation: id.generation) }
    /// Whether `id` names a live joint of this world.
    public func isValid(_ id: JointID) -> Bool { jointIDs.isValid(index: id.index, generation: id.generation) }

    @inline(__always) func check(_ id: BodyID) throws(PhysicsError) -> Int {
        guard isValid(id) else { throw .invalidBody(id) }
        return Int(id.index)
    }

    func bodyID(_ index: Int32) -> BodyID { BodyID(index: index, generation: bodyIDs.generations[Int(index)]) }
    func shapeID(_ index: Int32) -> ShapeID { ShapeID(index: index, generation: shapeIDs.generations[Int(index)]) }

    /// Destroys a body with its shapes, contacts and joints. Touching bodies
    /// wake up. O(contacts + joints) (the world keeps no per-body edge lists).
    public mutating func destroyBody(_ id: BodyID) throws(PhysicsError) {
        let b = try check(id)
        wakeBody(Int32(b))
        for j in 0..<joints.count where jointIDs.alive[j] && (joints[j].bodyA == Int32(b) || joints[j].bodyB == Int32(b)) {
            destroyJointAt(Int32(j))
        }
        var s = bodyInfos[b].headShape
        while s != -1 {
            let next = shapes[Int(s)].nextShape
            destroyShapeAt(s, updateMass: false)
            s = next
        }
        if bodyInfos[b].sleepingIsland >= 0 { removeFromIsland(Int32(b)) }
        bodyIDs.free(Int32(b))
        bodyInfos[b] = BodyInfo()
        bodyMotions[b] = BodyMotion()
    }

    /// The body's type.
    public func type(of id: BodyID) throws(PhysicsError) -> BodyType { bodyInfos[try check(id)].type }

    /// Changes the body type (e.g. a picked-up card becomes dynamic). Wakes it
    /// and recomputes mass. Existing contacts are kept.
    public mutating func setType(_ id: BodyID, _ type: BodyType) throws(PhysicsError) {
        let b = try check(id)
        if bodyInfos[b].type == type { return }
        let wasStatic = bodyInfos[b].type == .static
        bodyInfos[b].type = type
        // Move shapes between the static and moving trees.
        var s = bodyInfos[b].headShape
        while s != -1 {
            if wasStatic != (type == .static) {
                destroyProxy(s)
                createProxy(s, forceMove: true)
            }
            s = shapes[Int(s)].nextShape
        }
        updateMass(b)
        if type == .static {
            bodyInfos[b].awake = false
            bodyMotions[b].linearVelocity = .zero
            bodyMotions[b].angularVelocity = 0
        } else {
            bodyInfos[b].awake = true
            bodyInfos[b].sleepTime = 0
        }
    }

    /// The body origin's transform.
    public func transform(of id: BodyID) throws(PhysicsError) -> RigidTransform { bodySims[try check(id)].transform }
    /// The body origin's position (world units).
    public func position(of id: BodyID) throws(PhysicsError) -> Vec2 { bodySims[try check(id)].transform.p }
    /// Radians in (−π, π].
    public func angle(of id: BodyID) throws(PhysicsError) -> Double { bodySims[try check(id)].transform.q.angle }
    /// The body's rotation.
    public func rotation(of id: BodyID) throws(PhysicsError) -> Rotation { bodySims[try check(id)].transform.q }
    /// World center of mass.
    public func worldCenter(of id: BodyID) throws(PhysicsError) -> Vec2 { bodySims[try check(id)].center }
    /// The center of mass in the body frame.
    public func localCenter(of id: BodyID) throws(PhysicsError) -> Vec2 { bodySims[try check(id)].localCenter }
    /// The body's mass (mass units: density × area summed over its shapes).
    public func mass(of id: BodyID) throws(PhysicsError) -> Double { bodySims[try check(id)].mass }
    /// Rotational inertia about the center of mass.
    public func rotationalInertia(of id: BodyID) throws(PhysicsError) -> Double { bodySims[try check(id)].inertia }
    /// The velocity of the center of mass (units/s).
    public func linearVelocity(of id: BodyID) throws(PhysicsError) -> Vec2 { bodyMotions[try check(id)].linearVelocity }
    /// The angular velocity (radians/s, positive from +x towards +y).
    public func angularVelocity(of id: BodyID) throws(PhysicsError) -> Double { bodyMotions[try check(id)].angularVelocity }
    /// Whether the body is awake (simulated); sleeping bodies keep still until woken.
    public func isAwake(_ id: BodyID) throws(PhysicsError) -> Bool { bodyInfos[try check(id)].awake }
    /// The caller's value of the body's definition.
    public func userData(of id: BodyID) throws(PhysicsError) -> Int { bodyInfos[try check(id)].userData }

    /// Teleports the body (origin and angle). Wakes it. Contacts update next step.
    public mutating func setTransform(_ id: BodyID, position: Vec2, angle: Double) throws(PhysicsError) {
        let b = try check(id)
        var sim = bodySims[b]
        sim.transform = RigidTransform(p: position, q: Rotation(angle: angle))
        sim.center = sim.transform.apply(sim.localCenter)
        sim.center0 = sim.center
        sim.rotation0 = sim.transform.q
        bodySims[b] = sim
        previousTransforms[b] = sim.transform
        wakeBody(Int32(b))
        refreshProxies(b)
    }

    /// Sets the velocity of the center of mass (units/s); wakes the body for a non-zero velocity. Static bodies ignore it.
    public mutating func setLinearVelocity(_ id: BodyID, _ v: Vec2) throws(PhysicsError) {
        let b = try check(id)
        if bodyInfos[b].type == .static { return }
        if v.lengthSquared > 0 { wakeBody(Int32(b)) }
        bodyMotions[b].linearVelocity = v
    }

    /// Sets the angular velocity (radians/s); wakes the body for a non-zero value. Static and fixed-rotation bodies ignore it.
    public mutating func setAngularVelocity(_ id: BodyID, _ w: Double) throws(PhysicsError) {
        let b = try check(id)
        if bodyInfos[b].type == .static || bodyInfos[b].fixedRotation { return }
        if w != 0 { wakeBody(Int32(b)) }
        bodyMotions[b].angularVelocity = w
    }

    /// Adds a force (mass·units/s²) at a world point for the next step; wakes the body.
    /// With `wake` false (Box2D's `wake` flag) a sleeping body ignores the force and an awake
    /// body's sleep timer keeps running, so a steady force (gravity, a field) lets it rest.
    public mutating func applyForce(_ id: BodyID, _ force: Vec2, at point: Vec2, wake: Bool = true) throws(PhysicsError) {
        let b = try check(id)
        guard bodyInfos[b].type == .dynamic else { return }
        if wake { wakeBody(Int32(b)) } else if !bodyInfos[b].awake { return }
        bodyMotions[b].force += force
        bodyMotions[b].torque += cross(point - bodySims[b].center, force)
    }

    /// Adds a force (mass·units/s²) at the center of mass for the next step; `wake` as in
    /// ``applyForce(_:_:at:wake:)``.
    public mutating func applyForceToCenter(_ id: BodyID, _ force: Vec2, wake: Bool = true) throws(PhysicsError) {
        let b = try check(id)
        guard bodyInfos[b].type == .dynamic else { return }
        if wake { wakeBody(Int32(b)) } else if !bodyInfos[b].awake { return }
        bodyMotions[b].force += force
    }

    /// Adds a torque (mass·units²/s²) for the next step; `wake` as in ``applyForce(_:_:at:wake:)``.
    public mutating func applyTorque(_ id: BodyID, _ torque: Double, wake: Bool = true) throws(PhysicsError) {
        let b = try check(id)
        guard bodyInfos[b].type == .dynamic else { return }
        if wake { wakeBody(Int32(b)) } else if !bodyInfos[b].awake { return }
        bodyMotions[b].torque += torque
    }

    /// Changes velocity at once by impulse / mass (mass·units/s) at a world point.
    public mutating func applyLinearImpulse(_ id: BodyID, _ impulse: Vec2, at point: Vec2) throws(PhysicsError) {
        let b = try check(id)
        guard bodyInfos[b].type == .dynamic else { return }
        wakeBody(Int32(b))
        let sim = bodySims[b]
        bodyMotions[b].linearVelocity += sim.invMass * impulse
        bodyMotions[b].angularVelocity += sim.invInertia * cross(point - sim.center, impulse)
    }

    /// Changes the angular velocity at once by impulse / rotational inertia (mass·units²/s); wakes the body. Only dynamic bodies respond.
    public mutating func applyAngularImpulse(_ id: BodyID, _ impulse: Double) throws(PhysicsError) {
        let b = try check(id)
        guard bodyInfos[b].type == .dynamic else { return }
        wakeBody(Int32(b))
        bodyMotions[b].angularVelocity += bodySims[b].invInertia * impulse
    }

    /// Sets the linear and angular damping (1/s): each sub-step of length `h` scales the velocities by `1 / (1 + h·damping)`.
    public mutating func setDamping(_ id: BodyID, linear: Double, angular: Double) throws(PhysicsError) {
        let b = try check(id)
        bodyMotions[b].linearDamping = linear
        bodyMotions[b].angularDamping = angular
    }

    /// Sets how strongly gravity acts on the body (1: normally, 0: not at all); wakes it.
    public mutating func setGravityScale(_ id: BodyID, _ scale: Double) throws(PhysicsError) {
        let b = try check(id)
        bodyMotions[b].gravityScale = scale
        wakeBody(Int32(b))
    }

    /// Makes the body a bullet: continuous collision against dynamic bodies too, not only static ones.
    public mutating func setBullet(_ id: BodyID, _ flag: Bool) throws(PhysicsError) {
        bodyInfos[try check(id)].isBullet = flag
    }

    /// Wakes the body and its sleeping island.
    public mutating func wake(_ id: BodyID) throws(PhysicsError) { wakeBody(Int32(try check(id))) }

    /// Overrides mass, center and inertia computed from the shapes.
    public mutating func setMassData(_ id: BodyID, _ md: MassData) throws(PhysicsError) {
        let b = try check(id)
        applyMassData(b, md)
    }

    /// Local point → world point.
    public func worldPoint(of id: BodyID, local: Vec2) throws(PhysicsError) -> Vec2 { bodySims[try check(id)].transform.apply(local) }
    /// World point → local point.
    public func localPoint(of id: BodyID, world: Vec2) throws(PhysicsError) -> Vec2 { bodySims[try check(id)].transform.inverseApply(world) }
    /// Velocity of a world point attached to the body, units/s.
    public func velocity(of id: BodyID, atWorldPoint p: Vec2) throws(PhysicsError) -> Vec2 {
        let b = try check(id)
        return bodyMotions[b].linearVelocity + cross(bodyMotions[b].angularVelocity, p - bodySims[b].center)
    }

    /// Live bodies in slot order. O(body slots).
    public var bodies: [BodyID] {
        var out: [BodyID] = []
        for i in 0..<bodySims.count where bodyIDs.alive[i] { out.append(bodyID(Int32(i))) }
        return out
    }
    /// The number of live bodies. O(body slots).
    public var bodyCount: Int { bodyIDs.alive.reduce(0) { $0 + ($1 ? 1 : 0) } }
    /// The number of contacts (pairs of shapes whose bounds overlap), touching or not.
    public var contactCount: Int { contacts.count - contactFree.count }
    /// The number of awake dynamic and kinematic bodies. O(body slots).
    public var awakeBodyCount: Int {
        var n = 0
        for i in 0..<bodyInfos.count where bodyIDs.alive[i] && bodyInfos[i].awake && bodyInfos[i].type != .static { n += 1 }
        return n
    }

    // MARK: - Shapes

    /// Attaches a shape; recomputes the body's mass. O(shapes of the body + log n).
    @discardableResult
    public mutating func createShape(_ body: BodyID, _ def: ShapeDefinition, _ geometry: ShapeGeometry) throws(PhysicsError) -> ShapeID {
        let b = try check(body)
        try validate(geometry)
        let (index, generation) = shapeIDs.allocate()
        var data = ShapeData(body: Int32(b), isSensor: def.isSensor, enableContactEvents: def.enableContactEvents,
                             enablePreSolve: def.enablePreSolveEvents, enablePostSolve: def.enablePostSolveEvents,
                             filter: def.filter, friction: def.friction, restitution: def.restitution,
                             density: def.density, tangentSpeed: def.tangentSpeed, userData: def.userData, geometry: geometry)
        data.nextShape = bodyInfos[b].headShape
        data.kind = geometry.kind
        if Int(index) == shapes.count { shapes.append(data) } else { shapes[Int(index)] = data }
        if Int(index) == shapePolygons.count { shapePolygons.append(geometry.polygonForm) } else { shapePolygons[Int(index)] = geometry.polygonForm }
        if Int(index) == shapeFatBounds.count { shapeFatBounds.append(AABB(lower: .zero, upper: .zero)) }   // set by createProxy
        if Int(index) == shapeProxies.count { shapeProxies.append(ShapeProxy()) } else { shapeProxies[Int(index)] = ShapeProxy() }
        bodyInfos[b].headShape = index
        bodyInfos[b].shapeCount += 1
        createProxy(index, forceMove: true)
        updateMass(b)
        return ShapeID(index: index, generation: generation)
    }

    func validate(_ g: ShapeGeometry) throws(PhysicsError) {
        switch g {
        case .circle(let c): if !(c.radius > 0) { throw .invalidGeometry("circle radius must be > 0") }
        case .capsule(let c): if !(c.radius >= 0) || c.point1 == c.point2 { throw .invalidGeometry("capsule needs two distinct points and radius ≥ 0") }
        case .polygon(let p): if p.count < 3 || !(p.radius >= 0) { throw .invalidGeometry("polygon needs 3…8 vertices and radius ≥ 0") }
        }
    }

    /// Removes the shape and its contacts (waking the bodies they touched) and updates the body's mass.
    public mutating func destroyShape(_ id: ShapeID) throws(PhysicsError) {
        guard isValid(id) else { throw .invalidShape(id) }
        destroyShapeAt(id.index, updateMass: true)
    }

    mutating func destroyShapeAt(_ s: Int32, updateMass update: Bool) {
        let b = Int(shapes[Int(s)].body)
        // Unlink from the body's list.
        if bodyInfos[b].headShape == s {
            bodyInfos[b].headShape = shapes[Int(s)].nextShape
        } else {
            var p = bodyInfos[b].headShape
            while p != -1 && shapes[Int(p)].nextShape != s { p = shapes[Int(p)].nextShape }
            if p != -1 { shapes[Int(p)].nextShape = shapes[Int(s)].nextShape }
        }
        bodyInfos[b].shapeCount -= 1
        for c in 0..<contacts.count where contacts[c].live && (contacts[c].shapeA == s || contacts[c].shapeB == s) {
            destroyContact(Int32(c), wakeBodies: true)
        }
        destroyProxy(s)
        if let k = moveBuffer.firstIndex(of: s) { moveBuffer.remove(at: k) }
        shapeIDs.free(s)
        if update { updateMass(b) }
    }

    /// The body the shape is attached to.
    public func body(of shape: ShapeID) throws(PhysicsError) -> BodyID {
        guard isValid(shape) else { throw .invalidShape(shape) }
        return bodyID(shapes[Int(shape.index)].body)
    }
    /// The shape's geometry in its body's frame.
    public func geometry(of shape: ShapeID) throws(PhysicsError) -> ShapeGeometry {
        guard isValid(shape) else { throw .invalidShape(shape) }
        return shapes[Int(shape.index)].geometry
    }
    /// The caller's value of the shape's definition.
    public func userData(of shape: ShapeID) throws(PhysicsError) -> Int {
        guard isValid(shape) else { throw .invalidShape(shape) }
        return shapes[Int(shape.index)].userData
    }
    /// Current tight world bounds.
    public func aabb(of shape: ShapeID) throws(PhysicsError) -> AABB {
        guard isValid(shape) else { throw .invalidShape(shape) }
        let s = shapes[Int(shape.index)]
        return s.geometry.aabb(bodySims[Int(s.body)].transform)
    }
    /// Sets the friction coefficient (≥ 0); contacts mix it with the other shape's as `sqrt(a·b)`.
    public mutating func setFriction(_ shape: ShapeID, _ mu: Double) throws(PhysicsError) {
        guard isValid(shape) else { throw .invalidShape(shape) }
        shapes[Int(shape.index)].friction = mu
    }
    /// Sets the restitution (bounciness, 0…1); contacts use the larger of the two shapes'.
    public mutating func setRestitution(_ shape: ShapeID, _ e: Double) throws(PhysicsError) {
        guard isValid(shape) else { throw .invalidShape(shape) }
        shapes[Int(shape.index)].restitution = e
    }
    /// Sets the shape's collision filter; existing contacts are re-filtered at the next step.
    public mutating func setFilter(_ shape: ShapeID, _ f: CollisionFilter) throws(PhysicsError) {
        guard isValid(shape) else { throw .invalidShape(shape) }
        shapes[Int(shape.index)].filter = f
        filtersChanged = true
        // Existing contacts are re-filtered next step by the narrow phase; pairs the old filter
        // refused are found again by re-querying the proxy (Box2D resets the proxy here too).
        if shapeProxies[Int(shape.index)].proxy >= 0 { moveBuffer.append(Int32(shape.index)) }
    }
    /// Shapes of a body, most recently added first.
    public func shapes(of body: BodyID) throws(PhysicsError) -> [ShapeID] {
        let b = try check(body)
        var out: [ShapeID] = []
        var s = bodyInfos[b].headShape
        while s != -1 { out.append(shapeID(s)); s = shapes[Int(s)].nextShape }
        return out
    }

    // MARK: - Mass

    /// Sums the shapes' mass properties (parallel axis theorem). O(shapes of the body).
    mutating func updateMass(_ b: Int) {
        var sim = bodySims[b]
        let info = bodyInfos[b]
        sim.mass = 0; sim.invMass = 0; sim.inertia = 0; sim.invInertia = 0
        sim.localCenter = .zero
        sim.minExtent = Double.greatestFiniteMagnitude
        sim.maxExtent = 0
        var totalMass = 0.0, weighted = Vec2.zero, inertiaAtOrigin = 0.0
        var s = info.headShape
        while s != -1 {
            let shape = shapes[Int(s)]
            if shape.density > 0 && !shape.isSensor {
                let md = shape.geometry.massData(density: shape.density)
                totalMass += md.mass
                weighted += md.mass * md.center
                inertiaAtOrigin += md.rotationalInertia + md.mass * dot(md.center, md.center)
            }
            sim.minExtent = min(sim.minExtent, shape.geometry.minExtent())
            s = shape.nextShape
        }
        if info.type == .dynamic && totalMass > 0 {
            sim.mass = totalMass
            sim.invMass = 1 / totalMass
            sim.localCenter = (1 / totalMass) * weighted
            let i = inertiaAtOrigin - totalMass * dot(sim.localCenter, sim.localCenter)
            if i > 0 && !info.fixedRotation { sim.inertia = i; sim.invInertia = 1 / i }
        } else if info.type == .dynamic {
            // Box2D: a dynamic body without mass gets mass 1 so it still falls.
            sim.mass = 1; sim.invMass = 1
        }
        if sim.minExtent == Double.greatestFiniteMagnitude { sim.minExtent = 0 }
        s = info.headShape
        while s != -1 {
            sim.maxExtent = max(sim.maxExtent, shapes[Int(s)].geometry.extent(from: sim.localCenter))
            s = shapes[Int(s)].nextShape
        }
        sim.center = sim.transform.apply(sim.localCenter)
        sim.center0 = sim.center
        bodySims[b] = sim
    }

    mutating func applyMassData(_ b: Int, _ md: MassData) {
        guard bodyInfos[b].type == .dynamic else { return }
        var sim = bodySims[b]
        sim.mass = max(md.mass, 0)
        sim.invMass = sim.mass > 0 ? 1 / sim.mass : 0
        sim.inertia = bodyInfos[b].fixedRotation ? 0 : max(md.rotationalInertia, 0)
        sim.invInertia = sim.inertia > 0 ? 1 / sim.inertia : 0
        sim.localCenter = md.center
        sim.center = sim.transform.apply(md.center)
        sim.center0 = sim.center
        bodySims[b] = sim
    }
}
