import StardustCore
import StardustRender

/// The photo wall's pictures, drawn with the path rasterizer (no binary art): small landscapes —
/// a sky, a sun or moon, two ranges of hills and a lake — in a white print border, each in its own
/// palette.
enum PhotoWallArt {
    static let pixelsPerPoint = 2.0

    /// Sky top, sky bottom, far hills, near hills, sun.
    static let palettes: [(String, String, String, String, String)] = [
        ("#1E3C72", "#F6A55B", "#5B4B8A", "#2D2A4A", "#FFE08A"),   // dusk
        ("#4FACFE", "#C9F1FF", "#5FA86B", "#2F6B3A", "#FFF6C2"),   // summer day
        ("#0F2027", "#2C5364", "#1B3A4B", "#0B1E28", "#F2F2F2"),   // night, moon
        ("#FF9A8B", "#FFE3C2", "#C77D6A", "#7A3E3A", "#FFF1D6"),   // desert morning
        ("#74EBD5", "#E0F7F2", "#6CB7A8", "#2E6E66", "#FFFFFF"),   // coast
        ("#C33764", "#F8B7A6", "#7B2F5B", "#3A1733", "#FFD1A6"),   // sunset
        ("#355C7D", "#C5DCEB", "#8AA7BF", "#3E5368", "#FFFFFF"),   // snow
        ("#F7971E", "#FFE29F", "#B86E2A", "#6B3A16", "#FFF3C4"),   // autumn
        ("#2193B0", "#9FE2F5", "#3C8F6E", "#1F5140", "#FFF8D0"),   // lake
        ("#5F2C82", "#E0A6C8", "#6D4A8C", "#2B1C40", "#FCE6F2"),   // violet evening
        ("#00B4DB", "#D4F4FF", "#7FB069", "#416B33", "#FFFDE0"),   // meadow
        ("#B24592", "#F6C6A0", "#8E4A6E", "#40213A", "#FFE5B4"),   // rose dusk
        ("#232526", "#6B7A8F", "#3E4756", "#1B1F27", "#E8E8F0"),   // storm
        ("#56AB2F", "#D8F5B8", "#4E8A3A", "#23451A", "#FFFBD6"),   // spring
        ("#EB5757", "#FFD3B6", "#9B3D3D", "#4A1B1B", "#FFF0C8"),   // red rock
    ]

    /// Photo `index` as a `size`-point print (drawn at 2×).
    static func photo(_ index: Int, size: Size) -> Texture {
        let (skyTop, skyBottom, far, near, sun) = palettes[index % palettes.count]
        let w = size.width, h = size.height, border = 6.0
        var image = Image(width: Int(w * pixelsPerPoint), height: Int(h * pixelsPerPoint))
        let t = Transform2D(scaleX: pixelsPerPoint, y: pixelsPerPoint)
        image.fill(Path(rect: Rect(0, 0, w, h)), color: Color(white: 0.99), transform: t)
        let x0 = border, y0 = border, iw = w - 2 * border, ih = h - 2 * border
        image.fill(Path(rect: Rect(x0, y0, iw, ih)),
                   paint: .linearGradient(start: Point(0, y0), end: Point(0, y0 + ih * 0.7),
                                          stops: [GradientStop(0, Color(hex: skyTop)!), GradientStop(1, Color(hex: skyBottom)!)]),
                   transform: t)
        // The sun sits somewhere different in every picture.
        let sx = x0 + iw * (0.2 + 0.6 * Double((index * 7) % 10) / 10), sy = y0 + ih * (0.22 + 0.03 * Double(index % 4))
        image.fill(Path(ellipseIn: Rect(sx - 9, sy - 9, 18, 18)), color: Color(hex: sun)!, transform: t)
        func ridge(_ base: Double, _ amplitude: Double, _ phase: Double) -> Path {
            var d = "M \(x0) \(y0 + ih)"
            let n = 8
            for i in 0...n {
                let x = x0 + iw * Double(i) / Double(n)
                let bump = Double((i * 5 + Int(phase)) % 7) / 6
                d += " L \(x) \(y0 + ih * base - amplitude * bump)"
            }
            d += " L \(x0 + iw) \(y0 + ih) Z"
            return try! Path(svg: d)
        }
        image.fill(ridge(0.62, ih * 0.22, Double(index)), color: Color(hex: far)!, transform: t)
        image.fill(ridge(0.8, ih * 0.16, Double(index + 3)), color: Color(hex: near)!, transform: t)
        // A lake along the bottom reflecting the sky.
        image.fill(Path(rect: Rect(x0, y0 + ih * 0.86, iw, ih * 0.14)), color: Color(hex: skyBottom)!.lerp(to: Color(hex: skyTop)!, 0.5),
                   transform: t)
        return Texture(image)
    }
}
