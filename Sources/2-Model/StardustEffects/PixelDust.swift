import Foundation
import StardustCore

/// The per-pixel disintegration law (docs/DESIGN.md §8, beyond the source): every pixel is a particle with a
/// closed-form flight, the limit of the layered split as N grows, plus per-pixel jitter.
///
/// For pixel `(x, y)` of a `width × height` picture (index `i = y·width + x`):
/// - its place in the order is `λ = (r + 2x/w)/3` ∈ [0, 1), with `r` the split's first draw
///   (``DustSplit/draws(seed:index:)``): the layered split puts it in layer ⌊N·λ⌋;
/// - it leaves `stagger·λ` seconds after the snap and flies for `flightDuration`: s = clamp((t − snap − stagger·λ)/duration, 0, 1);
/// - its jitter: u1, u2, u3 uniform in [−0.5, 0.5) keyed by (seed, i); a = rotationA·u1, b = rotationB·u2,
///   θ = 2π·u3, offset o = (offsetX cos θ, offsetY sin θ) points;
/// - it moves along the quadratic Bézier B(σ) = 2σ(1 − σ)·o + σ²·R(a)·o at constant speed: σ is the
///   parameter at which the curve has covered the fraction s of its length (``BezierPacing``; when
///   a = 0 the path is the segment 0 → o and σ = 1 − √(1 − s) exactly);
/// - it turns about the picture's center C by (a + b)·s and fades: opacity 1 − s.
///
/// Its center at time t is therefore `C + B(σ) + R((a + b)·s)·(q − C)`, `q` its resting center. The
/// restore plays the flight backwards: pixel λ leaves `stagger·(1 − λ)` after the restore begins
/// (the last to leave is the first back) and at restore progress s′ stands where the flight put it
/// at s = 1 − s′. Every value is a pure function of t: any frame can be evaluated alone.
public struct PixelDust: Hashable, Sendable {
    /// The constants (stagger, flight duration, angles, offsets, seed); `layerCount` is not used.
    public let parameters: DustParameters
    /// The picture's size in pixels.
    public let width: Int, height: Int
    /// The picture's size in points (where the pixels rest: pixel (x, y) is centered at
    /// ((x + ½)·size.width/width, (y + ½)·size.height/height)).
    public let size: Size
    /// When the picture starts to crumble (seconds, the effect's time).
    public let snapTime: Double
    /// When the restore starts, if any (not before ``dustEndTime``).
    public let restoreTime: Double?
    /// Arc-length pacing of the flights, for |a| up to rotationA/2.
    public let pacing: BezierPacing

    /// The law for a `width × height` picture shown at `size` points.
    public init(width: Int, height: Int, size: Size, parameters: DustParameters = DustParameters(), snapTime: Double = 0,
                restoreTime: Double? = nil) {
        self.width = max(0, width); self.height = max(0, height); self.size = size
        self.parameters = parameters; self.snapTime = snapTime
        self.restoreTime = restoreTime.map { max($0, snapTime + parameters.stagger + parameters.flightDuration) }
        pacing = BezierPacing(maxAngle: abs(parameters.rotationA) / 2)
    }

    /// Seconds from the snap until the last pixel has faded: stagger + flightDuration (λ < 1).
    public var totalDuration: Double { parameters.stagger + parameters.flightDuration }
    /// When the last pixel has faded away.
    public var dustEndTime: Double { snapTime + totalDuration }
    /// When the last pixel is back in place, if restoring.
    public var restoreEndTime: Double? { restoreTime.map { $0 + totalDuration } }

    /// The fixed draws of one pixel: its place λ in the order and its flight's jitter.
    public struct Jitter: Hashable, Sendable {
        /// λ = (r + 2x/w)/3 ∈ [0, 1).
        public var order: Double
        /// a: the angle the end point is turned by (radians).
        public var a: Double
        /// a + b: the turn at the end of the flight (radians).
        public var rotation: Double
        /// The offset o (control point), in points.
        public var offset: Point

        /// The draws of one pixel (see ``PixelDust``).
        @inlinable public init(order: Double, a: Double, rotation: Double, offset: Point) {
            self.order = order; self.a = a; self.rotation = rotation; self.offset = offset
        }
    }

    /// λ of pixel `(x, y)`: (r + 2x/w)/3 with r its first split draw.
    @inlinable public func order(x: Int, y: Int) -> Double {
        let r = DustSplit.draws(seed: parameters.seed, index: y &* width &+ x).0
        return (r + 2 * Double(x) / Double(max(1, width))) / 3
    }

    /// The draws of pixel `(x, y)`.
    @inlinable public func jitter(x: Int, y: Int) -> Jitter {
        let p = parameters
        let index = y &* width &+ x
        let order = order(x: x, y: y)
        // Three 21-bit uniforms from one counter-based word keyed by (seed, pixel).
        let h = SplitMix64.mix(SplitMix64.mix(p.seed &+ 0xB7E1_5162_8AED_2A6B) &+ UInt64(index) &* SplitMix64.increment)
        let scale = 0x1p-21
        let u1 = Double(h & 0x1F_FFFF) * scale - 0.5
        let u2 = Double((h >> 21) & 0x1F_FFFF) * scale - 0.5
        let u3 = Double((h >> 42) & 0x1F_FFFF) * scale - 0.5
        let a = p.rotationA * u1, b = p.rotationB * u2, theta = 2 * Double.pi * u3
        return Jitter(order: order, a: a, rotation: a + b, offset: Point(p.offsetX * cos(theta), p.offsetY * sin(theta)))
    }

    /// The flight's progress s ∈ [0, 1] of a pixel of order `λ` at time `t` (0 at rest, 1 gone);
    /// during the restore, 1 − (the restore's progress).
    @inlinable public func progress(order λ: Double, at t: Double) -> Double {
        let p = parameters
        let d = max(p.flightDuration, 1e-9)
        if let r = restoreTime {
            let back = r + p.stagger * (1 - λ)
            if t >= back { return 1 - min(1, (t - back) / d) }
        }
        return min(1, max(0, (t - snapTime - p.stagger * λ) / d))
    }

    /// Where pixel `(x, y)`'s center is (points, in the picture's frame) and how opaque it is at time `t`.
    @inlinable public func state(x: Int, y: Int, at t: Double) -> (position: Point, opacity: Double) {
        let j = jitter(x: x, y: y)
        let s = progress(order: j.order, at: t)
        return (position(x: x, y: y, jitter: j, progress: s), 1 - s)
    }

    /// The center of pixel `(x, y)` at progress `s` of its flight (points, in the picture's frame).
    @inlinable public func position(x: Int, y: Int, jitter j: Jitter, progress s: Double) -> Point {
        let sx = size.width / Double(max(1, width)), sy = size.height / Double(max(1, height))
        let q = Point((Double(x) + 0.5) * sx, (Double(y) + 0.5) * sy)
        if s <= 0 { return q }
        let c = Point(size.width / 2, size.height / 2)
        let sigma = pacing.parameter(angle: j.a, fraction: s)
        let o = j.offset
        let ca = cos(j.a), sa = sin(j.a)
        let end = Point(o.x * ca - o.y * sa, o.x * sa + o.y * ca)
        let b = o * (2 * sigma * (1 - sigma)) + end * (sigma * sigma)
        let phi = j.rotation * s
        let cp = cos(phi), sp = sin(phi)
        let d = q - c
        return c + b + Point(d.x * cp - d.y * sp, d.x * sp + d.y * cp)
    }
}
