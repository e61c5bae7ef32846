import Testing
import StardustCore

/// `DisplayList.isBitwiseIdentical(to:)`, the test behind frame reuse (docs/RENDERER.md, "A frame that is already
/// there"): a list rebuilt from the same values is identical; a change of any one field, however small, is not.
@Suite struct DisplayListIdentityTests {
    static let texture = Texture(Image(width: 2, height: 2, color: .white))
    static let assignment = LayerAssignment(width: 2, height: 2, layerCount: 1, draws: [0, 0, 0, 0, 0, 0, 0, 0])

    /// One command of every kind with every field set, built anew on each call (new arrays, new strings).
    static func busyList() -> DisplayList {
        var path = Path()
        path.move(to: Point(1, 2)); path.addLine(to: Point(30, 4))
        path.addQuadCurve(to: Point(20, 20), control: Point(25, 10))
        path.addCurve(to: Point(3, 18), control1: Point(10, 25), control2: Point(5, 22)); path.closeSubpath()
        let stops = [GradientStop(0, .red), GradientStop(1, .blue)]
        let image = ImageDraw(texture: texture, rect: Rect(1, 2, 10, 8), transform: Transform2D(translationX: 1, y: 2),
                              contentsRect: Rect(0, 0, 0.5, 1), tint: Color(red: 1, green: 0.5, blue: 0.25, alpha: 1),
                              opacity: 0.8, minificationFilter: .linear, magnificationFilter: .nearest, blend: .normal)
        let stroked = PathDraw(path: path, transform: Transform2D(scaleX: 2, y: 1),
                               style: .stroke(StrokeStyle(width: 3, cap: .round, join: .bevel, miterLimit: 4,
                                                          dashPattern: [2, 1], dashPhase: 0.5)),
                               paint: .linearGradient(start: Point(0, 0), end: Point(10, 0), stops: stops), opacity: 0.9, blend: .normal)
        return DisplayList(size: Size(40, 30), scale: 2, background: Color(red: 0, green: 0, blue: 0.1, alpha: 1), commands: [
            .pushClip(rect: Rect(0, 0, 35, 28), transform: .identity),
            .image(image),
            .maskedImage(MaskedImageDraw(image: image, assignment: assignment, layer: 0, placesSpecks: true)),
            .sprites(SpriteBatch(texture: texture, quadSize: Size(4, 4), sprites: [
                SpriteInstance(center: Point(5, 5), rotation: 0.3, scale: 1, color: SIMD4(1, 1, 1, 1)),
                SpriteInstance(center: Point(9, 7), rotation: 1.2, scale: 0.5, color: SIMD4(0.5, 0.2, 0.1, 0.5)),
            ])),
            .path(PathDraw(path: path, paint: .color(.green), opacity: 1)),
            .path(stroked),
            .path(PathDraw(path: path, paint: .radialGradient(center: Point(10, 10), radius: 8, stops: stops))),
            .path(PathDraw(path: path, paint: .ellipticalGradient(center: Point(10, 10), radiusX: 8, radiusY: 4, stops: stops))),
            .path(PathDraw(path: path, paint: .conicGradient(center: Point(10, 10), startAngle: 0.5, stops: stops))),
            .text(TextDraw(string: "Caf\u{00E9}", fontFamily: "Sans", fontSize: 12, isBold: true, color: .black,
                           rect: Rect(0, 0, 40, 20), alignment: .center, wraps: false, transform: .identity, opacity: 1)),
            .beginGroup(opacity: 0.5), .endGroup,
            .beginCompositeGroup(CompositeGroup(opacity: 0.7, filter: .normal, mask: nil, tint: .red,
                                                shadow: ShadowDraw(color: .black, offset: Point(1, 2), sigma: 3,
                                                                   path: PathDraw(path: path, paint: .color(.black))))),
            .beginGroupMask, .endCompositeGroup,
            .popClip,
        ])
    }

    @Test("a list rebuilt from the same values is identical, and so is a list with itself")
    func rebuiltListIsIdentical() {
        let a = Self.busyList(), b = Self.busyList()
        #expect(a.isBitwiseIdentical(to: b))
        #expect(b.isBitwiseIdentical(to: a))
        #expect(a.isBitwiseIdentical(to: a))
        #expect(DisplayList(size: Size(1, 1)).isBitwiseIdentical(to: DisplayList(size: Size(1, 1))))
    }

