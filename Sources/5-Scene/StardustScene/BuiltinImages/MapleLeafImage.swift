import StardustCore
import StardustRender

/// The `maple-leaf` images (64×64): a stylized five-lobed maple leaf with a
/// stem, symmetric about x = 32, filled white (`maple-leaf`, tinted by the
/// cell color as in Core Animation) or autumn red with darker veins
/// (`maple-leaf-red`).
enum MapleLeafImage {
    /// The right half of the outline, from the top tip to the stem's foot, as (offset from x = 32, y).
    static let rightHalf: [(Double, Double)] = [
        (0, 2), (3.5, 11), (8, 8.5), (6, 23), (12, 17), (14, 20.5), (27, 13),
        (23, 25), (29.5, 28), (14, 35), (23, 45), (11, 41), (2.5, 47), (1.2, 61),
    ]

    static func outline() -> Path {
        var p = Path()
        for (i, (dx, y)) in rightHalf.enumerated() {
            let q = Point(32 + dx, y)
            if i == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        for (dx, y) in rightHalf.reversed().dropLast() { p.addLine(to: Point(32 - dx, y)) }
        p.closeSubpath()
        return p
    }

    static func draw(into img: inout Image, colored: Bool) {
        let leaf = Color(red: 0.86, green: 0.2, blue: 0.08)
        img.fill(outline(), color: colored ? leaf : .white)
        guard colored else { return }
        var veins = Path()
        let hub = Point(32, 45)
        for (dx, y) in [(0.0, 6.0), (24.0, 16.0), (-24.0, 16.0), (19.5, 42.5), (-19.5, 42.5)] {
            veins.move(to: hub); veins.addLine(to: Point(32 + dx, y))
        }
        // The veins are drawn on their own, masked by the leaf's coverage, then laid over it.
        var layer = Image(width: img.width, height: img.height)
        layer.stroke(veins, style: StrokeStyle(width: 1, cap: .round), color: Color(red: 0.55, green: 0.1, blue: 0.04))
        for i in 0..<(img.width * img.height) {
            let mask = Float(img.pixels[4 * i + 3]) / 255
            let a = Float(layer.pixels[4 * i + 3]) * mask / 255
            for ch in 0..<4 {
                let v = Float(layer.pixels[4 * i + ch]) * mask + Float(img.pixels[4 * i + ch]) * (1 - a)
                img.pixels[4 * i + ch] = UInt8(min(255, v + 0.5))
            }
        }
    }
}
