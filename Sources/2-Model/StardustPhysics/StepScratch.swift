// StepScratch.swift — the arrays a step works in, gathered in one value apart
// from the world's state.
//
// Every entry a step reads from these arrays it wrote earlier in the same
// step (or, for `moveProcessed`, leaves false again before it ends), so what
// they hold between steps is not state: they are kept only so that a step
// does not allocate. A snapshot (Snapshot.swift) leaves them out, which also
// spares the stepped world a copy of them after a checkpoint (copy-on-write),
// and the state hash never reads them.

/// The working arrays of one step (see the file header): kept between steps
/// to avoid allocation, never part of a snapshot. Empty when made: each
/// phase sizes what it uses (O(1) to create).
struct StepScratch: Sendable {
    // The solve (AwakeSet.swift, ContactPreparation.swift, ConstraintGraph.swift,
    // JointPreparation.swift, Solver.swift).

    /// The awake, non-static body slots in slot order; solver slot k is `awakeBodies[k]`.
    var awakeBodies: [Int32] = []
    /// Per body slot: its solver slot, or −1 when it is not awake (built by ``World/buildAwakeSet(h:gravity:)``).
    var solverIndex: [Int32] = []
    /// Per body slot, as ``World/prepareContacts(_:)``' filter needs it: the solver
    /// slot of an awake body, written as ~slot when its inverse mass is 0, or
    /// `Int32.min` when it is not awake (built by ``World/buildAwakeSet(h:gravity:)``;
    /// one 4-byte read instead of the solver index and the 72-byte state).
    var contactSlots: [Int32] = []
    /// The awake bodies' solver states, then the zero state (``BodyState/zero``).
    var states: [BodyState] = []
    /// The step's contact bundles, color by color (``World/prepareContacts(_:)``).
    var constraints: [ContactBundle] = []
    /// The rarely read halves of `constraints` (same index).
    var constraintsCold: [ContactBundleCold] = []
    /// Per solver slot, the graph colors its body is in (``World/colorContacts(_:from:count:place:)``).
    var colorScratchBits: [UInt64] = []
    /// The step's velocity-integration terms per awake body.
    var integrationScratch: [World.IntegrationTerms] = []
    /// Per contact slot, its bundle · lanes + lane when solved (see ``World/twoPointFlag``), else negative.
    var contactPlace: [Int32] = []
    /// The contacts to solve, three entries each (contact, slot A, slot B).
    var colorScratchIndex: [Int32] = []
    /// The graph color of each contact to solve.
    var colorScratchColor: [UInt8] = []
    /// The joints the sub-steps run (``World/prepareJoints()``).
    var activeJoints: [Int32] = []

    // Pairs and continuous collision (BroadPhase.swift, Continuous.swift).

    /// The tree walks' stack.
    var queryStack: [Int32] = []
    /// Scratch of ``World/updatePairs()``: proxies found by one query.
    var pairScratch: [Int32] = []
    /// Scratch of ``World/updatePairs()``: per shape, whether it was processed this step (all false between steps).
    var moveProcessed: [Bool] = []
    /// Scratch of ``World/updatePairs()``: the moving tree's leaves binned for steps with many moved proxies.
    var pairGrid = PairGrid()
    /// Scratch of ``World/updatePairs()``: leaf ranks found by one grid query.
    var gridScratch: [Int32] = []

    // The narrow phase and sleep (Contact.swift, Island.swift).

    /// Union-find parents and states of the awake bodies (``World/updateSleep(anySleepy:)``).
    var unionParent: [Int32] = []
    /// Sleeping bodies a new touch wakes once the narrow phase is done.
    var pendingWake: [Int32] = []
    /// Scratch of ``World/collide()``: each body slot's awake flag, gathered at its start.
    var bodyAwake: [Bool] = []
    /// Scratch of ``World/collide()``: each body slot's ``CollidePose``, gathered at its start.
    var bodyPoses: [CollidePose] = []
}
