/// Insets of a rectangle's edges, points (UIKit's `UIEdgeInsets`).
public struct EdgeInsets: Sendable, Hashable {
    /// Inset of the top edge.
    public var top: Double
    /// Inset of the left edge.
    public var left: Double
    /// Inset of the bottom edge.
    public var bottom: Double
    /// Inset of the right edge.
    public var right: Double
    /// Insets (all 0 by default).
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
}
