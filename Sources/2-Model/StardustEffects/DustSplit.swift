import StardustCore

/// The dust split of docs/DESIGN.md §8: every pixel of a `width × height` image is assigned twice, by two
/// independent draws, to layer `⌊N · (r + 2·x/w) / 3⌋` with `r` uniform in [0, 1) — pixels on
/// the left go to early layers, on the right to late ones.
///
/// The result is one ``LayerAssignment`` of two bytes per pixel for any `N` ≤ 256; layer `k` is
/// drawn by masking the one source image (``MaskedImageDraw``), so memory never grows as N images.
public enum DustSplit {
    /// The largest layer count (indices are stored in one byte).
    public static let maxLayers = 256

    /// The layer of a pixel in column `x` for the uniform draw `r` ∈ [0, 1): `⌊N·(r + 2x/w)/3⌋`
    /// (clamped to N − 1 against rounding), computed exactly as ``split(width:height:layerCount:seed:threads:)`` does.
    @inlinable public static func layer(x: Int, width: Int, r: Double, layerCount n: Int) -> Int {
        let c = Double(x) * (2 / Double(width))
        return min(n - 1, Int(Double(n) / 3 * (r + c)))
    }

    /// The uniform draws of pixel `index`: two independent 32-bit halves of one counter-based
    /// 64-bit word keyed by (seed, pixel index), each mapped to [0, 1).
    @inlinable public static func draws(seed: UInt64, index: Int) -> (Double, Double) {
        let h = SplitMix64.mix(SplitMix64.mix(seed &+ 0x6A09_E667_F3BC_C909) &+ UInt64(index) &* SplitMix64.increment)
        return (Double(h >> 32) * 0x1p-32, Double(h & 0xFFFF_FFFF) * 0x1p-32)
    }

    /// The columns in which layer `k` can have pixels: those `x` with `k ≤ N·(r + 2x/w)/3 < k + 1`
    /// for some `r` ∈ [0, 1), i.e. `2x/w ∈ (3k/N − 1, 3(k+1)/N)`, widened by one column against rounding.
    public static func columns(ofLayer k: Int, width w: Int, layerCount n: Int) -> Range<Int> {
        let lo = (3 * Double(k) / Double(n) - 1) * Double(w) / 2
        let hi = 3 * Double(k + 1) / Double(n) * Double(w) / 2
        let a = max(0, Int(lo.rounded(.down)) - 1), b = min(w, Int(hi.rounded(.up)) + 1)
        return a..<max(a, b)
    }

    /// Splits a `width × height` image into `layerCount` layers (1…256) with the draws keyed by `seed`.
    ///
    /// Complexity: O(pixels), one 64-bit mix per pixel; allocates exactly the assignment
    /// (2 bytes per pixel). `threads` splits the rows (0 = every core); the result does not depend on it.
    public static func split(width: Int, height: Int, layerCount: Int, seed: UInt64, threads: Int = 1) -> LayerAssignment {
        precondition(width >= 0 && height >= 0, "non-negative size")
        let n = min(max(layerCount, 1), maxLayers)
        let count = 2 * width * height
        guard count > 0 else { return LayerAssignment(width: width, height: height, layerCount: n, draws: []) }
        let key = SplitMix64.mix(seed &+ 0x6A09_E667_F3BC_C909)
        let scale = Double(n) / 3, cx = 2 / Double(width)
        let top = n - 1
        let draws = [UInt8](unsafeUninitializedCapacity: count) { buf, initialized in
            let base = SendablePointer(buf.baseAddress!)
            let rowsPerChunk = max(1, (1 << 16) / max(1, width))
            let chunks = (height + rowsPerChunk - 1) / rowsPerChunk
            parallelFor(chunks, threads: threads) { c in
                let p = base.pointer
                for y in (c * rowsPerChunk)..<min(height, (c + 1) * rowsPerChunk) {
                    var index = y * width
                    var o = 2 * index
                    for x in 0..<width {
                        let h = SplitMix64.mix(key &+ UInt64(index) &* SplitMix64.increment)
                        let c = Double(x) * cx
                        let r0 = Double(h >> 32) * 0x1p-32, r1 = Double(h & 0xFFFF_FFFF) * 0x1p-32
                        p[o] = UInt8(truncatingIfNeeded: min(top, Int(scale * (r0 + c))))
                        p[o + 1] = UInt8(truncatingIfNeeded: min(top, Int(scale * (r1 + c))))
                        index += 1; o += 2
                    }
                }
            }
            initialized = count
        }
        return LayerAssignment(width: width, height: height, layerCount: n, draws: draws)
    }
}

/// A pointer handed to the workers of ``parallelFor``; each writes disjoint rows.
struct SendablePointer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UInt8>
    init(_ p: UnsafeMutablePointer<UInt8>) { pointer = p }
}
