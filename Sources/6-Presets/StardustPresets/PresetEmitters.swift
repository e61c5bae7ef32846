import StardustCore
import StardustScene
import StardustParticles

extension EmitterLayer {
    /// An emitter layer covering a scene of `size`, so that its layer space is the scene's points.
    static func covering(_ size: Size, name: String) -> EmitterLayer {
        let e = EmitterLayer()
        e.name = name
        e.bounds = Rect(origin: .zero, size: size)
        e.position = Point(size.width / 2, size.height / 2)
        return e
    }

    /// The same, emitting from a line along the top edge (position (w/2, 0), size (w, 0)): how the
    /// source material's snow and leaf effects are set up.
    static func topEdgeLine(_ size: Size, name: String) -> EmitterLayer {
        let e = covering(size, name: name)
        e.emitterShape = .line
        e.emitterPosition = Point(size.width / 2, 0)
        e.emitterSize = Size(size.width, 0)
        return e
    }
}
