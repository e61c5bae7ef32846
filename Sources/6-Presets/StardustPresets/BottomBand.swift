import StardustAnimation
import StardustCore

extension Layer {
    /// A plain band of `color` along the bottom edge of a scene of `size`, `height` points tall: the ground
    /// the `rain` preset's drops splash on and the floor the `sparks` bounce off (their colliders lie on its top edge).
    static func bottomBand(_ size: Size, height: Double, color: Color, name: String) -> Layer {
        let l = Layer()
        l.name = name
        l.backgroundColor = color
        l.bounds = Rect(0, 0, size.width, height)
        l.position = Point(size.width / 2, size.height - height / 2)
        return l
    }
}
