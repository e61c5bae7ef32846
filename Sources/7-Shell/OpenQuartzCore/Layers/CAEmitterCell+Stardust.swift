#if !canImport(QuartzCore)
import Stardust

/// Stardust's particle features beyond Core Animation (docs/PARTICLE-MODEL.md §2.6–§2.13), on a
/// `CAEmitterCell`. They live under one name, `stardust`, that QuartzCore does not have, so code that
/// uses them says so and does not compile against the real framework by accident (docs/DIFFERENCES.md
/// Q31): `cell.stardust.alphaOverLife = try ParticleCurve(times: [0, 1], values: [1, 0])`,
/// `cell.stardust.fields = …`, `cell.stardust.collider = .floor(y: 700, response: .bounce)`,
/// `cell.stardust.colliders = [.circle(center: Point(200, 400), radius: 60)]`, `cell.stardust.trigger = .death`
/// (or `.collision`: a sub-emitter at each contact), `cell.stardust.textureSheet = TextureSheet(columns: 4, rows: 2)`.
/// Emission from a path is the layer's (`CAEmitterLayer.stardustEmitterPath`).
extension CAEmitterCell {
    /// The cell's Stardust extensions: over-life curves, bursts, emission limits, velocity stretch,
    /// sub-emitter triggers, fields, colliders (lines, rectangles, circles), texture sheets, finish values, radial
    /// motion and orbits. Reading a cell without any gives the defaults (Core Animation's behaviour); setting the
    /// defaults back removes them, so the cell evaluates exactly as a Core Animation cell again.
    public var stardust: CellExtensions {
        get { stardustCell.extensions ?? CellExtensions() }
        set { stardustCell.extensions = newValue == CellExtensions() ? nil : newValue }
    }
}
#endif
