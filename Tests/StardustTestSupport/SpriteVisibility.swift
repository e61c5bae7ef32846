import StardustAnimation
import StardustCore
import StardustParticles
import StardustRender

/// Checks that a frame shows its particles: what a smoke test's "some byte is not zero" cannot.
public enum SpriteVisibility {
    /// The result of ``check(root:size:scale:seed:at:)``.
    public struct Report: CustomStringConvertible {
        /// Sprites of the display list whose centre is inside the frame and whose opacity is at least 0.25.
        public var visible: Int
        /// Of those, the sprites with a pixel in the 3×3 neighbourhood of their centre that differs
        /// from the frame drawn without the emitters.
        public var drawn: Int
        /// Pixels that differ between the frames with and without the emitters.
        public var changedPixels: Int
        public var description: String { "\(drawn) of \(visible) visible sprites drawn, \(changedPixels) pixels changed" }
    }

    /// Renders the tree at `t` with and without its emitter layers and looks at the pixels under
    /// every sprite of the display list.
    public static func check(root: Layer, size: Size, scale: Double, seed: UInt64 = 1, at t: Double) throws -> Report {
        let context = DrawContext(seed: seed)
        let list = root.displayList(size: size, scale: scale, at: t, context: context)
        let with = try Renderer(threads: 1).render(list)
        var hidden: [Layer] = []
        func walk(_ l: Layer) {
            if l is EmitterLayer, !l.isHidden { hidden.append(l) }
            l.sublayers.forEach(walk)
        }
        walk(root)
        hidden.forEach { $0.isHidden = true }
        defer { hidden.forEach { $0.isHidden = false } }
        let without = try Renderer(threads: 1).render(root.displayList(size: size, scale: scale, at: t, context: context))
        let w = with.width, h = with.height
        func differs(_ x: Int, _ y: Int) -> Bool {
            guard x >= 0, y >= 0, x < w, y < h else { return false }
            let i = 4 * (y * w + x)
            return with.pixels[i..<i + 4] != without.pixels[i..<i + 4]
        }
        var changed = 0
        for y in 0..<h { for x in 0..<w where differs(x, y) { changed += 1 } }
        var visible = 0, drawn = 0
        for case .sprites(let batch) in list.commands {
            for s in batch.sprites where s.color.w >= 0.25 {
                let px = Int((Double(s.t.x) * scale).rounded(.down)), py = Int((Double(s.t.y) * scale).rounded(.down))
                guard px >= 0, py >= 0, px < w, py < h else { continue }
                visible += 1
                if (-1...1).contains(where: { dy in (-1...1).contains { dx in differs(px + dx, py + dy) } }) { drawn += 1 }
            }
        }
        return Report(visible: visible, drawn: drawn, changedPixels: changed)
    }
}
