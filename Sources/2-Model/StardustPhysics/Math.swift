// Math.swift — the small vector algebra the engine runs on.
//
// Everything is `Double`: the accuracy promises (spring amplitude after 10 s,
// pendulum period within 1 %) are easier to keep without float round-off, and
// 2D bodies are small enough that the wider type costs little bandwidth.
// Only + − × ÷ and `squareRoot()` appear in the step; `sin`, `cos` and `atan2`
// come from the platform libm and are only used when a user sets or reads an
// angle (debug and release link the same libm, so determinism holds).
import StardustCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A 2D vector in world units (see ``WorldDefinition/lengthUnitsPerMeter``).
public struct Vec2: Hashable, Sendable, CustomStringConvertible {
    /// The x component (world units, right).
    public var x: Double
    /// The y component (world units, down on screen).
    public var y: Double

    /// The vector (`x`, `y`).
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// The vector (`x`, `y`).
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The zero vector.
    public static let zero = Vec2(0, 0)

    /// The component-wise sum.
    @inlinable public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    /// The component-wise difference.
    @inlinable public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    /// The opposite vector.
    @inlinable public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    /// The vector scaled by `s`.
    @inlinable public static func * (s: Double, a: Vec2) -> Vec2 { Vec2(s * a.x, s * a.y) }
    /// The vector scaled by `s`.
    @inlinable public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(s * a.x, s * a.y) }
    /// Adds `b` to `a`.
    @inlinable public static func += (a: inout Vec2, b: Vec2) { a.x += b.x; a.y += b.y }
    /// Subtracts `b` from `a`.
    @inlinable public static func -= (a: inout Vec2, b: Vec2) { a.x -= b.x; a.y -= b.y }

    /// Euclidean length. O(1), one square root.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    /// The squared length, `x² + y²`.
    @inlinable public var lengthSquared: Double { x * x + y * y }
    /// Distance to `p`, units.
    @inlinable public func distance(to p: Vec2) -> Double { (p - self).length }

    /// The unit vector in this direction, or zero for a (near) zero vector.
    @inlinable public var normalized: Vec2 {
        let l = length
        return l < 1e-300 ? .zero : Vec2(x / l, y / l)
    }
    /// Counter-clockwise perpendicular in math axes (−y, x).
    @inlinable public var leftPerp: Vec2 { Vec2(-y, x) }
    /// Clockwise perpendicular in math axes (y, −x).
    @inlinable public var rightPerp: Vec2 { Vec2(y, -x) }

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}

@inlinable func dot(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.x + a.y * b.y }
@inlinable func cross(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.y - a.y * b.x }
/// cross(v, s) = (s·v.y, −s·v.x)
@inlinable func cross(_ a: Vec2, _ s: Double) -> Vec2 { Vec2(s * a.y, -s * a.x) }
/// cross(s, v) = (−s·v.y, s·v.x): the velocity of a point at `v` on a body spinning at `s`.
@inlinable func cross(_ s: Double, _ a: Vec2) -> Vec2 { Vec2(-s * a.y, s * a.x) }
@inlinable func lerp(_ a: Vec2, _ b: Vec2, _ t: Double) -> Vec2 { Vec2(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)) }
@inlinable func distanceSquared(_ a: Vec2, _ b: Vec2) -> Double { (b - a).lengthSquared }
@inlinable func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { v < lo ? lo : (v > hi ? hi : v) }

/// A rotation stored as its cosine and sine, so that rotating a vector never
/// calls a trigonometric function.
public struct Rotation: Hashable, Sendable {
    /// The cosine of the angle.
    public var c: Double
    /// The sine of the angle.
    public var s: Double

    /// A rotation from its cosine and sine (callers keep `c² + s² = 1`).
    @inlinable public init(c: Double, s: Double) { self.c = c; self.s = s }
    /// Makes a rotation from an angle in radians (positive from +x towards +y).
    public init(angle: Double) { c = cos(angle); s = sin(angle) }

    /// No rotation (angle 0).
    public static let identity = Rotation(c: 1, s: 0)

    /// The angle in radians, in (−π, π]. Uses libm `atan2`.
    public var angle: Double { atan2(s, c) }

    /// `v` rotated by the angle.
    @inlinable public func rotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x - s * v.y, s * v.x + c * v.y) }
    /// `v` rotated by minus the angle.
    @inlinable public func inverseRotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x + s * v.y, -s * v.x + c * v.y) }

    /// q·r: first r, then q.
    @inlinable public static func * (q: Rotation, r: Rotation) -> Rotation {
        Rotation(c: q.c * r.c - q.s * r.s, s: q.s * r.c + q.c * r.s)
    }
    /// qᵀ·r: the rotation from q to r.
    @inlinable public static func inverseMultiply(_ q: Rotation, _ r: Rotation) -> Rotation {
        Rotation(c: q.c * r.c + q.s * r.s, s: q.c * r.s - q.s * r.c)
    }

    /// Advances by a small angle `da` and renormalizes (Box2D v3's
    /// `b2IntegrateRotation`): first-order but exactly unit length, and free
    /// of trigonometric calls.
    @inlinable func integrated(by da: Double) -> Rotation {
        let c2 = c - da * s, s2 = s + da * c
        let m = (c2 * c2 + s2 * s2).squareRoot()
        let inv = m > 0 ? 1 / m : 0
        return Rotation(c: c2 * inv, s: s2 * inv)
    }

    @inlinable var normalizedRotation: Rotation {
        let m = (c * c + s * s).squareRoot()
        let inv = m > 0 ? 1 / m : 0
        return Rotation(c: c * inv, s: s * inv)
    }

    /// Normalized linear interpolation; used for rendering and time of impact.
    @inlinable public static func nlerp(_ a: Rotation, _ b: Rotation, _ t: Double) -> Rotation {
        Rotation(c: a.c + t * (b.c - a.c), s: a.s + t * (b.s - a.s)).normalizedRotation
    }
}

