/// Bit-for-bit sameness of display lists: the test behind frame reuse (docs/RENDERER.md, "A frame that is already
/// there").
///
/// The renderer's output is a function of the display list alone (docs/DESIGN.md §1), so two lists that are the same
/// bit for bit draw the same bytes. `==` on `Double` would not do: it calls `0` and `-0` equal, which a division can
/// tell apart, and NaN unequal to itself. So every number is compared by its bit pattern, every array element by
/// element (a path rebuilt each frame is a new array with the same contents), and the immutable reference types
/// (``Texture``, ``LayerAssignment``, ``LayerPixelIndex``) by identity: the same object is the same pixels, and a
/// different object is treated as different even if its contents match (a redraw that was not needed, never a
/// wrong frame).
extension DisplayList {
    /// Whether `other` describes the same frame as this list, bit for bit: same size, scale and background, and the
    /// same commands in the same order with every field the same.
    ///
    /// - Complexity: O(*n*) in the list's size (commands, path elements, sprites, gradient stops, dash lengths, text
    ///   bytes); it stops at the first difference.
    public func isBitwiseIdentical(to other: DisplayList) -> Bool {
        size.isBitwiseIdentical(to: other.size) && same(scale, other.scale)
            && background.isBitwiseIdentical(to: other.background)
            && sameElements(commands, other.commands) { $0.isBitwiseIdentical(to: $1) }
    }
}

extension DrawCommand {
    /// Whether `other` is the same command with the same fields, bit for bit.
    public func isBitwiseIdentical(to other: DrawCommand) -> Bool {
        switch (self, other) {
        case let (.image(a), .image(b)): a.isBitwiseIdentical(to: b)
        case let (.maskedImage(a), .maskedImage(b)): a.isBitwiseIdentical(to: b)
        case let (.sprites(a), .sprites(b)): a.isBitwiseIdentical(to: b)
        case let (.path(a), .path(b)): a.isBitwiseIdentical(to: b)
        case let (.text(a), .text(b)): a.isBitwiseIdentical(to: b)
        case let (.pushClip(r1, t1), .pushClip(r2, t2)): r1.isBitwiseIdentical(to: r2) && t1.isBitwiseIdentical(to: t2)
        case (.popClip, .popClip), (.endGroup, .endGroup), (.beginGroupMask, .beginGroupMask),
             (.endCompositeGroup, .endCompositeGroup): true
        case let (.beginGroup(a), .beginGroup(b)): same(a, b)
        case let (.beginCompositeGroup(a), .beginCompositeGroup(b)): a.isBitwiseIdentical(to: b)
        default: false
        }
    }
}

extension ImageDraw {
    func isBitwiseIdentical(to o: ImageDraw) -> Bool {
        texture === o.texture && rect.isBitwiseIdentical(to: o.rect) && transform.isBitwiseIdentical(to: o.transform)
            && contentsRect.isBitwiseIdentical(to: o.contentsRect) && tint.isBitwiseIdentical(to: o.tint)
            && same(opacity, o.opacity) && minificationFilter == o.minificationFilter
            && magnificationFilter == o.magnificationFilter && blend == o.blend
    }
}

extension MaskedImageDraw {
    func isBitwiseIdentical(to o: MaskedImageDraw) -> Bool {
        image.isBitwiseIdentical(to: o.image) && assignment === o.assignment && layer == o.layer
            && index === o.index && placesSpecks == o.placesSpecks
    }
}

extension SpriteBatch {
    func isBitwiseIdentical(to o: SpriteBatch) -> Bool {
        texture === o.texture && contentsRect.isBitwiseIdentical(to: o.contentsRect)
            && quadSize.isBitwiseIdentical(to: o.quadSize) && minificationFilter == o.minificationFilter
            && magnificationFilter == o.magnificationFilter && blend == o.blend
            && isRotationInvariant == o.isRotationInvariant
            && sameElements(sprites, o.sprites) { $0.isBitwiseIdentical(to: $1) }
    }
}

extension SpriteInstance {
    func isBitwiseIdentical(to o: SpriteInstance) -> Bool {
        sameLanes(m, o.m) && sameLanes(t, o.t) && sameLanes(color, o.color)
    }
}

extension PathDraw {
    func isBitwiseIdentical(to o: PathDraw) -> Bool {
        path.isBitwiseIdentical(to: o.path) && transform.isBitwiseIdentical(to: o.transform)
            && style.isBitwiseIdentical(to: o.style) && paint.isBitwiseIdentical(to: o.paint)
            && same(opacity, o.opacity) && blend == o.blend
    }
}

extension PathDraw.Style {
    func isBitwiseIdentical(to o: PathDraw.Style) -> Bool {
        switch (self, o) {
        case let (.fill(a), .fill(b)): a == b
        case let (.stroke(a), .stroke(b)): a.isBitwiseIdentical(to: b)
        default: false
        }
    }
}

extension StrokeStyle {
    func isBitwiseIdentical(to o: StrokeStyle) -> Bool {
        same(width, o.width) && cap == o.cap && join == o.join && same(miterLimit, o.miterLimit)
            && same(dashPhase, o.dashPhase) && sameElements(dashPattern, o.dashPattern, same)
    }
}

