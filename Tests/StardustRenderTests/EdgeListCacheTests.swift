import Foundation
import Testing
import StardustCore
@testable import StardustRender

/// Edge lists kept from frame to frame (docs/RENDERER.md, "Edge lists of copies, and from frame to frame"): a path prepared with
/// the cache gets the edges it would get prepared afresh, bit for bit, whatever was kept before; keys tell apart
/// everything the edges depend on; the cache stays within its capacity.
@Suite struct EdgeListCacheTests {
    /// The edges and bounds of `p`, as bits.
    static func bits(_ p: PreparedPath) -> [UInt64] {
        var out: [UInt64] = []
        for e in p.edges.edges {
            out += [e.x0.bitPattern, e.y0.bitPattern, e.x1.bitPattern, e.y1.bitPattern, UInt64(e.direction.bitPattern)]
        }
        if let b = p.edges.bounds {
            out += [b.minX.bitPattern, b.minY.bitPattern, b.width.bitPattern, b.height.bitPattern]
        }
        out += [UInt64(bitPattern: Int64(p.bounds.x0)), UInt64(bitPattern: Int64(p.bounds.y0)),
                UInt64(bitPattern: Int64(p.bounds.x1)), UInt64(bitPattern: Int64(p.bounds.y1))]
        out.append(p.rule == .evenOdd ? 1 : 0)
        return out
    }

    /// A star-like closed curve and an open wavy line, in a few variants.
    static func shapes() -> [Path] {
        var star = Path()
        for i in 0..<11 {
            let a = Double(i) * 2 * .pi / 11, r = i % 2 == 0 ? 30.0 : 12.5
            let p = Point(40 + r * cos(a), 35 + r * sin(a))
            if i == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        var wave = Path()
        wave.move(to: Point(5, 60))
        wave.addCurve(to: Point(70, 58), control1: Point(25, 20), control2: Point(50, 95))
        wave.addQuadCurve(to: Point(75, 10), control: Point(90, 40))
        return [star, wave, Path(ellipseIn: Rect(10, 8, 55, 47)), Path(roundedRect: Rect(6, 6, 60, 40), cornerRadius: 9)]
    }

    static let styles: [PathDraw.Style] = [
        .fill(.nonZero), .fill(.evenOdd),
        .stroke(StrokeStyle(width: 3)), .stroke(StrokeStyle(width: 3, cap: .round, join: .round)),
        .stroke(StrokeStyle(width: 3, cap: .square, join: .bevel)), .stroke(StrokeStyle(width: 3, miterLimit: 1.5)),
        .stroke(StrokeStyle(width: 2.5, dashPattern: [4, 2])), .stroke(StrokeStyle(width: 2.5, dashPattern: [4, 2], dashPhase: 1)),
        .stroke(StrokeStyle(width: 0.7, cap: .round)),
    ]

    static let transforms: [Transform2D] = [
        .identity, Transform2D(translationX: 0.25, y: -3), Transform2D(translationX: -0.0, y: 0),
        Transform2D(rotationAngle: 0.4), Transform2D(a: 1.5, b: 0.2, c: -0.3, d: 0.8, tx: 7, ty: 2),
    ]

    @Test("a path prepared with the cache gets the edges of a path prepared afresh, bit for bit")
    func keptEdgesAreFreshEdges() {
        let cache = EdgeListCache(capacity: 1 << 20)
        let shapes = Self.shapes()
        // Several passes, as frames: the first fills the cache, the later ones hit it; each pass also draws a copy
        // with new storage of every shape (a miss), and the same storage under every style and transform.
        for pass in 0..<3 {
            cache.beginList()
            for (s, shape) in shapes.enumerated() {
                let copy = Path(elements: shape.elements.map { $0 })
                for style in Self.styles {
                    for (t, transform) in Self.transforms.enumerated() where (s + t + pass) % 2 == 0 || pass == 0 {
                        for scale in [1.0, 2.0] {
                            for path in [shape, copy] {
                                let command = PathDraw(path: path, transform: transform, style: style, paint: .color(.red))
                                let kept = PathPainter.prepare(command, scale: scale, cache: cache)
                                let fresh = PathPainter.prepare(command, scale: scale)
                                #expect(Self.bits(kept) == Self.bits(fresh), "shape \(s), \(style), transform \(t), scale \(scale), pass \(pass)")
                            }
                        }
                    }
                }
            }
        }
        #expect(cache.counts.lists > 0)
    }

    @Test("keys tell apart storage, every transform and scale bit, and every part of the style")
    func keysTellApartWhatEdgesDependOn() {
        let shape = Self.shapes()[0]
        let copy = Path(elements: shape.elements.map { $0 })
        func key(_ p: Path, _ t: Transform2D = .identity, _ style: PathDraw.Style = .fill(.nonZero), scale: Double = 1) -> EdgeListCache.Key {
            EdgeListCache.Key(PathDraw(path: p, transform: t, style: style, paint: .color(.blue)), scale: scale)
        }
        #expect(key(shape) == key(shape))
        #expect(key(shape) == EdgeListCache.Key(PathDraw(path: shape, paint: .color(.red), opacity: 0.5), scale: 1),
                "paint and opacity are not part of the edges")
        #expect(key(shape) != key(copy), "equal elements in other storage are another key")
        #expect(key(shape) != key(shape, scale: 2))
        #expect(key(shape, Transform2D(translationX: 0, y: 0)) != key(shape, Transform2D(translationX: -0.0, y: 0)))
        let t = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        for f in 0..<6 {
            var u = t
            switch f {
            case 0: u.a = 1.0000000000000002
            case 1: u.b = -0.0
            case 2: u.c = 1e-300
            case 3: u.d = 0.9999999999999999
            case 4: u.tx = 5e-324
            default: u.ty = -0.0
            }
            #expect(key(shape, t) != key(shape, u), "coefficient \(f)")
        }
        var keys = Set<EdgeListCache.Key>()
        for style in Self.styles { keys.insert(key(shape, .identity, style)) }
        keys.insert(key(shape, .identity, .stroke(StrokeStyle(width: 3, dashPattern: [4, 2.0000000000000004]))))
        keys.insert(key(shape, .identity, .stroke(StrokeStyle(width: 3, dashPattern: [4, 2], dashPhase: -0.0))))
        keys.insert(key(shape, .identity, .stroke(StrokeStyle(width: 3, dashPattern: [4, 2], dashPhase: 0))))
        #expect(keys.count == Self.styles.count + 3)
    }

