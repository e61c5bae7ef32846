import Foundation
import StardustCore

/// A gradient's ramp as a ``PaintShader`` reads it: the premultiplied colors with opacity
/// (``PaintShader/makeRamp(_:opacity:)``), whether all of them are opaque, for an opaque ramp the packed RGBA8
/// bytes of each entry, and for any other ramp its source-over table at full coverage (``FullCoverageRamp``).
struct GradientRamp: Sendable {
    let colors: [SIMD4<Float>]
    let isOpaque: Bool
    /// ``colors`` packed by ``PaintShader/pack(_:)``; empty unless ``isOpaque``.
    let pixels: [UInt32]
    /// Source-over of each entry at full coverage; empty when ``isOpaque`` (an opaque ramp's fully covered pixels
    /// are written from ``pixels`` and never blended).
    let fullCoverage: FullCoverageRamp

    init(colors: [SIMD4<Float>]) {
        self.colors = colors
        isOpaque = colors.allSatisfy { $0.w == 1 }
        pixels = isOpaque ? colors.map(PaintShader.pack) : []
        fullCoverage = isOpaque ? FullCoverageRamp() : FullCoverageRamp(colors: colors)
    }
}

/// The ramps of recently drawn gradients, keyed by their stops and opacity (docs/RENDERER.md, "Gradient ramp cache").
///
/// Every gradient path drawn builds a ``PaintShader``, and building, checking and packing its 1 024-entry ramp was
/// 16.5 % of a gradient-heavy Lottie folder's instructions, while a Lottie file draws the same gradients frame after
/// frame. A hit hands out the stored arrays (shared, copy-on-write, never written).
///
/// Same bytes: a ramp entry is `c · opacity` with `c` depending on the stops only, so the ramp at opacity 1 (`c · 1`
/// is `c`) times another opacity is that opacity's ramp, bit for bit; a miss whose stops are cached at opacity 1
/// multiplies that ramp instead of interpolating again. Keys compare stops with `==`, which equates only `−0` and `+0`
/// beyond bit equality, and the ramp cannot tell those apart (locations and colors are clamped with `max(·, 0)`
/// first, which gives `+0` for both); a NaN stop never equals itself, so such a gradient misses every time and is
/// built as before.
///
/// Bounded: at most ``capacity`` ramps (about 20 KiB each); a miss that finds it full empties it first. Thread-safe
/// (a lock around the dictionary; ramps are built outside it).
final class GradientRampCache: @unchecked Sendable {
    /// The cache ``PaintShader`` uses.
    static let shared = GradientRampCache(capacity: 32)

    struct Key: Hashable {
        var stops: [GradientStop]
        var opacity: UInt32
    }

    /// The most ramps held at once.
    let capacity: Int
    private let lock = NSLock()
    private var entries: [Key: GradientRamp] = [:]

    init(capacity: Int) { self.capacity = max(capacity, 2) }

    /// The number of ramps held now.
    var count: Int { lock.lock(); defer { lock.unlock() }; return entries.count }

    /// The ramp of `stops` at `opacity` (in 0…1, as ``PaintShader`` clamps it): what
    /// `GradientRamp(colors: PaintShader.makeRamp(stops, opacity: opacity))` is, from the cache when it holds it.
    func ramp(_ stops: [GradientStop], opacity: Float) -> GradientRamp {
        let key = Key(stops: stops, opacity: opacity.bitPattern)
        let unitKey = Key(stops: stops, opacity: Float(1).bitPattern)
        lock.lock()
        let hit = entries[key], unit = key == unitKey ? nil : entries[unitKey]
        lock.unlock()
        if let hit { return hit }
        var made: [(Key, GradientRamp)] = []
        let colors: [SIMD4<Float>]
        if let unit {
            colors = unit.colors.map { $0 * opacity }
        } else if key == unitKey {
            colors = PaintShader.makeRamp(stops, opacity: 1)
        } else {
            let base = PaintShader.makeRamp(stops, opacity: 1)
            made.append((unitKey, GradientRamp(colors: base)))
            colors = base.map { $0 * opacity }
        }
        let ramp = GradientRamp(colors: colors)
        made.append((key, ramp))
        lock.lock(); defer { lock.unlock() }
        if entries.count + made.count > capacity { entries.removeAll(keepingCapacity: true) }
        for (k, r) in made { entries[k] = r }
        return ramp
    }
}
