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
    /// ``transparentSquaredRadius(_:)`` of ``colors``: where a radial gradient's pixels all read ±0 entries.
    let transparentSquaredRadius: Double

    init(colors: [SIMD4<Float>]) {
        self.colors = colors
        isOpaque = colors.allSatisfy { $0.w == 1 }
        pixels = isOpaque ? colors.map(PaintShader.pack) : []
        fullCoverage = isOpaque ? FullCoverageRamp() : FullCoverageRamp(colors: colors)
        transparentSquaredRadius = GradientRamp.transparentSquaredRadius(colors)
    }

    /// The least squared radius `r²` (`qx² + qy²` of ``PaintShader/radialIndex(_:_:_:_:_:)``) from which every radial
    /// index reads a ±0 entry of `ramp` (a 1 024-entry ramp ending in transparent entries: a glow that fades out), or
    /// 1 when its last entry is not ±0 (from `r² = 1` on every index is 1023 anyway). The AVX2 span kernel takes
    /// index 1023 for four centres at or beyond it without their square roots (docs/RENDERER.md, "Work the gradient
    /// kernel leaves out").
    ///
    /// Exact: the index `Int(min(√r², 1)·1023 + ½)` is a nondecreasing function of `r² ≥ 0` (each step is monotone
    /// and correctly rounded), so the least `r²` whose index reaches the first entry of the transparent end is found
    /// by bisecting the bit patterns of the doubles in 0…1 (ordered as their values), with that same expression
    /// (``radialIndex(squaredRadius:)``); every larger `r²` has an index at least as large. Once per cached ramp.
    static func transparentSquaredRadius(_ ramp: [SIMD4<Float>]) -> Double {
        guard ramp.count == PaintShader.rampSize else { return 1 }
        var first = ramp.count  // the first entry of the ±0 end
        while first > 0 && ramp[first - 1] == .zero { first -= 1 }
        if first == ramp.count { return 1 }
        var lo = Double(0).bitPattern, hi = Double(1).bitPattern  // radialIndex(1) = 1023 ≥ first
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if radialIndex(squaredRadius: Double(bitPattern: mid)) >= first { hi = mid } else { lo = mid + 1 }
        }
        return Double(bitPattern: lo)
    }

    /// ``PaintShader/radialIndex(_:_:_:_:_:)`` from the squared radius `qx² + qy²` on: the same operations.
    static func radialIndex(squaredRadius r2: Double) -> Int {
        let t = r2.squareRoot()
        let c = t < 1 ? t : (t >= 1 ? 1 : 0)
        return Int(c * Double(PaintShader.rampSize - 1) + 0.5)
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
