import Foundation
import StardustCore

/// Holds an item to an anchor point or to another item (UIKit's `UIAttachmentBehavior`).
///
/// The attachment joins a point of the item (``offsetFromCenter`` in the item's own, rotating
/// coordinates) to the anchor or to a point of the other item. With ``frequency`` 0 (the
/// default) it is rigid: the distance stays ``length``. With a frequency it is a spring of that
/// frequency (Hz) and damping ratio ``damping`` (0…1, 1 = critical) on the pair's effective mass,
/// so the frequency holds whatever the items weigh. ``length`` starts as the distance between the
/// two points when the behavior is made, as in UIKit.
public final class AttachmentBehavior: DynamicBehavior, @unchecked Sendable {
    /// What the item is attached to.
    public enum AttachedBehaviorType: Sendable, Hashable {
        /// Another item.
        case items
        /// A fixed point (``anchorPoint``).
        case anchor
    }

    enum Kind { case distance, limit, pin }

    /// The item and, for ``AttachedBehaviorType/items``, the item it is attached to.
    public let items: [DynamicItem]
    /// Whether the other end is an item or the anchor point.
    public var attachedBehaviorType: AttachedBehaviorType { items.count > 1 ? .items : .anchor }
    /// The anchor point in reference coordinates (for ``AttachedBehaviorType/anchor``; for a pin
    /// attachment, the pivot).
    public var anchorPoint: Point { didSet { changed() } }
    /// The attached point of each item, from its center in its own coordinates.
    public let offsets: [Point]
    /// The distance kept between the two points, points (default: the distance at creation).
    public var length: Double { didSet { changed() } }
    /// The spring's frequency in Hz (default 0: rigid).
    public var frequency = 0.0 { didSet { changed() } }
    /// The spring's damping ratio, 0…1 (default 0; 1 = critically damped).
    public var damping = 0.0 { didSet { changed() } }
    let kind: Kind

    /// Attaches the center of `item` to `anchor` (UIKit's `init(item:attachedToAnchor:)`).
    public convenience init(item: DynamicItem, attachedToAnchor anchor: Point) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: anchor)
    }

    /// Attaches the point at `offset` from `item`'s center to `anchor`.
    public init(item: DynamicItem, offsetFromCenter offset: Point, attachedToAnchor anchor: Point) {
        items = [item]; offsets = [offset]; anchorPoint = anchor; kind = .distance
        length = Self.worldPoint(item, offset).distance(to: anchor)
    }

    /// Attaches the centers of two items (UIKit's `init(item:attachedTo:)`).
    public convenience init(item: DynamicItem, attachedTo other: DynamicItem) {
        self.init(item: item, offsetFromCenter: .zero, attachedTo: other, offsetFromCenter: .zero)
    }

    /// Attaches the point at `offset1` from `item`'s center to the point at `offset2` from `other`'s.
    public init(item: DynamicItem, offsetFromCenter offset1: Point, attachedTo other: DynamicItem,
                offsetFromCenter offset2: Point) {
        items = [item, other]; offsets = [offset1, offset2]; anchorPoint = .zero; kind = .distance
        length = Self.worldPoint(item, offset1).distance(to: Self.worldPoint(other, offset2))
    }

    private init(items: [DynamicItem], offsets: [Point], anchor: Point, length: Double, kind: Kind) {
        self.items = items; self.offsets = offsets; self.anchorPoint = anchor; self.length = length; self.kind = kind
    }

    /// Two items that turn about one shared point (UIKit's `pinAttachment(with:attachedTo:attachmentAnchor:)`).
    public static func pinAttachment(with item: DynamicItem, attachedTo other: DynamicItem,
                                     attachmentAnchor anchor: Point) -> AttachmentBehavior {
        AttachmentBehavior(items: [item, other], offsets: [.zero, .zero], anchor: anchor, length: 0, kind: .pin)
    }

    /// A rope between the point at `offset1` of `item` and the point at `offset2` of `other`: their
    /// distance may shrink but never exceed the distance at creation (UIKit's `limitAttachment`).
    public static func limitAttachment(with item: DynamicItem, offsetFromCenter offset1: Point,
                                       attachedTo other: DynamicItem, offsetFromCenter offset2: Point) -> AttachmentBehavior {
        let d = worldPoint(item, offset1).distance(to: worldPoint(other, offset2))
        return AttachmentBehavior(items: [item, other], offsets: [offset1, offset2], anchor: .zero, length: d, kind: .limit)
    }

    /// Where the point at `offset` from the item's center is now (the item's rotation applied).
    static func worldPoint(_ item: DynamicItem, _ offset: Point) -> Point {
        let a = item.dynamicRotation, c = cos(a), s = sin(a)
        return item.dynamicCenter + Point(x: c * offset.x - s * offset.y, y: s * offset.x + c * offset.y)
    }

    override var ownItems: [DynamicItem] { items }

    override func rules(_ index: (DynamicItem) -> Int, _ context: inout DynamicCompileContext) -> [DynamicRule] {
        let ruleKind: AttachmentRuleKind
        switch kind {
        case .distance: ruleKind = .distance(length: max(length, 0), frequency: max(frequency, 0), damping: max(damping, 0))
        case .limit: ruleKind = .limit(length: max(length, 0))
        case .pin: ruleKind = .pin(anchor: anchorPoint.vec2)
        }
        return [.attachment(itemA: index(items[0]), offsetA: offsets[0].vec2, itemB: items.count > 1 ? index(items[1]) : nil,
                            offsetB: offsets.count > 1 ? offsets[1].vec2 : .zero, anchor: anchorPoint.vec2, kind: ruleKind)]
    }
}
