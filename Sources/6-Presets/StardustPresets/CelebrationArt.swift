import Foundation
import StardustCore
import StardustScene
import StardustRender

/// The celebration preset's pictures, drawn with the path rasterizer at 2×
/// (so each image's point size is half its pixel size): no binary art.
enum CelebrationArt {
    static let pixelsPerPoint = 2.0

    static func canvas(_ w: Double, _ h: Double, _ draw: (inout Image, Transform2D) -> Void) -> Texture {
        var image = Image(width: Int(w * pixelsPerPoint), height: Int(h * pixelsPerPoint))
        draw(&image, Transform2D(scaleX: pixelsPerPoint, y: pixelsPerPoint))
        return Texture(image)
    }

    /// A propeller plane flying left, 120×60 pt.
    static func plane() -> Texture {
        canvas(120, 60) { img, t in
            let body = Color(hex: "#E8EEF6")!, accent = Color(hex: "#2F80ED")!
            img.fill(try! Path(svg: "M 8 30 C 8 22 20 20 40 20 L 100 22 L 114 10 L 118 10 L 112 30 C 112 36 100 38 90 38 L 40 38 C 20 38 8 36 8 30 Z"), color: body, transform: t)
            img.fill(try! Path(svg: "M 50 30 L 82 30 L 66 56 L 56 56 Z"), color: accent, transform: t)
            img.fill(try! Path(svg: "M 56 24 L 78 24 L 68 6 L 60 6 Z"), color: accent, transform: t)
            img.fill(Path(ellipseIn: Rect(22, 23, 12, 7)), color: Color(hex: "#9AD0FF")!, transform: t)
            img.fill(Path(rect: Rect(3, 14, 4, 32)), color: Color(hex: "#555B66")!, transform: t)
        }
    }

    /// A red race car driving right, 120×60 pt.
    static func raceCar() -> Texture {
        canvas(120, 60) { img, t in
            let red = Color(hex: "#E53935")!
            img.fill(try! Path(svg: "M 6 40 L 10 28 L 40 26 L 54 14 L 82 14 L 92 26 L 112 30 L 116 40 L 112 46 L 8 46 Z"), color: red, transform: t)
            img.fill(try! Path(svg: "M 58 18 L 80 18 L 86 27 L 50 27 Z"), color: Color(hex: "#9AD0FF")!, transform: t)
            img.fill(Path(rect: Rect(2, 22, 10, 6)), color: Color(hex: "#222222")!, transform: t)
            for x in [30.0, 92.0] {
                img.fill(Path(ellipseIn: Rect(x - 10, 36, 20, 20)), color: Color(hex: "#1B1B1B")!, transform: t)
                img.fill(Path(ellipseIn: Rect(x - 4, 42, 8, 8)), color: Color(hex: "#BDBDBD")!, transform: t)
            }
            img.fill(Path(rect: Rect(60, 32, 14, 4)), color: .white, transform: t)
        }
    }

    /// A golden trophy cup, 100×120 pt.
    static func trophy() -> Texture {
        canvas(100, 120) { img, t in
            let gold = Color(hex: "#FFC83D")!, dark = Color(hex: "#C8901A")!
            let handles = StrokeStyle(width: 7, cap: .round, join: .round)
            img.stroke(try! Path(svg: "M 24 22 C 2 22 2 56 30 60"), style: handles, color: dark, transform: t)
            img.stroke(try! Path(svg: "M 76 22 C 98 22 98 56 70 60"), style: handles, color: dark, transform: t)
            img.fill(try! Path(svg: "M 20 10 L 80 10 C 80 50 70 72 50 74 C 30 72 20 50 20 10 Z"), color: gold, transform: t)
            img.fill(Path(rect: Rect(44, 72, 12, 22)), color: dark, transform: t)
            img.fill(Path(roundedRect: Rect(26, 92, 48, 10), cornerRadius: 3), color: gold, transform: t)
            img.fill(Path(roundedRect: Rect(20, 102, 60, 14), cornerRadius: 3), color: dark, transform: t)
            img.fill(StarShape.path(center: Point(50, 36), outer: 14, inner: 6, points: 5), color: .white, transform: t)
        }
    }

    /// Three poses of a dancing character, 60×100 pt each; the sequence plays 1-2-3-2-1.
    static func dancerFrames() -> [Texture] {
        let poses: [(armL: Double, armR: Double, legL: Double, legR: Double, lean: Double)] = [
            (-150, -30, 100, 80, 0), (-110, -110, 110, 70, -6), (-200, 20, 95, 60, 6),
        ]
        let textures = poses.map { pose in
            canvas(60, 100) { img, t in
                let ink = Color(hex: "#FFB74D")!
                let limb = StrokeStyle(width: 6, cap: .round, join: .round)
                let hip = Point(30 + pose.lean * 0.3, 62), neck = Point(30 + pose.lean, 32)
                func end(_ from: Point, _ deg: Double, _ len: Double) -> Point {
                    Point(from.x + len * cos(deg * .pi / 180), from.y + len * sin(deg * .pi / 180))
                }
                var body = Path(); body.move(to: hip); body.addLine(to: neck)
                body.move(to: Point(neck.x, neck.y + 4)); body.addLine(to: end(Point(neck.x, neck.y + 4), pose.armL, 22))
                body.move(to: Point(neck.x, neck.y + 4)); body.addLine(to: end(Point(neck.x, neck.y + 4), pose.armR, 22))
                body.move(to: hip); body.addLine(to: end(hip, pose.legL, 32))
                body.move(to: hip); body.addLine(to: end(hip, pose.legR, 32))
                img.stroke(body, style: limb, color: ink, transform: t)
                img.fill(Path(ellipseIn: Rect(neck.x - 11, neck.y - 24, 22, 22)), color: ink, transform: t)
            }
        }
        return [textures[0], textures[1], textures[2], textures[1], textures[0]]
    }
}
