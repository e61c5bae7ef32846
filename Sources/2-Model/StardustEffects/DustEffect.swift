import Foundation
import StardustAnimation
import StardustCore

/// The constants of the disintegration (docs/DESIGN.md §8), with the source's values as defaults.
public struct DustParameters: Hashable, Sendable {
    /// N, the number of layers (1…256).
    public var layerCount: Int = 32
    /// Layer i starts `stagger · i / N` seconds after the snap (1.35 s).
    public var stagger: Double = 1.35
    /// Each layer flies for this long (1 s).
    public var flightDuration: Double = 1
    /// a = `rotationA · u1` (π/12), the angle the offset is turned by.
    public var rotationA: Double = .pi / 12
    /// b = `rotationB · u2` (π/12); the layer turns to a + b.
    public var rotationB: Double = .pi / 12
    /// The offset is (`offsetX` cos θ, `offsetY` sin θ) points (60, 30), θ = 2π·u3.
    public var offsetX: Double = 60
    public var offsetY: Double = 30
    /// Keys the split's draws and the flights' angles.
    public var seed: UInt64 = 0
    /// How the layers draw in flight (``DustLayer/drawsSpecks``): specks (default), or as Core Animation draws image
    /// layers, which is what an `export-swift` of the effect shows on iOS.
    public var drawsSpecks: Bool = true

    public init(layerCount: Int = 32, seed: UInt64 = 0) {
        self.layerCount = layerCount; self.seed = seed
    }

    /// The flight of layer `i` that starts from `start` (the layer's resting position).
    ///
    /// With u1, u2, u3 uniform in [−0.5, 0.5) (counter-based, keyed by the seed and `i`):
    /// a = rotationA·u1, b = rotationB·u2, θ = 2π·u3, offset = (offsetX cos θ, offsetY sin θ);
    /// the control point is start + offset, the end start + offset turned by a, the rotation a + b.
    public func flight(ofLayer i: Int, from start: Point) -> DustFlight {
        let rng = CounterRandom(seed: seed)
        let key = CounterRandom.key("dust-flight")
        let u1 = rng.unit(key, UInt64(i), 1) - 0.5, u2 = rng.unit(key, UInt64(i), 2) - 0.5, u3 = rng.unit(key, UInt64(i), 3) - 0.5
        let a = rotationA * u1, b = rotationB * u2, theta = 2 * Double.pi * u3
        let offset = Point(offsetX * cos(theta), offsetY * sin(theta))
        let turned = Point(offset.x * cos(a) - offset.y * sin(a), offset.x * sin(a) + offset.y * cos(a))
        let n = max(1, layerCount)
        return DustFlight(start: start, control: start + offset, end: start + turned, rotation: a + b,
                          delay: stagger * Double(i) / Double(n), duration: flightDuration)
    }

    /// Seconds from the snap until the last layer has faded: stagger·(N−1)/N + flightDuration.
    public var totalDuration: Double {
        let n = max(1, layerCount)
        return stagger * Double(n - 1) / Double(n) + flightDuration
    }
}

/// One layer's flight: a quadratic Bézier from `start` through `control` to `end`, a turn to
/// `rotation` and a fade to 0, starting `delay` seconds after the snap and lasting `duration`.
public struct DustFlight: Hashable, Sendable {
    public var start: Point, control: Point, end: Point
    public var rotation: Double
    public var delay: Double, duration: Double

    /// The point of the Bézier at parameter `s` ∈ [0, 1] (not arc length).
    public func point(atParameter s: Double) -> Point {
        let m = 1 - s
        return start * (m * m) + control * (2 * m * s) + end * (s * s)
    }

    /// The path the position follows, forwards (`reversed == false`) or back to `start`.
    public func path(reversed: Bool = false) -> Path {
        var p = Path()
        p.move(to: reversed ? end : start)
        p.addQuadCurve(to: reversed ? start : end, control: control)
        return p
    }

    /// The flight as a group of a paced keyframe animation along the path, a basic rotation and a
    /// basic fade, beginning at `begin` (parent time) and holding its end (fill forwards).
    /// Reversed, it flies from the end back to the start, turning back to 0 and fading in.
    public func animation(begin: Double, reversed: Bool = false) -> AnimationGroup {
        let childTiming = MediaTiming(duration: duration, fillMode: .forwards)
        let move = KeyframeAnimation(keyPath: "position", timing: childTiming)
        move.path = path(reversed: reversed)
        move.calculationMode = .paced
        let turn = BasicAnimation(keyPath: "transform.rotation", from: .number(reversed ? rotation : 0),
                                  to: .number(reversed ? 0 : rotation), timing: childTiming)
        let fade = BasicAnimation(keyPath: "opacity", from: .number(reversed ? 0 : 1), to: .number(reversed ? 1 : 0),
                                  timing: childTiming)
        for a in [move, turn, fade] as [Animation] { a.isRemovedOnCompletion = false }
        let group = AnimationGroup(animations: [move, turn, fade],
                                   timing: MediaTiming(beginTime: begin, duration: duration, fillMode: .forwards))
        group.isRemovedOnCompletion = false
        group.name = reversed ? "restore" : "dust"
        return group
    }
}