/// A rigid transform: rotate, then translate.
public struct RigidTransform: Hashable, Sendable {
    /// The translation (applied after the rotation).
    public var p: Vec2
    /// The rotation.
    public var q: Rotation
    /// A transform that rotates by `q`, then translates by `p`.
    @inlinable public init(p: Vec2, q: Rotation) { self.p = p; self.q = q }
    /// No rotation, no translation.
    public static let identity = RigidTransform(p: .zero, q: .identity)

    /// `v` mapped by the transform: rotated, then translated.
    @inlinable public func apply(_ v: Vec2) -> Vec2 { q.rotate(v) + p }
    /// `v` mapped by the inverse transform: translated back, then rotated back.
    @inlinable public func inverseApply(_ v: Vec2) -> Vec2 { q.inverseRotate(v - p) }

    /// Aᵀ·B: B expressed in A's frame.
    @inlinable static func inverseMultiply(_ a: RigidTransform, _ b: RigidTransform) -> RigidTransform {
        RigidTransform(p: a.q.inverseRotate(b.p - a.p), q: Rotation.inverseMultiply(a.q, b.q))
    }
}

/// Per lane `s < m ? s : m` (a NaN `s` or a tie keeps `m`): exactly SSE2's
/// `minpd s, m`. Written as bit operations on the compare mask because
/// `replacing(with:where:)` is a per-lane loop in the standard library, and
/// the vectoriser's repair of it re-pairs the surrounding arithmetic (x with y
/// terms, lanes split) wherever several such chains share a block.
@inline(__always) func lesserOrSecond(_ s: SIMD2<Double>, _ m: SIMD2<Double>) -> SIMD2<Double> {
    let mask = unsafeBitCast(s .< m, to: SIMD2<UInt64>.self)
    let sBits = unsafeBitCast(s, to: SIMD2<UInt64>.self), mBits = unsafeBitCast(m, to: SIMD2<UInt64>.self)
    return unsafeBitCast((sBits & mask) | (mBits & ~mask), to: SIMD2<Double>.self)
}

/// An axis-aligned bounding box in world units.
public struct AABB: Hashable, Sendable {
    /// The corner with the smallest coordinates.
    public var lower: Vec2
    /// The corner with the largest coordinates.
    public var upper: Vec2
    /// A box from its two corners (`lower` ≤ `upper` in both axes).
    @inlinable public init(lower: Vec2, upper: Vec2) { self.lower = lower; self.upper = upper }

    /// Whether the boxes intersect (touching counts).
    @inlinable public func overlaps(_ b: AABB) -> Bool {
        !(b.lower.x > upper.x || b.lower.y > upper.y || lower.x > b.upper.x || lower.y > b.upper.y)
    }
    /// Whether `b` lies entirely inside this box.
    @inlinable public func contains(_ b: AABB) -> Bool {
        lower.x <= b.lower.x && lower.y <= b.lower.y && b.upper.x <= upper.x && b.upper.y <= upper.y
    }
    /// The smallest box containing both boxes.
    @inlinable public func union(_ b: AABB) -> AABB {
        AABB(lower: Vec2(min(lower.x, b.lower.x), min(lower.y, b.lower.y)),
             upper: Vec2(max(upper.x, b.upper.x), max(upper.y, b.upper.y)))
    }
    /// Half the perimeter: the surface-area heuristic cost of a tree node.
    @inlinable public var perimeter: Double { 2 * ((upper.x - lower.x) + (upper.y - lower.y)) }
    /// The box grown by `m` on every side.
    @inlinable public func expanded(by m: Double) -> AABB {
        AABB(lower: Vec2(lower.x - m, lower.y - m), upper: Vec2(upper.x + m, upper.y + m))
    }
    /// The box's center.
    public var center: Vec2 { 0.5 * (lower + upper) }
}

/// 64-bit FNV-1a over bit patterns; used for ``World/stateHash()``.
struct FNV1a {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    @inline(__always) mutating func add(_ bits: UInt64) {
        var b = bits
        for _ in 0..<8 {
            value ^= b & 0xff
            value = value &* 0x0000_0100_0000_01b3
            b >>= 8
        }
    }
    @inline(__always) mutating func add(_ d: Double) { add(d.bitPattern) }
}

/// SplitMix64 (the package's one mixer, StardustCore's `SplitMix64`) of `x` advanced by one
/// increment: a counter-based hash the workloads use to seed sizes and positions without global state.
@inlinable public func splitMix64(_ x: UInt64) -> UInt64 {
    SplitMix64.mix(x &+ SplitMix64.increment)
}

/// A uniform number in [0, 1) keyed by (seed, index), no state.
@inlinable public func hashUniform(seed: UInt64, index: UInt64) -> Double {
    Double(splitMix64(seed &* 0x2545_F491_4F6C_DD1D ^ index) >> 11) * (1.0 / 9007199254740992.0)
}
