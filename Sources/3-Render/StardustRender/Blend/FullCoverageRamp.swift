/// A translucent gradient ramp's source-over at full coverage, entry by entry: what ``SpanCompositor``'s fused
/// gradient loop looks up for a block of four fully covered pixels instead of computing it per pixel
/// (docs/RENDERER.md, "Gradient spans shaded while blending"; docs/BENCHMARKS.md, "lottie", nineteenth round).
///
/// At coverage 1 the loop's source is `ramp[k] · (1 · 255)`, which is `ramp[k] · 255` (`1 · 255` is exactly 255),
/// and its destination factor ``SourceOver/keep(_:)`` of that source's alpha: both depend on the entry `k` alone,
/// so they are built once per ramp (ramps are cached per gradient, ``GradientRampCache``) and each blended pixel is
/// `source + d · keep`, the floats of ``SourceOver/combine(_:over:)``.
///
/// An entry whose factor is zero (±0; `1 − 255 · (1/255)` is exactly 0 in Float) replaces any destination: `d · 0`
/// is ±0 for every `d` in 0…255 and `s + ±0` is `s` (or +0 for `s` = −0, which stores the same byte), so its
/// stored bytes are ``pixelBytes(_:)`` of the source whatever was there. A block of four such pixels is stored
/// from ``pixels`` without loading the destination. A ramp with a NaN in any source has no table (``entries``
/// empty), so the general loop keeps trapping on it as the store does.
struct FullCoverageRamp: Sendable {
    /// One ramp entry at full coverage: its source (floats 0…255) and its destination factor in every lane (one
    /// `mulps` per pixel, no broadcast). 32 bytes: two entries per cache line.
    struct Entry: Sendable {
        var source: SIMD4<Float>
        var keep: SIMD4<Float>
    }

    /// Per ramp entry; empty for a ramp without a table.
    let entries: [Entry]
    /// ``pixelBytes(_:)`` of each entry's source as it lies in memory, where the entry's `keep` is zero (the entry
    /// replaces the destination); 0 elsewhere (never read: such an entry is blended).
    let pixels: [UInt32]

    /// No table: the fused loop computes every pixel.
    init() { entries = []; pixels = [] }

    /// The table of `colors` (premultiplied 0…1 with opacity, as ``PaintShader/makeRamp(_:opacity:)`` makes them).
    init(colors: [SIMD4<Float>]) {
        let entries = colors.map { c -> Entry in
            let s = c * 255
            return Entry(source: s, keep: SIMD4(repeating: SourceOver.keep(s.w)))
        }
        guard !entries.contains(where: { any($0.source .!= $0.source) }) else { self.entries = []; pixels = []; return }
        self.entries = entries
        pixels = entries.map { e in
            e.keep[0] == 0 ? unsafeBitCast(pixelBytes(e.source), to: UInt32.self) : 0
        }
    }

    /// Whether the four entries all replace the destination (their `keep` is zero): one comparison per entry and a
    /// `movmskps` of the combined mask.
    @inline(__always) static func replaceAll(_ e0: Entry, _ e1: Entry, _ e2: Entry, _ e3: Entry) -> Bool {
        laneBits((e0.keep .== 0) .& (e1.keep .== 0) .& (e2.keep .== 0) .& (e3.keep .== 0)) == 15
    }
}
