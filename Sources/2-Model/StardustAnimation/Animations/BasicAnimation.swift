import StardustCore

/// A single-keyframe animation between two values (`CABasicAnimation`).
///
/// Which values it interpolates follows Core Animation's rules:
///
/// | set | interpolates |
/// |---|---|
/// | from, to | from → to |
/// | from, by | from → from + by |
/// | by, to | to − by → to |
/// | from | from → base |
/// | to | base → to |
/// | by | base → base + by |
/// | none | no effect (`nil`) |
///
/// where *base* is the value beneath passed to ``value(on:at:)`` (the model
/// value or the previous animations' result). When all three are set, from
/// and to win.
open class BasicAnimation: Animation {
    /// The start value, or nil.
    public var fromValue: AnimatableValue?
    /// The end value, or nil.
    public var toValue: AnimatableValue?
    /// A relative change, or nil.
    public var byValue: AnimatableValue?

    /// An animation of `keyPath` with the given values (see the table above).
    public init(keyPath: String? = nil, from: AnimatableValue? = nil, to: AnimatableValue? = nil,
                by: AnimatableValue? = nil, timing: MediaTiming = MediaTiming()) {
        self.fromValue = from; self.toValue = to; self.byValue = by
        super.init(keyPath: keyPath, timing: timing)
    }

    /// The start and end values for the value beneath `base`, or `nil` when none is set.
    public func endpoints(base: AnimatableValue) -> (from: AnimatableValue, to: AnimatableValue)? {
        switch (fromValue, toValue, byValue) {
        case let (f?, t?, _): return (f, t)
        case let (f?, nil, b?): return (f, f.adding(b))
        case let (nil, t?, b?): return (t.subtracting(b), t)
        case let (f?, nil, nil): return (f, base)
        case let (nil, t?, nil): return (base, t)
        case let (nil, nil, b?): return (base, base.adding(b))
        case (nil, nil, nil): return nil
        }
    }

    /// The interpolation fraction (0 at the start, 1 at the end) for a local time.
    open func fraction(for local: MediaTiming.Local) -> Double { easedProgress(local) }

    /// The value at `parentTime`: the pair of values that applies (from/to/by, see `BasicAnimation`'s table) interpolated
    /// at ``fraction(for:)``, with the cumulative and additive rules applied; `nil` outside the active interval
    /// without fill, or when no value is set.
    open override func value(on base: AnimatableValue, at parentTime: Double) -> AnimatableValue? {
        guard let l = local(at: parentTime), let (from, to) = endpoints(base: base) else { return nil }
        let v = from.interpolated(to: to, fraction: fraction(for: l))
        // A cumulative repeat starts from the value at the end of the previous cycle: `to`, or
        // `from` when the cycle autoreverses (it ends where it started).
        return compose(v, base: base, cycleEnd: cumulativeStep(from: from, to: to), iteration: l.iteration)
    }
}
