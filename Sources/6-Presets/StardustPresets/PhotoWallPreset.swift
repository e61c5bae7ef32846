import Foundation
import StardustAnimation
import StardustCore
import StardustDynamics
import StardustScene

/// `photo-wall` (docs/DESIGN.md §7): a grid of photos, each a physical card when touched.
///
/// A scripted finger (through ``PhotoWall``'s `touches…(at:time:)`): at 0.8 s it picks up the
/// centre photo of the second row near its top-right corner, wiggles it about 35 pt and lets go
/// near where it began at 1.6 s — the card swings on the finger, then springs back into its slot
/// and settles. At 3.0 s it grabs the centre photo of the fourth row by its lower-left corner and flings it up
/// and to the right — released 186 pt away at 3.45 s, it tumbles out of view and is removed with its world.
enum PhotoWallPreset {
    static let columns = 3, rows = 5
    static let photoSize = Size(110, 110)
    static let gap = 16.0, top = 118.0

    /// The slot centre of photo (row, column) for a scene `width` points wide.
    static func slot(row: Int, column: Int, width: Double) -> Point {
        let gridWidth = Double(columns) * photoSize.width + Double(columns - 1) * gap
        let left = (width - gridWidth) / 2
        return Point(left + photoSize.width / 2 + Double(column) * (photoSize.width + gap),
                     top + photoSize.height / 2 + Double(row) * (photoSize.height + gap))
    }

    @Sendable static func scene(_ size: Size) -> Scene {
        let scene = Scene(name: "photo-wall", size: size, scale: 2, duration: 6, fps: 30, seed: 1,
                          background: Color(hex: "#F2F2F7")!)
        let title = TextLayer()
        title.string = "Photos"
        title.fontSize = 32
        title.foregroundColor = Color(hex: "#1C1C1E")!
        title.bounds = Rect(x: 0, y: 0, width: size.width - 32, height: 40)
        title.position = Point(16 + title.bounds.width / 2, 70)
        scene.root.addSublayer(title)

        var photos: [Layer] = []
        for r in 0..<rows {
            for c in 0..<columns {
                let i = r * columns + c
                let photo = Layer()
                photo.name = "photo\(i)"
                photo.bounds = Rect(origin: .zero, size: photoSize)
                photo.position = slot(row: r, column: c, width: size.width)
                photo.contents = PhotoWallArt.photo(i, size: photoSize)
                photo.contentsScale = PhotoWallArt.pixelsPerPoint
                scene.root.addSublayer(photo)
                photos.append(photo)
            }
        }
        let wall = PhotoWall(photos: photos, visibleBounds: Rect(origin: .zero, size: size))

        // A little drag, released near home: swings, then settles back.
        let home = slot(row: 1, column: 1, width: size.width)
        let grab = Point(home.x + 22, home.y - 40)
        wall.touchesBegan(at: grab, time: 0.8)
        for k in 1...24 {
            let s = Double(k) / 24
            let t = 0.8 + 0.8 * s
            // Out to the right and up, with a wiggle, then part of the way back.
            let dx = 34 * sin(.pi * s) + 6 * sin(4 * .pi * s), dy = -14 * sin(.pi * s) + 10 * s
            wall.touchesMoved(at: Point(grab.x + dx, grab.y + dy), time: t)
        }
        wall.touchesEnded(at: Point(grab.x, grab.y + 10), time: 1.6)

        // A fling: grabbed low on the left, thrown up and to the right, released 186 pt from where the drag began.
        let away = slot(row: 3, column: 1, width: size.width)
        let start = Point(away.x - 38, away.y + 40)
        wall.touchesBegan(at: start, time: 3.0)
        for k in 1...14 {
            let s = Double(k) / 14
            wall.touchesMoved(at: Point(start.x + 110 * s * s, start.y - 150 * s * s), time: 3.0 + 0.45 * s)
        }
        wall.touchesEnded(at: Point(start.x + 110, start.y - 150), time: 3.45)

        scene.simulations.append(wall)
        return scene
    }
}
