import StardustAnimation
import StardustCore

/// The layers both disintegrations stand on (``DustEffect``, ``PixelDustEffect``): a container where the picture was
/// shown, the picture in it, and the dust over the picture, the same size, hidden until ``DustVisibility`` shows it.
struct DustStage {
    /// The container, at `frame` in its parent's points.
    let container: Layer
    /// The picture, filling the container.
    let picture: Layer
    /// The container's bounds (origin zero, the frame's size), which the picture and the dust share.
    let bounds: Rect
    /// The container's centre in its own points: where the picture and the dust are positioned.
    let center: Point

    init(texture: Texture, frame: Rect) {
        bounds = Rect(origin: .zero, size: frame.size)
        center = Point(bounds.width / 2, bounds.height / 2)
        container = Layer()
        container.name = "disintegration"
        container.bounds = bounds
        container.position = Point(frame.midX, frame.midY)
        picture = Layer()
        picture.name = "picture"
        picture.contents = texture
        picture.bounds = bounds
        picture.position = center
        container.addSublayer(picture)
    }

    /// Places `dust` over the picture, hidden, named `dust`.
    func addDust(_ dust: Layer) {
        dust.name = "dust"
        dust.bounds = bounds
        dust.position = center
        dust.isHidden = true
        container.addSublayer(dust)
    }
}
