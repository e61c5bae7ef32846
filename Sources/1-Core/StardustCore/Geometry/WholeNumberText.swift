extension Double {
    /// The value truncated toward zero and written as an integer (`12`) for a message; a value outside `Int`'s
    /// range, infinite or NaN is written as the `Double` it is (`1e+300`), since `Int(_:)` would trap on it.
    public var wholeNumberText: String { Int(exactly: rounded(.towardZero)).map(String.init) ?? "\(self)" }
}