    /// Replaces command `i` of `list` by `change` applied to it.
    static func changing(_ i: Int, _ change: (DrawCommand) -> DrawCommand) -> DisplayList {
        var l = busyList()
        l.commands[i] = change(l.commands[i])
        return l
    }

    static func image(_ f: @escaping (inout ImageDraw) -> Void) -> (DrawCommand) -> DrawCommand {
        { if case .image(var d) = $0 { f(&d); return .image(d) }; return $0 }
    }
    static func masked(_ f: @escaping (inout MaskedImageDraw) -> Void) -> (DrawCommand) -> DrawCommand {
        { if case .maskedImage(var d) = $0 { f(&d); return .maskedImage(d) }; return $0 }
    }
    static func sprites(_ f: @escaping (inout SpriteBatch) -> Void) -> (DrawCommand) -> DrawCommand {
        { if case .sprites(var d) = $0 { f(&d); return .sprites(d) }; return $0 }
    }
    static func path(_ f: @escaping (inout PathDraw) -> Void) -> (DrawCommand) -> DrawCommand {
        { if case .path(var d) = $0 { f(&d); return .path(d) }; return $0 }
    }
    static func text(_ f: @escaping (inout TextDraw) -> Void) -> (DrawCommand) -> DrawCommand {
        { if case .text(var d) = $0 { f(&d); return .text(d) }; return $0 }
    }
    static func group(_ f: @escaping (inout CompositeGroup) -> Void) -> (DrawCommand) -> DrawCommand {
        { if case .beginCompositeGroup(var d) = $0 { f(&d); return .beginCompositeGroup(d) }; return $0 }
    }
    static func stroke(_ f: @escaping (inout StrokeStyle) -> Void) -> (DrawCommand) -> DrawCommand {
        path { if case .stroke(var s) = $0.style { f(&s); $0.style = .stroke(s) } }
    }