    @Test("a kept path's storage is not given to other elements: a changed copy is another key with its own edges")
    func changedCopyIsAnotherKey() {
        let cache = EdgeListCache(capacity: 1 << 20)
        cache.beginList()
        var path: Path? = Self.shapes()[1]
        let command = PathDraw(path: path!, style: .stroke(StrokeStyle(width: 2)), paint: .color(.red))
        _ = PathPainter.prepare(command, scale: 1, cache: cache)
        let keptKey = EdgeListCache.Key(command, scale: 1)
        // The caller lets go of its path and writes to a copy: the copy gets new storage, since the cache holds the old.
        var changed = path!
        path = nil
        changed.addLine(to: Point(1, 1))
        let other = PathDraw(path: changed, style: .stroke(StrokeStyle(width: 2)), paint: .color(.red))
        #expect(EdgeListCache.Key(other, scale: 1) != keptKey)
        #expect(Self.bits(PathPainter.prepare(other, scale: 1, cache: cache)) == Self.bits(PathPainter.prepare(other, scale: 1)))
    }

    @Test("the cache holds at most its capacity, and keeps the lists the last two display lists used")
    func boundedAndRecent() {
        let shapes = Self.shapes()
        func command(_ i: Int) -> PathDraw {
            PathDraw(path: shapes[i % shapes.count], transform: Transform2D(translationX: Double(i), y: 0), paint: .color(.red))
        }
        let first3 = (0..<3).reduce(0) { $0 + PathPainter.prepare(command($1), scale: 1).edges.count }
        let cache = EdgeListCache(capacity: first3)
        // List 1 uses 0 and 1; list 2 uses 1 and 2; list 3 uses 3…39: room is made once, dropping 0 (unused since
        // list 1), never 1 or 2, and what does not fit is not kept.
        cache.beginList()
        for i in [0, 1] { _ = PathPainter.prepare(command(i), scale: 1, cache: cache) }
        cache.beginList()
        for i in [1, 2] { _ = PathPainter.prepare(command(i), scale: 1, cache: cache) }
        cache.beginList()
        for i in 3..<40 {
            _ = PathPainter.prepare(command(i), scale: 1, cache: cache)
            #expect(cache.counts.edges <= cache.capacity)
        }
        #expect(cache.edges(for: EdgeListCache.Key(command(0), scale: 1)) == nil)
        #expect(cache.edges(for: EdgeListCache.Key(command(1), scale: 1)) != nil)
        #expect(cache.edges(for: EdgeListCache.Key(command(2), scale: 1)) != nil)
        #expect(cache.counts.lists >= 2)
    }

    @Test("frames of a sequence drawn with kept edge lists are the frames of lists with fresh paths, byte for byte")
    func framesMatchFreshPaths() throws {
        let shapes = Self.shapes()
        var renderer = Renderer(threads: 1, bandHeight: 7)
        renderer.reusesUnchangedFrames = false
        func list(_ frame: Int, fresh: Bool) -> DisplayList {
            var commands: [DrawCommand] = []
            for (s, shape) in shapes.enumerated() {
                let path = fresh ? Path(elements: shape.elements.map { $0 }) : shape
                // Shape 0 moves every frame, shape 1 every other frame, the others hold still.
                let dx = s == 0 ? Double(frame) * 0.37 : (s == 1 ? Double(frame / 2) * 1.5 : 0)
                let style = Self.styles[(s * 3 + frame / 3) % Self.styles.count]
                commands.append(.path(PathDraw(path: path, transform: Transform2D(translationX: dx, y: Double(s)), style: style,
                                               paint: .color(Color(red: 0.2 * Double(s), green: 0.5, blue: 0.9, alpha: 0.8)))))
            }
            return DisplayList(size: Size(90, 80), scale: 1.5, background: .white, commands: commands)
        }
        var image = Image(width: 0, height: 0)
        for frame in 0..<8 {
            try renderer.render(list(frame, fresh: false), into: &image)
            #expect(try renderer.render(list(frame, fresh: true)) == image, "frame \(frame)")
        }
    }
}
