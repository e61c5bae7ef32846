/// One keyframe of an animated Lottie property: the value that starts at frame ``time`` and how the segment to
/// the next keyframe runs (Lottie's `t`, `s`, `h`, `o`/`i` easing handles and `to`/`ti` spatial tangents).
public struct LottieKeyframe<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The frame the keyframe sits on (`t`), in the owning layer's local frames.
    public var time: Double
    /// The value at ``time`` (`s`; in files before 5.5.0 the previous keyframe's `e` when `s` is missing).
    public var value: Value
    /// Whether the value holds until the next keyframe (`h: 1`): a discrete jump, not an interpolation.
    public var hold: Bool
    /// The easing of the segment to the next keyframe as a cubic Bézier timing function (`o` = first
    /// control point, `i` = second), Core Animation's `CAMediaTimingFunction(controlPoints:)`.
    /// `nil` = linear (no handles in the file).
    public var easing: (out: LottiePoint, into: LottiePoint)?
    /// The spatial tangents of a position segment (`to` leaving this keyframe, `ti` entering the next), relative
    /// to the two values: the motion path is a cubic Bézier. `nil` = a straight line.
    public var spatial: (out: LottiePoint, into: LottiePoint)?

    public init(time: Double, value: Value, hold: Bool = false, easing: (out: LottiePoint, into: LottiePoint)? = nil,
                spatial: (out: LottiePoint, into: LottiePoint)? = nil) {
        self.time = time; self.value = value; self.hold = hold; self.easing = easing; self.spatial = spatial
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.time == b.time && a.value == b.value && a.hold == b.hold
            && a.easing?.out == b.easing?.out && a.easing?.into == b.easing?.into
            && a.spatial?.out == b.spatial?.out && a.spatial?.into == b.spatial?.into
    }
}

/// A 2D point of the Lottie model (kept free of the engine's types so the model stands alone).
public struct LottiePoint: Sendable, Hashable {
    public var x: Double, y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static let zero = LottiePoint(0, 0)
}

/// A Lottie property: a static value (`a: 0`) or keyframes (`a: 1`), possibly with an expression (`x`).
public enum LottieAnimated<Value: Sendable & Equatable>: Sendable, Equatable {
    case fixed(Value)
    case keyframes([LottieKeyframe<Value>])

    /// The value before any animation: the static value or the first keyframe's.
    public var initial: Value {
        switch self {
        case .fixed(let v): return v
        case .keyframes(let k): return k[0].value
        }
    }

    /// Whether the property changes over time.
    public var isAnimated: Bool { if case .keyframes(let k) = self { return k.count > 1 } else { return false } }

    /// The keyframes (one synthetic keyframe for a static value).
    public var keyframeList: [LottieKeyframe<Value>] {
        switch self {
        case .fixed(let v): return [LottieKeyframe(time: 0, value: v)]
        case .keyframes(let k): return k
        }
    }

    /// The same property with every value mapped (keyframe times, easing and tangents kept).
    public func map<T>(_ f: (Value) -> T) -> LottieAnimated<T> {
        switch self {
        case .fixed(let v): return .fixed(f(v))
        case .keyframes(let k):
            return .keyframes(k.map { LottieKeyframe(time: $0.time, value: f($0.value), hold: $0.hold, easing: $0.easing, spatial: $0.spatial) })
        }
    }
}

/// A property together with its expression, when the file carries one (`x`): expressions are JavaScript
/// in After Effects; here they are named in a warning and the keyframes are used.
public struct LottieProperty<Value: Sendable & Equatable>: Sendable, Equatable {
    public var value: LottieAnimated<Value>
    /// The expression source (`x`), if any.
    public var expression: String?
    /// The JSON path of the property, for warnings.
    public var path: String

    public init(_ value: LottieAnimated<Value>, expression: String? = nil, path: String = "") {
        self.value = value; self.expression = expression; self.path = path
    }
    public static func constant(_ v: Value) -> LottieProperty { LottieProperty(.fixed(v)) }
}

/// The vertices of a Lottie bezier shape (`c`, `v`, `i`, `o`): `i` and `o` are tangents relative to their vertex.
public struct LottieBezier: Sendable, Equatable {
    public var closed: Bool
    public var vertices: [LottiePoint]
    public var inTangents: [LottiePoint]
    public var outTangents: [LottiePoint]
    public init(closed: Bool, vertices: [LottiePoint], inTangents: [LottiePoint], outTangents: [LottiePoint]) {
        self.closed = closed; self.vertices = vertices; self.inTangents = inTangents; self.outTangents = outTangents
    }
}