    /// Every field that draws, changed alone, by the least that changes its bits.
    static var changes: [(String, DisplayList)] {
        let tiny = 1e-300, other = Texture(Image(width: 2, height: 2, color: .white))
        var path = Path(); path.move(to: Point(1, 2)); path.addLine(to: Point(30, 4))
        var list: [(String, DisplayList)] = [
            ("size", { var l = busyList(); l.size.width += 1e-12; return l }()),
            ("scale", { var l = busyList(); l.scale = 2.0000000001; return l }()),
            ("background", { var l = busyList(); l.background.blue += 1e-15; return l }()),
            ("a command left out", { var l = busyList(); l.commands.removeLast(); return l }()),
            ("two commands swapped", { var l = busyList(); l.commands.swapAt(11, 12); return l }()),
            ("clip rect", changing(0) { _ in .pushClip(rect: Rect(0, 0, 35, 28.000001), transform: .identity) }),
            ("clip transform", changing(0) { _ in .pushClip(rect: Rect(0, 0, 35, 28), transform: Transform2D(translationX: tiny, y: 0)) }),
            ("group opacity", changing(10) { _ in .beginGroup(opacity: 0.5000001) }),
        ]
        list += [
            ("image texture", changing(1, image { $0.texture = other })),
            ("image rect", changing(1, image { $0.rect.origin.x = 1.5 })),
            ("image transform", changing(1, image { $0.transform.ty = 2.5 })),
            ("image contentsRect", changing(1, image { $0.contentsRect.size.width = 0.25 })),
            ("image tint", changing(1, image { $0.tint.alpha = 0.5 })),
            ("image opacity", changing(1, image { $0.opacity = 0.81 })),
            ("image minification", changing(1, image { $0.minificationFilter = .nearest })),
            ("image magnification", changing(1, image { $0.magnificationFilter = .linear })),
            ("image blend", changing(1, image { $0.blend = .additive })),
            ("masked image", changing(2, masked { $0.image.opacity = 0.1 })),
            ("masked assignment", changing(2, masked { $0.assignment = LayerAssignment(width: 2, height: 2, layerCount: 1, draws: [0, 0, 0, 0, 0, 0, 0, 0]) })),
            ("masked layer", changing(2, masked { $0.layer = 1 })),
            ("masked specks", changing(2, masked { $0.placesSpecks = false })),
            ("sprite texture", changing(3, sprites { $0.texture = other })),
            ("sprite contentsRect", changing(3, sprites { $0.contentsRect.origin.y = 0.5 })),
            ("sprite quad size", changing(3, sprites { $0.quadSize.height = 5 })),
            ("sprite matrix", changing(3, sprites { $0.sprites[1].m.w = $0.sprites[1].m.w.nextUp })),
            ("sprite translation", changing(3, sprites { $0.sprites[0].t.y = $0.sprites[0].t.y.nextDown })),
            ("sprite color", changing(3, sprites { $0.sprites[1].color.z = 0.11 })),
            ("sprite count", changing(3, sprites { $0.sprites.removeLast() })),
            ("sprite minification", changing(3, sprites { $0.minificationFilter = .nearest })),
            ("sprite magnification", changing(3, sprites { $0.magnificationFilter = .nearest })),
            ("sprite blend", changing(3, sprites { $0.blend = .additive })),
            ("sprite rotation invariance", changing(3, sprites { $0.isRotationInvariant.toggle() })),
            ("path element", changing(4, self.path { $0.path = path })),
            ("path transform", changing(4, self.path { $0.transform.a = 1 + 1e-15 })),
            ("path fill rule", changing(4, self.path { $0.style = .fill(.evenOdd) })),
            ("path fill to stroke", changing(4, self.path { $0.style = .stroke(StrokeStyle(width: 1)) })),
            ("path color", changing(4, self.path { $0.paint = .color(Color(red: 0, green: 1, blue: 0, alpha: 0.99)) })),
            ("path opacity", changing(4, self.path { $0.opacity = 0.999 })),
            ("path blend", changing(4, self.path { $0.blend = .additive })),
            ("stroke width", changing(5, stroke { $0.width = 3.5 })),
            ("stroke cap", changing(5, stroke { $0.cap = .square })),
            ("stroke join", changing(5, stroke { $0.join = .miter })),
            ("stroke miter", changing(5, stroke { $0.miterLimit = 5 })),
            ("stroke dashes", changing(5, stroke { $0.dashPattern = [2, 1.5] })),
            ("stroke dash phase", changing(5, stroke { $0.dashPhase = 0.25 })),
            ("linear gradient end", changing(5, self.path { $0.paint = .linearGradient(start: Point(0, 0), end: Point(10, tiny), stops: [GradientStop(0, .red), GradientStop(1, .blue)]) })),
            ("gradient stop", changing(6, self.path { $0.paint = .radialGradient(center: Point(10, 10), radius: 8, stops: [GradientStop(0, .red), GradientStop(0.999, .blue)]) })),
            ("radial to elliptical", changing(6, self.path { $0.paint = .ellipticalGradient(center: Point(10, 10), radiusX: 8, radiusY: 8, stops: [GradientStop(0, .red), GradientStop(1, .blue)]) })),
            ("elliptical radius", changing(7, self.path { $0.paint = .ellipticalGradient(center: Point(10, 10), radiusX: 8, radiusY: 4.5, stops: [GradientStop(0, .red), GradientStop(1, .blue)]) })),
            ("conic angle", changing(8, self.path { $0.paint = .conicGradient(center: Point(10, 10), startAngle: 0.6, stops: [GradientStop(0, .red), GradientStop(1, .blue)]) })),
            ("text string", changing(9, text { $0.string = "Cafe" })),
            ("text canonically equal bytes", changing(9, text { #expect($0.string == "Cafe\u{0301}"); $0.string = "Cafe\u{0301}" })),
            ("text font", changing(9, text { $0.fontFamily = nil })),
            ("text size", changing(9, text { $0.fontSize = 12.5 })),
            ("text bold", changing(9, text { $0.isBold = false })),
            ("text color", changing(9, text { $0.color = .white })),
            ("text rect", changing(9, text { $0.rect.size.height = 21 })),
            ("text alignment", changing(9, text { $0.alignment = .right })),
            ("text wraps", changing(9, text { $0.wraps = true })),
            ("text transform", changing(9, text { $0.transform.tx = 1 })),
            ("text opacity", changing(9, text { $0.opacity = 0.5 })),
            ("group composite opacity", changing(12, group { $0.opacity = 0.71 })),
            ("group filter", changing(12, group { $0.filter = .multiply })),
            ("group mask", changing(12, group { $0.mask = .alpha })),
            ("group tint", changing(12, group { $0.tint = nil })),
            ("group shadow", changing(12, group { $0.shadow?.sigma = 3.5 })),
            ("group shadow offset", changing(12, group { $0.shadow?.offset.x = 1.25 })),
            ("group shadow color", changing(12, group { $0.shadow?.color = .white })),
            ("group shadow path", changing(12, group { $0.shadow?.path = nil })),
        ]
        return list
    }

    @Test("a change of any one field is seen", arguments: changes)
    func anyFieldChangeIsSeen(name: String, changed: DisplayList) {
        #expect(!Self.busyList().isBitwiseIdentical(to: changed), "\(name)")
        #expect(!changed.isBitwiseIdentical(to: Self.busyList()), "\(name)")
    }

    @Test("numbers are compared by their bits: -0 is not 0, and a NaN is itself")
    func numbersByBits() {
        func list(_ x: Double) -> DisplayList {
            DisplayList(size: Size(4, 4), commands: [.beginGroup(opacity: x), .endGroup])
        }
        #expect(!list(0).isBitwiseIdentical(to: list(-0.0)))
        #expect(list(.nan).isBitwiseIdentical(to: list(.nan)))
        #expect(!list(.nan).isBitwiseIdentical(to: list(-.nan)))
        #expect(!list(1).isBitwiseIdentical(to: list(1.nextUp)))
    }

    /// A new stored property in a command's payload must be compared too: these counts fail when one is added, as a
    /// reminder to extend `isBitwiseIdentical(to:)` (and this suite) with it.
    @Test("the comparison covers every stored property of the commands' payloads")
    func everyStoredPropertyIsCovered() {
        let list = Self.busyList()
        var counts: [String: Int] = [:]
        for command in list.commands {
            switch command {
            case .image(let d): counts["ImageDraw"] = Mirror(reflecting: d).children.count
            case .maskedImage(let d): counts["MaskedImageDraw"] = Mirror(reflecting: d).children.count
            case .sprites(let d):
                counts["SpriteBatch"] = Mirror(reflecting: d).children.count
                counts["SpriteInstance"] = Mirror(reflecting: d.sprites[0]).children.count
            case .path(let d):
                counts["PathDraw"] = Mirror(reflecting: d).children.count
                counts["Path"] = Mirror(reflecting: d.path).children.count
                if case .stroke(let s) = d.style { counts["StrokeStyle"] = Mirror(reflecting: s).children.count }
            case .text(let d): counts["TextDraw"] = Mirror(reflecting: d).children.count
            case .beginCompositeGroup(let g):
                counts["CompositeGroup"] = Mirror(reflecting: g).children.count
                counts["ShadowDraw"] = g.shadow.map { Mirror(reflecting: $0).children.count }
            default: break
            }
        }
        counts["DisplayList"] = Mirror(reflecting: list).children.count
        counts["Transform2D"] = Mirror(reflecting: Transform2D.identity).children.count
        counts["Color"] = Mirror(reflecting: Color.red).children.count
        counts["GradientStop"] = Mirror(reflecting: GradientStop(0, .red)).children.count
        #expect(counts == [
            "DisplayList": 4, "ImageDraw": 9, "MaskedImageDraw": 5, "SpriteBatch": 8, "SpriteInstance": 3,
            "PathDraw": 6, "Path": 3, "StrokeStyle": 6, "TextDraw": 10, "CompositeGroup": 5, "ShadowDraw": 4,
            "Transform2D": 6, "Color": 4, "GradientStop": 2,
        ])
    }

    @Test("the byte count grows with the arrays a list owns and leaves shared textures out")
    func approximateByteCount() {
        let empty = DisplayList(size: Size(4, 4))
        #expect(empty.approximateByteCount == 0)
        var path = Path()
        path.move(to: Point(0, 0))
        var l = DisplayList(size: Size(4, 4), commands: [.path(PathDraw(path: path, paint: .color(.black)))])
        let one = l.approximateByteCount
        for i in 0..<100 { path.addLine(to: Point(Double(i), 1)) }
        l.commands[0] = .path(PathDraw(path: path, paint: .color(.black)))
        #expect(l.approximateByteCount == one + 100 * MemoryLayout<Path.Element>.stride)
        let big = Texture(Image(width: 256, height: 256, color: .white))
        let images = DisplayList(size: Size(4, 4), commands: [.image(ImageDraw(texture: big, rect: Rect(0, 0, 4, 4)))])
        #expect(images.approximateByteCount == MemoryLayout<DrawCommand>.stride)
    }
}
