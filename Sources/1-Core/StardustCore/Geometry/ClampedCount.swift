extension Int {
    /// `value` truncated toward zero and clamped to `range`, clamped first as a `Double` so that a value past
    /// `Int`'s range (a count of 1e300 read from a file) or a NaN (which gives `range.lowerBound`) cannot trap in
    /// the conversion. For a finite value inside `Int`'s range it equals `Swift.min(Swift.max(Int(value), lower),
    /// upper)`, so replacing that expression keeps every result. Complexity: O(1).
    public static func clamped(_ value: Double, to range: ClosedRange<Int>) -> Int {
        if value >= Double(range.upperBound) { return range.upperBound }
        if !(value > Double(range.lowerBound)) { return range.lowerBound }
        return Int(value)
    }
}
