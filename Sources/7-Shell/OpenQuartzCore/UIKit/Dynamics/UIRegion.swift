#if !canImport(QuartzCore)
import Foundation
import Stardust

/// Where a field acts, centered on the field's position (`UIRegion`).
public final class UIRegion: Sendable {
    let stardustRegion: FieldBehavior.Region
    init(_ region: FieldBehavior.Region) { stardustRegion = region }
    /// Everywhere.
    public static let infinite = UIRegion(.infinite)
    /// Within `radius` points of the position.
    public convenience init(radius: CGFloat) { self.init(.radius(Double(radius))) }
    /// Within a rectangle of `size` points centered on the position.
    public convenience init(size: CGSize) { self.init(.size(size.stardust)) }
}
#endif
