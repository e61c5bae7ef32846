import Testing
@testable import StardustRender

/// `pixelBytes` (the store of every blend) must equal the checked conversion it replaced,
/// `UInt8(min(max(c, 0), 255) + 0.5)`, for every input: pixels stay byte-identical.
struct PixelBytesTests {
    /// The conversion `storePixel` used before: clamp, add ½, checked truncation.
    static func reference(_ c: Float) -> UInt8 { UInt8(Swift.min(Swift.max(c, 0), 255) + 0.5) }

    /// Checks the values four at a time, each in a different lane position.
    static func mismatches(_ values: [Float]) -> [Float] {
        var bad: [Float] = []
        var i = 0
        while i < values.count {
            let v = SIMD4(values[i], values[(i + 1) % values.count], values[(i + 2) % values.count], values[(i + 3) % values.count])
            let b = pixelBytes(v)
            for k in 0..<4 where b[k] != reference(v[k]) { bad.append(v[k]) }
            i += 1
        }
        return bad
    }

    @Test func edgeCases() {
        let values: [Float] = [0, -0.0, 0.5, 1, 1.5, 2.5, 127.5, 128.5, 253.5, 254.5, 255, 255.5, 256, 256.5, 1e6, 3e38,
                               .greatestFiniteMagnitude, .infinity, -.infinity, -0.5, -1, -255, -1e30,
                               .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
                               Float(0.5).nextDown, Float(0.5).nextUp, Float(255).nextDown, Float(255).nextUp,
                               Float(254.5).nextDown, Float(254.5).nextUp, 4_194_304, 8_388_608, 16_777_216]
        #expect(Self.mismatches(values) == [])
        #expect(pixelBytes(SIMD4(0, 0.5, 254.5, 255.5)) == SIMD4(0, 1, 255, 255))
        #expect(pixelBytes(SIMD4(-3, 1.49999, 2.5, 1e9)) == SIMD4(0, 1, 3, 255))
    }

    /// Every integer and half-integer of the range with its neighbouring floats (where the
    /// rounding direction changes), and a fine grid over [−4, 260].
    @Test func halvesAndGrid() {
        var values: [Float] = []
        for k in -4...260 {
            for base in [Float(k), Float(k) + 0.5] {
                var lo = base, hi = base
                values.append(base)
                for _ in 0..<3 { lo = lo.nextDown; hi = hi.nextUp; values.append(lo); values.append(hi) }
            }
        }
        var x: Float = -4
        while x <= 260 { values.append(x); x += 1.0 / 512 }
        #expect(Self.mismatches(values) == [])
    }

    /// A stride through the bit patterns of all non-negative floats up to 2²⁴ (denormals,
    /// tiny values, the whole byte range, and clamped large values).
    @Test func bitPatternSweep() {
        var values: [Float] = []
        let top = Float(16_777_216).bitPattern
        var bits: UInt32 = 0
        while bits <= top {
            values.append(Float(bitPattern: bits))
            values.append(-Float(bitPattern: bits))
            bits += 997
        }
        #expect(Self.mismatches(values) == [])
    }

    /// NaN traps, as the checked conversion did.
    @Test func nanTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = pixelBytes(SIMD4(1, .nan, 2, 3))
        }
    }
}
