import Testing
import StardustCore
import StardustRender

/// Frame reuse (docs/RENDERER.md, "A frame that is already there"): `render(_:into:)` leaves an image alone that holds
/// the frame of a bit-identical list, and draws in every other case; the bytes are those of a fresh render either way.
@Suite struct FrameReuseTests {
    static func list(_ x: Double, background: Color = .white) -> DisplayList {
        let path = Path(rect: Rect(x, 3, 20, 12))
        return DisplayList(size: Size(40, 30), scale: 1, background: background, commands: [
            .path(PathDraw(path: path, paint: .linearGradient(start: Point(x, 0), end: Point(x + 20, 0),
                                                              stops: [GradientStop(0, .red), GradientStop(1, .blue)]))),
        ])
    }

    @Test("an identical list leaves the image alone: nothing is drawn")
    func identicalListIsNotDrawn() throws {
        let renderer = Renderer(threads: 1)
        let a = Self.list(2), b = Self.list(9)
        var image = Image(width: 0, height: 0)
        try renderer.render(a, into: &image)
        let drawnA = image
        // Tell the image it holds b's frame (it holds a's): if the renderer drew, the pixels would become b's.
        image.drawnFrom = b
        try renderer.render(b, into: &image)
        #expect(image == drawnA, "the renderer trusted the image's list and drew nothing")
        #expect(try image != renderer.render(b))
        // With reuse off it draws.
        var drawing = Renderer(threads: 1)
        drawing.reusesUnchangedFrames = false
        image.drawnFrom = b
        try drawing.render(b, into: &image)
        #expect(try image == renderer.render(b))
    }

    @Test("a sequence of lists, some repeated, gives the bytes of fresh renders at every step")
    func sequenceMatchesFreshRenders() throws {
        for threads in [1, 2] {
            let renderer = Renderer(threads: threads, bandHeight: 7)
            var image = Image(width: 0, height: 0)
            for x in [2.0, 2, 2, 9, 9, 2, -0.0, 0, 0, 5] {
                let list = Self.list(x)
                try renderer.render(list, into: &image)
                #expect(try image == Renderer(threads: 1).render(list), "x = \(x), threads \(threads)")
                #expect(image.drawnFrom.map { $0.isBitwiseIdentical(to: list) } == true)
            }
        }
    }

    @Test("a pixel written after the render forgets the list, and the next render draws again")
    func writtenPixelForgetsTheList() throws {
        let renderer = Renderer(threads: 1)
        let a = Self.list(4)
        var image = Image(width: 0, height: 0)
        try renderer.render(a, into: &image)
        #expect(image.drawnFrom != nil)
        image[5, 5] = PremultipliedPixel(r: 1, g: 2, b: 3, a: 4)
        #expect(image.drawnFrom == nil)
        try renderer.render(a, into: &image)
        #expect(try image == renderer.render(a))
        // Any write through the pixels, in place too.
        image.pixels.withUnsafeMutableBufferPointer { $0[0] = 7 }
        #expect(image.drawnFrom == nil)
        try renderer.render(a, into: &image)
        #expect(try image == renderer.render(a))
    }

    @Test("a different background or size draws; a new image of the same size draws")
    func otherFramesDraw() throws {
        let renderer = Renderer(threads: 1)
        var image = Image(width: 0, height: 0)
        try renderer.render(Self.list(4), into: &image)
        try renderer.render(Self.list(4, background: .black), into: &image)
        #expect(try image == renderer.render(Self.list(4, background: .black)))
        var fresh = Image(width: 40, height: 30, color: .red)
        try renderer.render(Self.list(4, background: .black), into: &fresh)
        #expect(fresh == image)
    }

    @Test("a rendered image handed back does not keep its list, nor does an image too small for it")
    func keptOnlyWhereUseful() throws {
        let renderer = Renderer(threads: 1)
        #expect(try renderer.render(Self.list(4)).drawnFrom == nil)
        // A list of more bytes than a quarter of the image's is drawn but not kept.
        var path = Path()
        for i in 0..<200 { path.addPath(Path(rect: Rect(Double(i % 40), Double(i / 40), 1, 1))) }
        let heavy = DisplayList(size: Size(40, 30), scale: 1, background: .white, commands: [.path(PathDraw(path: path, paint: .color(.black)))])
        #expect(heavy.approximateByteCount > 40 * 30)
        var image = Image(width: 0, height: 0)
        try renderer.render(heavy, into: &image)
        #expect(image.drawnFrom == nil)
        #expect(try image == renderer.render(heavy))
    }

    /// Forgetting the list on a write must not cost a copy: the frames are drawn into the image's own storage.
    @Test("frames are drawn in place: the image keeps its storage from frame to frame")
    func drawnInPlace() throws {
        func storage(_ i: Image) -> UInt { i.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        let renderer = Renderer(threads: 1)
        var image = Image(width: 0, height: 0)
        try renderer.render(Self.list(1), into: &image)
        let address = storage(image)
        for x in [2.0, 3, 3, 4] {
            try renderer.render(Self.list(x), into: &image)
            #expect(storage(image) == address, "x = \(x)")
        }
        image.pixels.withUnsafeMutableBufferPointer { $0[0] = 1 }
        #expect(storage(image) == address)
    }

    @Test("equality and hashing of images ignore the list they were drawn from")
    func equalityIgnoresTheList() throws {
        var kept = Image(width: 0, height: 0)
        try Renderer(threads: 1).render(Self.list(4), into: &kept)
        let handed = try Renderer(threads: 1).render(Self.list(4))
        #expect(kept.drawnFrom != nil && handed.drawnFrom == nil)
        #expect(kept == handed)
        #expect(kept.hashValue == handed.hashValue)
    }
}
