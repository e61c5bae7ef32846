import Foundation
import StardustCore
import StardustRender

/// The `snowflake` image: a white six-fold crystal (64×64) centered on (32, 32).
///
/// Six arms of length 28 (one pointing up), each with two pairs of side
/// branches at 60° to the arm, and a small hexagon at the hub; all stroked
/// 2.5 px wide with round caps and joins. The design is mirror-symmetric
/// about every arm, so the image is symmetric under x ↦ 64 − x.
enum SnowflakeImage {
    static let center = Point(32, 32)

    static func draw(into img: inout Image) {
        var p = Path()
        for k in 0..<6 {
            let a = -Double.pi / 2 + Double(k) * .pi / 3
            let dir = Point(cos(a), sin(a))
            p.move(to: center); p.addLine(to: center + dir * 28)
            for (at, length) in [(11.0, 9.0), (19.0, 6.5)] {
                let base = center + dir * at
                for side in [-1.0, 1.0] {
                    let b = a + side * .pi / 3
                    p.move(to: base); p.addLine(to: base + Point(cos(b), sin(b)) * length)
                }
            }
        }
        for k in 0...6 {
            let a = -Double.pi / 2 + Double(k) * .pi / 3
            let q = center + Point(cos(a), sin(a)) * 5
            if k == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        img.stroke(p, style: StrokeStyle(width: 2.5, cap: .round, join: .round), color: .white)
    }
}