extension Paint {
    func isBitwiseIdentical(to o: Paint) -> Bool {
        switch (self, o) {
        case let (.color(a), .color(b)): a.isBitwiseIdentical(to: b)
        case let (.linearGradient(s1, e1, g1), .linearGradient(s2, e2, g2)):
            s1.isBitwiseIdentical(to: s2) && e1.isBitwiseIdentical(to: e2) && sameStops(g1, g2)
        case let (.radialGradient(c1, r1, g1), .radialGradient(c2, r2, g2)):
            c1.isBitwiseIdentical(to: c2) && same(r1, r2) && sameStops(g1, g2)
        case let (.ellipticalGradient(c1, x1, y1, g1), .ellipticalGradient(c2, x2, y2, g2)):
            c1.isBitwiseIdentical(to: c2) && same(x1, x2) && same(y1, y2) && sameStops(g1, g2)
        case let (.conicGradient(c1, a1, g1), .conicGradient(c2, a2, g2)):
            c1.isBitwiseIdentical(to: c2) && same(a1, a2) && sameStops(g1, g2)
        default: false
        }
    }
}

extension TextDraw {
    func isBitwiseIdentical(to o: TextDraw) -> Bool {
        // Strings by their UTF-8 bytes: `==` on `String` is canonical equivalence, which calls different bytes
        // (a precomposed "é" and "e" + a combining accent) equal, and the text painter may shape them differently.
        string.utf8.elementsEqual(o.string.utf8) && sameOptional(fontFamily, o.fontFamily) { $0.utf8.elementsEqual($1.utf8) }
            && same(fontSize, o.fontSize) && isBold == o.isBold && color.isBitwiseIdentical(to: o.color)
            && rect.isBitwiseIdentical(to: o.rect) && alignment == o.alignment && wraps == o.wraps
            && transform.isBitwiseIdentical(to: o.transform) && same(opacity, o.opacity)
    }
}

extension CompositeGroup {
    func isBitwiseIdentical(to o: CompositeGroup) -> Bool {
        same(opacity, o.opacity) && filter == o.filter && mask == o.mask
            && sameOptional(tint, o.tint) { $0.isBitwiseIdentical(to: $1) }
            && sameOptional(shadow, o.shadow) { $0.isBitwiseIdentical(to: $1) }
    }
}

extension ShadowDraw {
    func isBitwiseIdentical(to o: ShadowDraw) -> Bool {
        color.isBitwiseIdentical(to: o.color) && offset.isBitwiseIdentical(to: o.offset) && same(sigma, o.sigma)
            && sameOptional(path, o.path) { $0.isBitwiseIdentical(to: $1) }
    }
}

extension Path {
    /// Whether `other` has the same elements, bit for bit. The builder's current point is not compared: it is where
    /// the next element would start, not something drawn.
    public func isBitwiseIdentical(to other: Path) -> Bool {
        sameElements(elements, other.elements) { $0.isBitwiseIdentical(to: $1) }
    }
}

extension Path.Element {
    func isBitwiseIdentical(to o: Path.Element) -> Bool {
        switch (self, o) {
        case let (.move(a), .move(b)), let (.line(a), .line(b)): a.isBitwiseIdentical(to: b)
        case let (.quadCurve(a1, c1), .quadCurve(a2, c2)): a1.isBitwiseIdentical(to: a2) && c1.isBitwiseIdentical(to: c2)
        case let (.curve(a1, p1, q1), .curve(a2, p2, q2)):
            a1.isBitwiseIdentical(to: a2) && p1.isBitwiseIdentical(to: p2) && q1.isBitwiseIdentical(to: q2)
        case (.closeSubpath, .closeSubpath): true
        default: false
        }
    }
}

extension GradientStop {
    func isBitwiseIdentical(to o: GradientStop) -> Bool { same(location, o.location) && color.isBitwiseIdentical(to: o.color) }
}

extension Point {
    func isBitwiseIdentical(to o: Point) -> Bool { same(x, o.x) && same(y, o.y) }
}

extension Size {
    func isBitwiseIdentical(to o: Size) -> Bool { same(width, o.width) && same(height, o.height) }
}

extension Rect {
    func isBitwiseIdentical(to o: Rect) -> Bool { origin.isBitwiseIdentical(to: o.origin) && size.isBitwiseIdentical(to: o.size) }
}

extension Transform2D {
    func isBitwiseIdentical(to o: Transform2D) -> Bool {
        same(a, o.a) && same(b, o.b) && same(c, o.c) && same(d, o.d) && same(tx, o.tx) && same(ty, o.ty)
    }
}

extension Color {
    func isBitwiseIdentical(to o: Color) -> Bool {
        same(red, o.red) && same(green, o.green) && same(blue, o.blue) && same(alpha, o.alpha)
    }
}

/// Two numbers with the same bits (`-0` is not `0`; a NaN is itself).
@inline(__always) private func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }

/// Two float vectors with the same bits in every lane.
@inline(__always) private func sameLanes<V: SIMD>(_ a: V, _ b: V) -> Bool where V.Scalar == Float {
    for i in a.indices where a[i].bitPattern != b[i].bitPattern { return false }
    return true
}

/// Two gradients' stops, the same bit for bit.
private func sameStops(_ a: [GradientStop], _ b: [GradientStop]) -> Bool { sameElements(a, b) { $0.isBitwiseIdentical(to: $1) } }

/// Two arrays of the same length whose elements pair up under `same`; one storage shared by both is the same
/// array without a look at its elements.
private func sameElements<T>(_ a: [T], _ b: [T], _ same: (T, T) -> Bool) -> Bool {
    guard a.count == b.count else { return false }
    let shared = a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    if shared { return true }
    for i in a.indices where !same(a[i], b[i]) { return false }
    return true
}

/// Two optionals that are both nil, or both hold values that are the same under `same`.
private func sameOptional<T>(_ a: T?, _ b: T?, _ same: (T, T) -> Bool) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case let (x?, y?): same(x, y)
    default: false
    }
}
