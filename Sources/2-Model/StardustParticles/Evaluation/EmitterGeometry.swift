import Foundation

/// Birth positions and emission directions (docs/PARTICLE-MODEL.md §1.2, §1.3, §1.6, decisions P2 and P3).
enum EmitterGeometry {
    /// A birth position on `shape` × `mode`, from uniforms `choice`, `u`, `v`, `w` in [0, 1).
    ///
    /// `center` = (emitterPosition, emitterZPosition); `size` = (width, height, depth).
    @inline(__always)
    static func position(shape: EmitterShape, mode: EmitterMode, center c: SIMD3<Double>, size s: SIMD3<Double>,
                         choice: Double, u: Double, v: Double, w: Double) -> SIMD3<Double> {
        let hw = s.x / 2, hh = s.y / 2, hd = s.z / 2
        switch shape {
        case .point:
            return c
        case .line:
            if mode == .points { return SIMD3(c.x + (choice < 0.5 ? -hw : hw), c.y, c.z) }
            return SIMD3(c.x + (u - 0.5) * s.x, c.y, c.z)
        case .rectangle:
            switch mode {
            case .points:
                let k = min(Int(choice * 4), 3)
                return SIMD3(c.x + (k & 1 == 0 ? -hw : hw), c.y + (k & 2 == 0 ? -hh : hh), c.z)
            case .outline:
                let W = abs(s.x), H = abs(s.y)
                let per = 2 * (W + H)
                guard per > 0 else { return c }
                var d = choice * per
                let x0 = c.x - W / 2, y0 = c.y - H / 2
                if d < W { return SIMD3(x0 + d, y0, c.z) }
                d -= W
                if d < H { return SIMD3(x0 + W, y0 + d, c.z) }
                d -= H
                if d < W { return SIMD3(x0 + W - d, y0 + H, c.z) }
                d -= W
                return SIMD3(x0, y0 + H - min(d, H), c.z)
            case .surface, .volume:
                return SIMD3(c.x + (u - 0.5) * s.x, c.y + (v - 0.5) * s.y, c.z)
            }
        case .cuboid:
            switch mode {
            case .points:
                let k = min(Int(choice * 8), 7)
                return SIMD3(c.x + (k & 1 == 0 ? -hw : hw), c.y + (k & 2 == 0 ? -hh : hh), c.z + (k & 4 == 0 ? -hd : hd))
            case .outline:
                // 12 edges: 4 along each axis, chosen with probability proportional to length.
                let W = abs(s.x), H = abs(s.y), D = abs(s.z)
                let total = W + H + D
                guard total > 0 else { return c }
                let e = choice * total
                let k = min(Int(v * 4), 3)
                let sa: Double = k & 1 == 0 ? -1 : 1, sb: Double = k & 2 == 0 ? -1 : 1
                if e < W { return SIMD3(c.x + (u - 0.5) * W, c.y + sa * H / 2, c.z + sb * D / 2) }
                if e < W + H { return SIMD3(c.x + sa * W / 2, c.y + (u - 0.5) * H, c.z + sb * D / 2) }
                return SIMD3(c.x + sa * W / 2, c.y + sb * H / 2, c.z + (u - 0.5) * D)
            case .surface:
                // 6 faces, area-weighted; w picks the side.
                let W = abs(s.x), H = abs(s.y), D = abs(s.z)
                let xy = W * H, xz = W * D, yz = H * D
                let total = xy + xz + yz
                guard total > 0 else { return c }
                let e = choice * total
                let side: Double = w < 0.5 ? -1 : 1
                if e < xy { return SIMD3(c.x + (u - 0.5) * W, c.y + (v - 0.5) * H, c.z + side * D / 2) }
                if e < xy + xz { return SIMD3(c.x + (u - 0.5) * W, c.y + side * H / 2, c.z + (v - 0.5) * D) }
                return SIMD3(c.x + side * W / 2, c.y + (u - 0.5) * H, c.z + (v - 0.5) * D)
            case .volume:
                return SIMD3(c.x + (u - 0.5) * s.x, c.y + (v - 0.5) * s.y, c.z + (w - 0.5) * s.z)
            }
        case .circle:
            let a = 2 * Double.pi * u
            let r = (mode == .points || mode == .outline) ? s.x : s.x * v.squareRoot()
            return SIMD3(c.x + r * cos(a), c.y + r * sin(a), c.z)
        case .sphere:
            let zc = 2 * u - 1
            let a = 2 * Double.pi * v
            let rxy = max(0, 1 - zc * zc).squareRoot()
            let r = mode == .volume ? s.x * cbrt(w) : s.x
            return SIMD3(c.x + r * rxy * cos(a), c.y + r * rxy * sin(a), c.z + r * zc)
        }
    }
}
