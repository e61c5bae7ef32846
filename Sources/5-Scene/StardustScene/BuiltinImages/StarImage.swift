import Foundation
import StardustCore
import StardustRender

/// The `star` image: a white five-pointed star (64×64), one point up, centered on (32, 34),
/// outer radius 30, inner radius 30·cos 72°/cos 36° (the proportions of a regular pentagram's outline).
enum StarImage {
    static let center = Point(32, 34)
    static let outerRadius = 30.0

    static func draw(into img: inout Image) {
        let inner = outerRadius * cos(2 * .pi / 5) / cos(.pi / 5)
        var p = Path()
        for k in 0..<10 {
            let a = -Double.pi / 2 + Double(k) * .pi / 5
            let r = k % 2 == 0 ? outerRadius : inner
            let q = Point(center.x + r * cos(a), center.y + r * sin(a))
            if k == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        img.fill(p, color: .white)
    }
}
