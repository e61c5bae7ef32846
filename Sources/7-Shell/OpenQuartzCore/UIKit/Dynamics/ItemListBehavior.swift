#if !canImport(QuartzCore)
import Foundation
import Stardust

/// An engine behavior with a list of items (gravity, collision, item properties, field, push): what the UIKit
/// façades' `addItem` / `removeItem` keep in step with their own `items`.
protocol ItemListBehavior: AnyObject {
    func addItem(_ item: DynamicItem)
    func removeItem(_ item: DynamicItem)
}

extension GravityBehavior: ItemListBehavior {}
extension CollisionBehavior: ItemListBehavior {}
extension DynamicItemBehavior: ItemListBehavior {}
extension FieldBehavior: ItemListBehavior {}
extension PushBehavior: ItemListBehavior {}

extension ItemListBehavior {
    /// Appends `item` to a façade's `items` and hands its engine item (if it has one) to this behavior.
    func add(_ item: UIDynamicItem, to items: inout [UIDynamicItem]) {
        items.append(item)
        if let e = stardustDynamicItem(item) { addItem(e) }
    }

    /// Removes `item` from a façade's `items` and its engine item from this behavior.
    func remove(_ item: UIDynamicItem, from items: inout [UIDynamicItem]) {
        items.removeAll { $0 === item }
        if let e = stardustDynamicItem(item) { removeItem(e) }
    }
}
#endif
