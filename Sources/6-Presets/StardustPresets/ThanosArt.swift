import Foundation
import StardustAnimation
import StardustCore
import StardustEffects
import StardustRender

/// The art of the `thanos` preset, drawn by the project's own path rasterizer: the gauntlet's
/// two sprite sheets and the search-result cards (text through the FreeType renderer).
enum ThanosArt {
    /// Sheet pixels per point.
    static let pixelsPerPoint = 2.0
    /// The gauntlet: 80×80 pt frames, 48 of them (2 s).
    static let frameSize = 80.0
    static let frameCount = 48
    static var sheet: SpriteSheet { SpriteSheet(columns: frameCount) }

    static let gold = Color(red: 0.83, green: 0.64, blue: 0.18)
    static let darkGold = Color(red: 0.55, green: 0.40, blue: 0.10)
    static let stones = [Color(red: 0.2, green: 0.4, blue: 1), Color(red: 1, green: 0.2, blue: 0.2),
                         Color(red: 0.6, green: 0.2, blue: 0.9), Color(red: 1, green: 0.6, blue: 0.1)]
    static let timeStone = Color(red: 0.2, green: 0.95, blue: 0.35)

    /// A stylized gauntlet whose fingers close into a snap (frames 0–29), a flash at the snap (30–41), then rest.
    static func gauntletSheet() -> Texture {
        let s = pixelsPerPoint, px = Int(frameSize * s)
        var img = Image(width: px * frameCount, height: px)
        for f in 0..<frameCount {
            let t = Transform2D(scaleX: s, y: s).translatedBy(x: Double(f) * frameSize, y: 0)
            let close = min(1, Double(f) / 30)
            drawHand(&img, close: close, transform: t)
            if (30..<42).contains(f) {
                let k = Double(f - 30) / 12
                let alpha = 1 - k
                var star = Path()
                for i in 0..<16 {
                    let a = Double(i) * .pi / 8
                    let r = i % 2 == 0 ? 8 + 14 * k : 3 + 4 * k
                    let p = Point(58 + r * cos(a), 18 + r * sin(a))
                    if i == 0 { star.move(to: p) } else { star.addLine(to: p) }
                }
                star.closeSubpath()
                img.fill(star, color: Color(red: 1, green: 0.95, blue: 0.6, alpha: alpha), transform: t)
            }
        }
        return Texture(img)
    }

    /// The palm, four fingers shortening as they close, the thumb swinging in, and the four stones.
    static func drawHand(_ img: inout Image, close c: Double, transform t: Transform2D) {
        img.fill(Path(roundedRect: Rect(x: 22, y: 36, width: 36, height: 36), cornerRadius: 9), color: gold, transform: t)
        img.fill(Path(roundedRect: Rect(x: 26, y: 66, width: 28, height: 12), cornerRadius: 3), color: darkGold, transform: t)
        for i in 0..<4 {
            let x = 23 + Double(i) * 9
            let len = (i == 1 || i == 2 ? 26 : 22) * (1 - 0.65 * c)
            img.fill(Path(roundedRect: Rect(x: x, y: 38 - len, width: 7.5, height: len + 4), cornerRadius: 3.5),
                     color: gold, transform: t)
            img.fill(Path(roundedRect: Rect(x: x, y: 38 - len, width: 7.5, height: 3), cornerRadius: 1.5),
                     color: darkGold, transform: t)
        }
        // Thumb: from the palm's right side, turning up towards the middle finger.
        let angle = -0.3 - 1.1 * c
        let thumb = Path(roundedRect: Rect(x: 0, y: -4, width: 20, height: 8), cornerRadius: 4)
        img.fill(thumb, color: gold, transform: Transform2D(rotationAngle: angle).translatedBy(x: 0, y: 0)
            .concatenating(Transform2D(translationX: 54, y: 50)).concatenating(t))
        for (i, stone) in stones.enumerated() {
            img.fill(Path(ellipseIn: Rect(x: 25 + Double(i) * 8.5, y: 40, width: 5, height: 5)), color: stone, transform: t)
        }
        img.fill(Path(ellipseIn: Rect(x: 35, y: 50, width: 10, height: 10)), color: Color(red: 1, green: 0.85, blue: 0.2), transform: t)
    }

