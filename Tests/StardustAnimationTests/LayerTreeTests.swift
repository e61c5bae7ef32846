import XCTest
import StardustCore
@testable import StardustAnimation

final class LayerTreeTests: XCTestCase {
    func testSettingSublayersKeepsLinksConsistent() {
        let a = Layer(), b = Layer(), c = Layer(), other = Layer()
        other.addSublayer(c)
        a.sublayers = [b, c, b]
        XCTAssertEqual(a.sublayers.count, 2)
        XCTAssertTrue(b.superlayer === a && c.superlayer === a)
        XCTAssertTrue(other.sublayers.isEmpty)
        a.sublayers.append(a)   // a cycle: left out
        XCTAssertEqual(a.sublayers.count, 2)
        a.sublayers = [c]
        XCTAssertNil(b.superlayer)
        XCTAssertTrue(c.superlayer === a)
    }

    func testSublayerNamed() {
        let root = Layer(), mid = Layer(), leaf = Layer()
        leaf.name = "leaf"
        root.addSublayer(mid); mid.addSublayer(leaf)
        XCTAssertTrue(root.sublayer(named: "leaf") === leaf)
        XCTAssertNil(root.sublayer(named: "none"))
    }

    func testAnimatedOpacityZeroAndHiddenChildSkipSubtree() {
        let root = Layer()
        let a = Layer(), b = Layer()
        for l in [a, b] { l.bounds = Rect(0, 0, 2, 2); l.backgroundColor = .red; root.addSublayer(l) }
        b.backgroundColor = .blue
        let grandchild = Layer()
        grandchild.bounds = Rect(0, 0, 1, 1); grandchild.backgroundColor = .green
        a.addSublayer(grandchild)
        a.add(ConstantTestAnimation("opacity", .number(0)), forKey: "out")
        let colors = Commands.paths(root.displayList(size: Size(2, 2), at: 0.5).commands).map(Commands.color)
        XCTAssertEqual(colors, [.blue])
        b.add(ConstantTestAnimation("hidden", .bool(true)), forKey: "hide")
        XCTAssertTrue(root.displayList(size: Size(2, 2), at: 0.5).commands.isEmpty)
        XCTAssertEqual(root.displayList(size: Size(2, 2), at: 1.5).commands.count, 3)
        XCTAssertFalse(b.isHidden)
    }
}
