#if !canImport(QuartzCore)
import Foundation
import Stardust

/// A force field acting on its items (`UIFieldBehavior`). The force laws are accelerations times
/// ``strength`` × the falloff factor (max(d, ``minimumRadius``) / 100 pt)^(−``falloff``)
/// (docs/DYNAMICS.md, since UIKit does not document them).
open class UIFieldBehavior: UIDynamicBehavior {
    private var engine: FieldBehavior { stardustBehavior as! FieldBehavior }
    /// The items the field acts on.
    public private(set) var items: [UIDynamicItem] = []

    init(_ field: FieldBehavior) { super.init(stardustBehavior: field) }

    /// Pulls items towards `position` at strength × 1000 pt/s².
    open class func radialGravityField(position: CGPoint) -> UIFieldBehavior { UIFieldBehavior(.radialGravityField(position: position.stardust)) }
    /// A spring to ``position``: strength s oscillates at √s Hz.
    open class func springField() -> UIFieldBehavior { UIFieldBehavior(.springField()) }
    /// Turns items around ``position`` at strength × 1000 pt/s².
    open class func vortexField() -> UIFieldBehavior { UIFieldBehavior(.vortexField()) }
    /// Slows items: speed decays as e^(−strength·t).
    open class func dragField() -> UIFieldBehavior { UIFieldBehavior(.dragField()) }
    /// Smooth random acceleration up to strength × 1000 pt/s² per axis.
    open class func noiseField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> UIFieldBehavior {
        UIFieldBehavior(.noiseField(smoothness: Double(smoothness), animationSpeed: Double(speed)))
    }
    /// Accelerates items along `direction` at |direction| × 1000 pt/s².
    open class func linearGravityField(direction: CGVector) -> UIFieldBehavior {
        UIFieldBehavior(.linearGravityField(direction: Vector(dx: Double(direction.dx), dy: Double(direction.dy))))
    }

    /// The field's center in the reference view, in points (default (0, 0)).
    open var position: CGPoint { get { CGPoint(engine.position) } set { engine.position = newValue.stardust } }
    /// Where the field acts (default `.infinite`).
    open var region: UIRegion { get { UIRegion(engine.region) } set { engine.region = newValue.stardustRegion } }
    /// The field's strength (default 1).
    open var strength: CGFloat { get { CGFloat(engine.strength) } set { engine.strength = Double(newValue) } }
    /// How fast the strength falls with distance, an exponent (default 0: uniform).
    open var falloff: CGFloat { get { CGFloat(engine.falloff) } set { engine.falloff = Double(newValue) } }
    /// The distance below which the falloff stops growing, in points (default 0.01).
    open var minimumRadius: CGFloat { get { CGFloat(engine.minimumRadius) } set { engine.minimumRadius = Double(newValue) } }

    /// Adds an item to the field.
    open func addItem(_ item: UIDynamicItem) { engine.add(item, to: &items) }
    /// Removes an item from the field.
    open func removeItem(_ item: UIDynamicItem) { engine.remove(item, from: &items) }
}
#endif
