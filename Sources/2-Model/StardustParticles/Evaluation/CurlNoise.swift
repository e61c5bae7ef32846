import Foundation

/// A divergence-free 2D noise field: the curl `(∂ψ/∂y, −∂ψ/∂x)` of a gradient-noise potential ψ
/// (quintic fade, pseudo-random gradients hashed from the lattice point and a seed). Divergence-free
/// means it stirs particles without gathering them into clumps (docs/PARTICLE-MODEL.md §2.9).
/// Pure arithmetic, so it gives the same bits in any build and on any thread.
enum CurlNoise {
    /// The four lattice gradients around one cell of the noise lattice. A particle integrated at a small
    /// step stays in one cell for many steps (a cell is the turbulence's feature size), so the integrator
    /// keeps the cell it last read and hashes the gradients again only when the particle leaves it: the
    /// values are the same, so the bits are (docs/PARTICLES-PERFORMANCE.md, "Integrated fields").
    struct Cell {
        /// The lattice point at the cell's lower corner; `Int64.min` before the first read (lattice
        /// coordinates are clamped to 32 bits, so no cell has it).
        var ix = Int64.min, iy = Int64.min
        var ga = SIMD2<Double>(), gb = SIMD2<Double>(), gc = SIMD2<Double>(), gd = SIMD2<Double>()
    }

    /// The curl at (`x`, `y`) in lattice units; components are of order 1.
    @inline(__always)
    static func curl(_ x: Double, _ y: Double, seed: UInt64) -> SIMD2<Double> {
        var cell = Cell()
        return curl(x, y, seed: seed, cell: &cell)
    }

    /// The curl at (`x`, `y`), reading the gradients from `cell` when (`x`, `y`) lies in it and
    /// replacing `cell` otherwise: the same value as ``curl(_:_:seed:)``, bit for bit. O(1); the four
    /// gradient hashes (and their eight divisions) only when the lattice cell changes.
    @inline(__always)
    static func curl(_ x: Double, _ y: Double, seed: UInt64, cell: inout Cell) -> SIMD2<Double> {
        let fx0 = floor(x), fy0 = floor(y)
        let fx = x - fx0, fy = y - fy0
        // Lattice coordinates wrap at 2^31 cells: far beyond any layer.
        let ix = Int64(fx0.clamped(-2_147_483_648, 2_147_483_647)), iy = Int64(fy0.clamped(-2_147_483_648, 2_147_483_647))
        if ix != cell.ix || iy != cell.iy {
            cell = Cell(ix: ix, iy: iy, ga: gradient(ix, iy, seed), gb: gradient(ix + 1, iy, seed),
                        gc: gradient(ix, iy + 1, seed), gd: gradient(ix + 1, iy + 1, seed))
        }
        let ga = cell.ga, gb = cell.gb, gc = cell.gc, gd = cell.gd
        let na = ga.x * fx + ga.y * fy, nb = gb.x * (fx - 1) + gb.y * fy
        let nc = gc.x * fx + gc.y * (fy - 1), nd = gd.x * (fx - 1) + gd.y * (fy - 1)
        let u = fade(fx), v = fade(fy), du = dfade(fx), dv = dfade(fy)
        let k1 = nb - na, k2 = nc - na, k3 = na - nb - nc + nd
        let g1 = gb - ga, g2 = gc - ga, g3 = ga - gb - gc + gd
        let dx = ga.x + u * g1.x + v * g2.x + u * v * g3.x + du * (k1 + v * k3)
        let dy = ga.y + u * g1.y + v * g2.y + u * v * g3.y + dv * (k2 + u * k3)
        return SIMD2(dy, -dx)
    }

    /// `x.rounded(.down)`, bit for bit (−0 stays −0), without a libm call below 2⁵² in magnitude: the
    /// truncation to an integer is exact there, and one step down fixes negative non-integers.
    @inline(__always) static func floor(_ x: Double) -> Double {
        guard abs(x) < 4_503_599_627_370_496 else { return x.rounded(.down) }  // also NaN and ±∞
        let t = Double(Int64(x))
        return t == x ? x : (t > x ? t - 1 : t)
    }

    @inline(__always) static func fade(_ t: Double) -> Double { t * t * t * (t * (t * 6 - 15) + 10) }
    @inline(__always) static func dfade(_ t: Double) -> Double { 30 * t * t * (t * (t - 2) + 1) }

    /// A gradient with components in [−1, 1] from a 64-bit mix of the lattice point and the seed.
    @inline(__always)
    static func gradient(_ ix: Int64, _ iy: Int64, _ seed: UInt64) -> SIMD2<Double> {
        var h = UInt64(bitPattern: ix) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: iy) &* 0xC2B2_AE3D_27D4_EB4F ^ seed
        h ^= h >> 33; h &*= 0xFF51_AFD7_ED55_8CCD; h ^= h >> 33; h &*= 0xC4CE_B9FE_1A85_EC53; h ^= h >> 33
        // Both components in one two-lane division and subtraction: each lane is the scalar
        // `Double(n) / 32767.5 - 1`, correctly rounded, so the bits are the same (a resumed run hashes
        // four gradients per particle and frame: docs/PARTICLES-PERFORMANCE.md).
        return SIMD2(Double(h & 0xFFFF), Double((h >> 16) & 0xFFFF)) / 32767.5 - 1
    }
}

private extension Double {
    @inline(__always) func clamped(_ lo: Double, _ hi: Double) -> Double { Swift.min(hi, Swift.max(lo, self)) }
}
