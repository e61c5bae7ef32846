import Foundation
import StardustCore

extension EmitterLayer {
    /// Appends the particles of `snapshot` as sprite batches.
    ///
    /// Each particle is a quad of its cell's contents size in points (pixel size ÷ `contentsScale`,
    /// × the `contentsRect` size) × its scale, rotated by its angle, tinted by its clamped,
    /// premultiplied color, centred at its position mapped by `transform` (layer space → scene
    /// points; z is dropped — the affine transform flattens the layer). Particles are ordered by
    /// ``renderMode`` and split into consecutive runs of the same texture and quad. Particles with no
    /// contents, scale 0 or alpha 0 (or a non-finite position, scale or angle) are skipped. O(n) (O(n log n) for the sorted modes).
    ///
    /// A cell with a ``CellExtensions/textureSheet`` draws each particle at the size of one frame, cropped
    /// to the frame it shows (a run is also split where the frame changes); other cells are drawn as above.
    ///
    /// With `transform3D` (the layer's full transform) that is not affine, or with ``preservesDepth``,
    /// each particle's center is projected through it — at z = 0 (flattened into the layer, Core
    /// Animation's default) or at its own z with `preservesDepth` — and its quad is the local affine
    /// approximation there, so perspective shrinks far particles.
    ///
    /// `sceneSeed` is the seed the snapshot was evaluated with (the random start frames of texture sheets use it).
    public func drawSprites(_ snapshot: ParticleSnapshot, into list: inout [DrawCommand], transform: Transform2D,
                            transform3D: Transform3D? = nil, sceneSeed: UInt64 = 0) {
        let perspective = transform3D.flatMap { t in (!t.isAffine || preservesDepth) ? t : nil }
        let n = snapshot.count
        guard n > 0 else { return }
        let cells = allCells
        // Visual groups: cells drawn the same way share a batch.
        struct Look: Equatable {
            var texture: Texture, rect: Rect, quad: Size, minF: ImageFilter, magF: ImageFilter, round: Bool
            var sheet: TextureSheet? = nil
        }
        let looks: [Look?] = cells.map { c in
            guard let tex = c.contents, c.isEnabled, c.contentsScale > 0 else { return nil }
            // A texture sheet (docs/PARTICLE-MODEL.md §2.13): a particle is one frame of the grid.
            let sheet = c.extensions?.textureSheet.flatMap { $0.problem == nil ? $0 : nil }
            let w = Double(tex.width) / c.contentsScale * c.contentsRect.width / Double(sheet?.columns ?? 1)
            let h = Double(tex.height) / c.contentsScale * c.contentsRect.height / Double(sheet?.rows ?? 1)
            guard w > 0, h > 0 else { return nil }
            return Look(texture: tex, rect: c.contentsRect, quad: Size(width: w, height: h),
                        minF: c.minificationFilter, magF: c.magnificationFilter,
                        // a stretched sprite is not round any more, nor is one frame of a sheet
                        round: c.isRotationInvariant && (c.extensions?.velocityStretch ?? 0) == 0 && sheet == nil,
                        sheet: sheet)
        }
        let sheets: [TextureSheet?] = looks.map { $0?.sheet }
        let hasSheets = sheets.contains { $0 != nil }
        let ages = snapshot.age, lifetimes = snapshot.lifetime, ids = snapshot.particleID, vzs = snapshot.velocityZ
        let random = CounterRandom(seed: UInt64(seed) | sceneSeed << 32)
        // Velocity stretch (``CellExtensions/velocityStretch``): seconds of motion per cell, 0 = none.
        let stretch: [Double] = cells.map { $0.extensions?.velocityStretch ?? 0 }
        let hasStretch = stretch.contains { $0 > 0 }
        let vxs = snapshot.velocityX, vys = snapshot.velocityY
        var group = [Int](repeating: -1, count: looks.count)
        for i in looks.indices where looks[i] != nil {
            group[i] = looks[..<i].firstIndex(where: { $0 == looks[i] }) ?? i
        }

        var order = Array(0..<n)
        let birth = snapshot.birthTime, z = snapshot.z
        switch renderMode {
        case .unordered, .additive: break
        case .oldestFirst: order.sort { birth[$0] != birth[$1] ? birth[$0] < birth[$1] : $0 < $1 }
        case .oldestLast: order.sort { birth[$0] != birth[$1] ? birth[$0] > birth[$1] : $0 > $1 }
        case .backToFront: order.sort { z[$0] != z[$1] ? z[$0] < z[$1] : $0 < $1 }
        }
        let blend: BlendMode = renderMode == .additive ? .additive : .normal
        let x = snapshot.x, y = snapshot.y, sc = snapshot.scale, rot = snapshot.rotation
        let r = snapshot.red, g = snapshot.green, b = snapshot.blue, a = snapshot.alpha
        let cellIndex = snapshot.cellIndex
        let L0 = transform
        var current = -1, currentFrame = -1
        var sprites: [SpriteInstance] = []
        func flush() {
            guard current >= 0, !sprites.isEmpty, let look = looks[current] else { sprites.removeAll(); return }
            let rect = look.sheet.map { $0.rect(ofFrame: currentFrame, in: look.rect) } ?? look.rect
            list.append(.sprites(SpriteBatch(texture: look.texture, contentsRect: rect, quadSize: look.quad,
                                             sprites: sprites, minificationFilter: look.minF,
                                             magnificationFilter: look.magF, blend: blend,
                                             isRotationInvariant: look.round)))
            sprites = []
        }
        for i in order {
            let ci = Int(cellIndex[i])
            guard ci < group.count, group[ci] >= 0 else { continue }
            let s = Double(sc[i])
            let alpha = min(max(a[i], 0), 1)
            guard s > 0, s.isFinite, alpha > 0, x[i].isFinite, y[i].isFinite, rot[i].isFinite else { continue }
            var frame = -1
            if hasSheets, let sheet = sheets[ci] {
                let vx = Double(vxs[i]), vy = Double(vys[i]), vz = Double(vzs[i])
                frame = sheet.frame(id: ids[i], random: random, age: Double(ages[i]), lifetime: Double(lifetimes[i]),
                                    speed: (vx * vx + vy * vy + vz * vz).squareRoot())
            }
            if group[ci] != current || frame != currentFrame { flush(); current = group[ci]; currentFrame = frame }
            var angle = Double(rot[i]), sx = 1.0
            if hasStretch, stretch[ci] > 0, let look = looks[ci] {
                // Along the velocity, longer by the distance covered in `stretch` seconds.
                let vx = Double(vxs[i]), vy = Double(vys[i])
                let speed = (vx * vx + vy * vy).squareRoot()
                if speed > 0, speed.isFinite {
                    angle = atan2(vy, vx)
                    sx = 1 + stretch[ci] * speed / (look.quad.width * s)
                }
            }
            let co = cos(angle) * s, si = sin(angle) * s
            var L = L0
            var c = L0.apply(to: Point(x: Double(x[i]), y: Double(y[i])))
            if let P = perspective {
                let depth = preservesDepth ? Double(z[i]) : 0
                let projected = P.project(Vector3(Double(x[i]), Double(y[i]), depth))
                guard projected.w > 1e-9, projected.point.x.isFinite, projected.point.y.isFinite else { continue }
                // The flat approximation at the particle, shrunk by how much farther its depth is.
                let flat = P.affineApproximation(around: Point(x: Double(x[i]), y: Double(y[i])))
                let w0 = P.project(Vector3(Double(x[i]), Double(y[i]), 0)).w
                let k = w0 > 1e-9 ? w0 / projected.w : 1
                L = Transform2D(a: flat.a * k, b: flat.b * k, c: flat.c * k, d: flat.d * k, tx: 0, ty: 0)
                c = projected.point
            }
            // Rotation-and-scale first, then the layer transform's linear part.
            var ma = co * L.a + si * L.c, mb = co * L.b + si * L.d
            if sx != 1 { ma *= sx; mb *= sx }
            let mc = -si * L.a + co * L.c, md = -si * L.b + co * L.d
            let cr: Float = min(max(r[i], 0), 1) * alpha
            let cg: Float = min(max(g[i], 0), 1) * alpha
            let cb: Float = min(max(b[i], 0), 1) * alpha
            let color = SIMD4<Float>(cr, cg, cb, alpha)
            sprites.append(SpriteInstance(m: SIMD4(Float(ma), Float(mb), Float(mc), Float(md)),
                                          t: SIMD2(Float(c.x), Float(c.y)), color: color))
        }
        flush()
    }
}
