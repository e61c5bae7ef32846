import Foundation
import StardustCore

/// The fixed workload of the `sprites` benchmark (docs/BENCHMARKS.md): rotated,
/// bilinear 32×32 dot sprites on a 1170×2532 canvas.
public enum SpriteWorkload {
    /// The benchmark canvas, in points at scale 1.
    public static let canvas = Size(width: 1170, height: 2532)

    /// A 32×32 premultiplied white dot: alpha `max(0, 1 − r)²`, `r` = distance of the
    /// pixel center from (16, 16) divided by 16.
    public static func texture() -> Texture {
        var px = [UInt8](repeating: 0, count: 32 * 32 * 4)
        for y in 0..<32 {
            for x in 0..<32 {
                let dx = Double(x) + 0.5 - 16, dy = Double(y) + 0.5 - 16
                let r = (dx * dx + dy * dy).squareRoot() / 16
                let a = UInt8((pow(max(0, 1 - r), 2) * 255).rounded())
                let i = 4 * (y * 32 + x)
                px[i] = a; px[i + 1] = a; px[i + 2] = a; px[i + 3] = a
            }
        }
        return Texture(Image(width: 32, height: 32, pixels: px))
    }

    /// `count` frames of `sprites` sprites each, every frame a new set: centers uniform
    /// over the canvas, rotation uniform in [0, 2π), scale uniform in [0.2, 1.5],
    /// opacity uniform in [0.3, 1.0], bilinear, source-over or additive. Sprite `i` of
    /// frame `f` draws its attributes from `CounterRandom(seed)` keyed `(f, i, attribute)`.
    public static func frames(count: Int, sprites: Int, additive: Bool, seed: UInt64) -> [DisplayList] {
        let tex = texture()
        let rng = CounterRandom(seed: seed)
        return (0..<max(0, count)).map { f in
            let fk = UInt64(f)
            let instances = (0..<max(0, sprites)).map { i -> SpriteInstance in
                let ik = UInt64(i)
                let x = rng.unit(fk, ik, 0) * canvas.width, y = rng.unit(fk, ik, 1) * canvas.height
                let rotation = rng.unit(fk, ik, 2) * 2 * Double.pi
                let scale = 0.2 + 1.3 * rng.unit(fk, ik, 3)
                let opacity = Float(0.3 + 0.7 * rng.unit(fk, ik, 4))
                return SpriteInstance(center: Point(x, y), rotation: rotation, scale: scale,
                                      color: SIMD4(repeating: opacity))
            }
            let batch = SpriteBatch(texture: tex, quadSize: Size(32, 32), sprites: instances,
                                    blend: additive ? .additive : .normal)
            return DisplayList(size: canvas, scale: 1, background: .clear, commands: [.sprites(batch)])
        }
    }
}
