import Testing
import StardustCore
@testable import StardustAnimation

@Suite struct LayerContentsTests {
    /// A 40×20-pixel texture.
    private let texture = Texture(Image(width: 40, height: 20, color: .red))

    /// The rect the contents land in for a 100×100 layer with contents scale 2 (natural size 20×10 points).
    private func placed(_ gravity: ContentsGravity, contentsRect: Rect = .unit) -> ImageDraw? {
        let l = Layer()
        l.bounds = Rect(0, 0, 100, 100)
        l.position = Point(50, 50)
        l.contents = texture
        l.contentsScale = 2
        l.contentsGravity = gravity
        l.contentsRect = contentsRect
        return Commands.images(l.displayList(size: Size(100, 100), at: 0).commands).first
    }

    @Test func gravityPlacements() {
        let expected: [ContentsGravity: Rect] = [
            .resize: Rect(0, 0, 100, 100),
            .center: Rect(40, 45, 20, 10),
            .top: Rect(40, 0, 20, 10),
            .bottom: Rect(40, 90, 20, 10),
            .left: Rect(0, 45, 20, 10),
            .right: Rect(80, 45, 20, 10),
            .topLeft: Rect(0, 0, 20, 10),
            .topRight: Rect(80, 0, 20, 10),
            .bottomLeft: Rect(0, 90, 20, 10),
            .bottomRight: Rect(80, 90, 20, 10),
            // Fit: scale min(100/20, 100/10) = 5 → 100×50, centered vertically.
            .resizeAspect: Rect(0, 25, 100, 50),
            // Fill: scale max(5, 10) = 10 → 200×100, centered horizontally.
            .resizeAspectFill: Rect(-50, 0, 200, 100),
        ]
        #expect(expected.count == ContentsGravity.allCases.count)
        for (g, r) in expected {
            #expect(placed(g)?.rect == r, "\(g)")
        }
    }

    @Test func contentsRectPassesThroughAndSetsNaturalSize() {
        let sheetCell = Rect(0.5, 0, 0.5, 1)
        let d = placed(.topLeft, contentsRect: sheetCell)
        #expect(d?.contentsRect == sheetCell)
        // Half of 40 px at scale 2 = 10 points wide.
        #expect(d?.rect == Rect(0, 0, 10, 10))
        #expect(d?.texture === texture)
    }

    @Test func contentsUseFiltersAndTransform() {
        let l = Layer()
        l.bounds = Rect(0, 0, 10, 10)
        l.position = Point(105, 205)
        l.contents = texture
        l.magnificationFilter = .nearest
        l.minificationFilter = .trilinear
        guard let d = Commands.images(l.displayList(size: Size(400, 400), at: 0).commands).first else { Issue.record(); return }
        #expect(d.magnificationFilter == .nearest)
        #expect(d.minificationFilter == .trilinear)
        assertPoint(d.transform.apply(to: Point(0, 0)), 100, 200)
    }

    @Test func animatedContentsRect() {
        let l = Layer()
        l.bounds = Rect(0, 0, 10, 10)
        l.contents = texture
        l.add(LinearNumberTestAnimation("contentsRect.origin.x", from: 0, to: 1), forKey: "scroll")
        let d = Commands.images(l.displayList(size: Size(10, 10), at: 0.25).commands).first
        #expect(d?.contentsRect == Rect(0.25, 0, 1, 1))
        #expect(l.contentsRect == .unit)
    }

    @Test func layerOrderBackgroundContentsHookSublayers() {
        let l = ShapeLayer()
        l.bounds = Rect(0, 0, 10, 10)
        l.backgroundColor = .blue
        l.contents = texture
        l.path = Path(rect: Rect(0, 0, 5, 5))
        let child = Layer()
        child.bounds = Rect(0, 0, 2, 2)
        child.backgroundColor = .green
        l.addSublayer(child)
        let kinds = Commands.kinds(l.displayList(size: Size(10, 10), at: 0).commands)
        #expect(kinds == ["path", "image", "path", "path"])
        let paths = Commands.paths(l.displayList(size: Size(10, 10), at: 0).commands)
        #expect(paths.map(Commands.color) == [.blue, .black, .green])
    }
}
