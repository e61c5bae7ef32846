/// What makes a sub-cell emit (``CellExtensions/trigger``; docs/PARTICLE-MODEL.md §2.8): its parent
/// particle's birth, death or contacts with a collider, instead of Core Animation's emission over the parent's whole life.
///
/// A triggered sub-cell is a small emitter left behind at the parent's position at that moment: its
/// emission window (its own timing, ``CellExtensions/emissionDuration``, its bursts) starts at the
/// trigger, does not end with the parent, and its particles start from the parent's state then —
/// position, direction of motion, color, scale and angle, plus ``CellExtensions/inheritedVelocity``
/// of its velocity. Everything is a closed form of the parent's birth record.
public enum SubEmitterTrigger: String, CaseIterable, Hashable, Sendable {
    /// At the parent particle's birth (its age 0).
    case birth
    /// At the parent particle's death (its age = its lifetime).
    case death
    /// At each contact of the parent particle with one of its colliders (``CellExtensions/colliders``):
    /// one sub-emitter per bounce, or one where it sticks or dies, started at the contact from the
    /// particle's state just after it (the rebound velocity for a bounce).
    case collision
}
