/// The shape particles are born on (`CAEmitterLayerEmitterShape`); raw values are Core Animation's strings.
///
/// Geometry, with `p` = `emitterPosition`, `z` = `emitterZPosition`, `s` = `emitterSize`, `d` = `emitterDepth`:
/// a point at `p`; a line along x of width `s.width` centred on `p`; a rectangle `s` centred on `p`;
/// a cuboid `s × d` centred on `(p, z)`; a circle and a sphere of **radius** `s.width` (not `s.width / 2`).
public enum EmitterShape: String, Hashable, Sendable, Codable, CaseIterable {
    /// `point`, `line`, `rectangle`, `cuboid`, `circle` and `sphere` (`kCAEmitterLayerPoint` … `kCAEmitterLayerSphere`);
    /// the geometry of each is above.
    case point, line, rectangle, cuboid, circle, sphere
}

/// Where on the shape particles are born (`CAEmitterLayerEmitterMode`); raw values are Core Animation's strings.
///
/// See <doc:Emitters> for the shape × mode table (docs/PARTICLE-MODEL.md §1.3 with decision P3).
public enum EmitterMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// Corners / end points / the circumference.
    case points
    /// The outline (for a `line`, the whole segment).
    case outline
    /// The surface (area).
    case surface
    /// The volume (the default).
    case volume
}

/// The order and compositing of particles (`CAEmitterLayerRenderMode`); raw values are Core Animation's strings.
public enum EmitterRenderMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// Emission order, cell by cell. Source-over.
    case unordered
    /// The oldest particle is drawn first (young particles end up on top). Source-over.
    case oldestFirst
    /// The oldest particle is drawn last. Source-over.
    case oldestLast
    /// Sorted by z, the farthest (smallest z) first. Source-over.
    case backToFront
    /// Emission order with additive compositing (`BlendMode.additive`).
    case additive
}