/// The disintegration of one picture (docs/DESIGN.md §8): the picture splits into N dust layers that fly
/// away one after another from the left, and optionally fly back in reverse order to reassemble it.
///
/// The tree (``container``): an image layer showing the picture whole before the snap and after
/// the restore, and a `dust` layer holding the ``DustLayer``s, shown in between. Every moment is
/// an animation, so any time can be evaluated alone.
public final class DustEffect {
    public let parameters: DustParameters
    public let texture: Texture
    public let assignment: LayerAssignment
    /// The assignment's per-layer pixel lists (built once; `nil` for pictures wider than
    /// ``LayerPixelIndex/maxWidth``, which are then drawn by masking).
    public let pixelIndex: LayerPixelIndex?
    /// The picture's rectangle in the parent's coordinates (points).
    public let frame: Rect
    /// The layer to add to a scene: bounds = the picture's size, positioned at ``frame``.
    public let container: Layer
    /// The picture, whole (shown before ``snapTime`` and from ``restoreEndTime``).
    public let imageLayer: Layer
    /// The holder of the dust layers (shown from ``snapTime`` until ``restoreEndTime``).
    public let dustHolder: Layer
    public let dustLayers: [DustLayer]
    /// Each layer's flight, in the container's coordinates.
    public let flights: [DustFlight]
    /// When the picture starts to crumble (parent time).
    public let snapTime: Double
    /// When the restore starts (parent time), if any.
    public let restoreTime: Double?

    /// - Parameters:
    ///   - texture: the picture (any size; the split has its pixel size).
    ///   - frame: where it is shown, in points of the parent layer.
    ///   - snapTime: when it begins to crumble; `restoreTime`: when it begins to come back
    ///     (not before the dust has settled: clamped to ``dustEndTime``).
    public init(texture: Texture, frame: Rect, parameters: DustParameters = DustParameters(),
                snapTime: Double = 0, restoreTime: Double? = nil, splitThreads: Int = 1) {
        var p = parameters
        p.layerCount = min(max(p.layerCount, 1), DustSplit.maxLayers)
        self.parameters = p
        self.texture = texture
        self.frame = frame.standardized
        self.snapTime = snapTime
        let n = p.layerCount
        assignment = DustSplit.split(width: texture.width, height: texture.height, layerCount: n, seed: p.seed,
                                     threads: splitThreads)
        pixelIndex = LayerPixelIndex(assignment, threads: splitThreads)
        let dustEnd = snapTime + p.totalDuration
        self.restoreTime = restoreTime.map { max($0, dustEnd) }

        let stage = DustStage(texture: texture, frame: self.frame)
        let bounds = stage.bounds, center = stage.center
        container = stage.container
        imageLayer = stage.picture
        dustHolder = Layer()
        stage.addDust(dustHolder)
        var layers: [DustLayer] = [], flights: [DustFlight] = []
        for i in 0..<n {
            let l = DustLayer(texture: texture, assignment: assignment, layerIndex: i, pixelIndex: pixelIndex)
            l.drawsSpecks = parameters.drawsSpecks
            l.name = "dust\(i)"
            l.bounds = bounds
            l.position = center
            let f = p.flight(ofLayer: i, from: center)
            l.add(f.animation(begin: snapTime + f.delay), forKey: "dust")
            if let r = self.restoreTime {
                // Back in reverse order: the last layer to leave is the first to return.
                let back = p.stagger * Double(n - 1 - i) / Double(n)
                l.add(f.animation(begin: r + back, reversed: true), forKey: "restore")
            }
            dustHolder.addSublayer(l)
            layers.append(l); flights.append(f)
        }
        dustLayers = layers
        self.flights = flights

        // Which of the two shows when: discrete keyframes on isHidden.
        DustVisibility.install(picture: imageLayer, dust: dustHolder, snapTime: snapTime,
                               restoreEndTime: self.restoreTime.map { $0 + p.totalDuration }, dustEndTime: dustEnd)
    }

    /// When the last layer has faded away.
    public var dustEndTime: Double { snapTime + parameters.totalDuration }
    /// When the last layer is back in place (the picture shows whole again), if restoring.
    public var restoreEndTime: Double? { restoreTime.map { $0 + parameters.totalDuration } }
}