    /// The reverse sheet: the closed gauntlet with the time stone on the palm glowing and turning.
    static func timeStoneSheet() -> Texture {
        let s = pixelsPerPoint, px = Int(frameSize * s)
        var img = Image(width: px * frameCount, height: px)
        for f in 0..<frameCount {
            let t = Transform2D(scaleX: s, y: s).translatedBy(x: Double(f) * frameSize, y: 0)
            drawHand(&img, close: 0.4, transform: t)
            let glow = 0.5 + 0.5 * sin(Double(f) / Double(frameCount) * 2 * .pi)
            for r in stride(from: 22.0, to: 6, by: -4) {
                img.fill(Path(ellipseIn: Rect(x: 40 - r, y: 55 - r, width: 2 * r, height: 2 * r)),
                         color: Color(red: 0.2, green: 1, blue: 0.4, alpha: 0.10 + 0.08 * glow), transform: t)
            }
            var gem = Path()
            let a0 = Double(f) / Double(frameCount) * 2 * .pi
            for i in 0..<6 {
                let a = a0 + Double(i) * .pi / 3
                let p = Point(40 + 7 * cos(a), 55 + 7 * sin(a))
                if i == 0 { gem.move(to: p) } else { gem.addLine(to: p) }
            }
            gem.closeSubpath()
            img.fill(gem, color: timeStone, transform: t)
            img.fill(Path(ellipseIn: Rect(x: 37.5 + 2 * cos(a0), y: 52.5 + 2 * sin(a0), width: 4, height: 4)),
                     color: Color(red: 0.9, green: 1, blue: 0.9, alpha: 0.9), transform: t)
        }
        return Texture(img)
    }

    struct Result { let title: String, link: String, snippet: String, icon: Color }

    static let results = [
        Result(title: "Infinity Stones — Wiki", link: "wiki.example.org › stones",
               snippet: "Six singularities that predate the universe.", icon: Color(red: 0.3, green: 0.5, blue: 0.95)),
        Result(title: "How to build a gauntlet", link: "forge.example.com › guides",
               snippet: "Uru metal, a dying star and a lot of patience.", icon: Color(red: 0.9, green: 0.55, blue: 0.1)),
        Result(title: "Snap physics explained", link: "physics.example.net › snap",
               snippet: "Why friction makes a finger snap so loud.", icon: Color(red: 0.85, green: 0.25, blue: 0.3)),
        Result(title: "Time stone restore guide", link: "agamotto.example.io › eye",
               snippet: "Reverse any event — terms and conditions apply.", icon: Color(red: 0.2, green: 0.75, blue: 0.4)),
    ]

    /// A result card (white rounded rectangle, round icon, title, link, snippet) as a layer tree.
    static func cardLayer(_ r: Result, size: Size) -> Layer {
        let card = Layer()
        card.bounds = Rect(origin: .zero, size: size)
        card.position = Point(size.width / 2, size.height / 2)
        card.backgroundColor = .white
        card.cornerRadius = 12
        let icon = Layer()
        icon.bounds = Rect(x: 0, y: 0, width: 28, height: 28)
        icon.position = Point(28, 28)
        icon.cornerRadius = 14
        icon.backgroundColor = r.icon
        card.addSublayer(icon)
        func text(_ s: String, _ y: Double, _ size: Double, _ color: Color, bold: Bool = false) {
            let l = TextLayer()
            l.string = s
            l.fontSize = size
            l.isBold = bold
            l.foregroundColor = color
            l.bounds = Rect(x: 0, y: 0, width: card.bounds.width - 62, height: size * 1.4)
            l.position = Point(52 + l.bounds.width / 2, y + l.bounds.height / 2)
            card.addSublayer(l)
        }
        text(r.link, 12, 11, Color(red: 0.2, green: 0.5, blue: 0.25))
        text(r.title, 28, 16, Color(red: 0.1, green: 0.2, blue: 0.75), bold: true)
        text(r.snippet, 54, 12, Color(red: 0.3, green: 0.3, blue: 0.33))
        return card
    }

    /// A layer subtree drawn once to a texture at `scale` pixels per point.
    static func snapshot(_ layer: Layer, size: Size, scale: Double = pixelsPerPoint) -> Texture {
        let list = layer.displayList(size: size, scale: scale, at: 0)
        let image = (try? Renderer(threads: 1).render(list)) ?? Image(width: Int(size.width * scale), height: Int(size.height * scale))
        return Texture(image)
    }
}
