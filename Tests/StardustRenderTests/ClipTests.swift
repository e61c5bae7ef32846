import XCTest
import StardustCore
@testable import StardustRender

final class ClipTests: XCTestCase {
    private let red = ImageDraw(texture: Texture(Fixture.solid(1, 1, [255, 0, 0, 255])), rect: Rect(0, 0, 20, 20))
    private let green = ImageDraw(texture: Texture(Fixture.solid(1, 1, [0, 255, 0, 255])), rect: Rect(0, 0, 20, 20))

    private func check(_ out: Image, _ expect: (Int, Int) -> [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        for y in 0..<out.height {
            for x in 0..<out.width where Fixture.px(out, x, y) != expect(x, y) {
                XCTFail("pixel (\(x), \(y)) = \(Fixture.px(out, x, y)), expected \(expect(x, y))", file: file, line: line); return
            }
        }
    }

    func testClipRestrictsDrawingExactlyAndPopRestores() throws {
        let list = Fixture.list(20, 20, [
            .pushClip(rect: Rect(5, 4, 6, 7), transform: .identity), .image(red), .popClip,
            .pushClip(rect: Rect(0, 15, 20, 5), transform: .identity), .image(green), .popClip,
        ])
        let out = try Fixture.render(list, bandHeight: 3)
        check(out) { x, y in
            if y >= 15 { return [0, 255, 0, 255] }
            return (5..<11).contains(x) && (4..<11).contains(y) ? [255, 0, 0, 255] : [0, 0, 0, 0]
        }
    }

    func testNestedClipsIntersectAndFollowTransformAndScale() throws {
        // At scale 2, the outer clip (0,0,4,4)pt → pixels 0..<8; the inner (2.5,2,3,3)pt translated by (0,1) → x 5..<11, y 6..<12.
        let list = Fixture.list(10, 10, scale: 2, [
            .pushClip(rect: Rect(0, 0, 4, 4), transform: .identity),
            .pushClip(rect: Rect(2.5, 2, 3, 3), transform: Transform2D(translationX: 0, y: 1)),
            .image(red), .popClip, .popClip,
        ])
        let out = try Fixture.render(list, bandHeight: 5)
        check(out) { x, y in (5..<8).contains(x) && (6..<8).contains(y) ? [255, 0, 0, 255] : [0, 0, 0, 0] }
    }

    func testUnbalancedClipsAndGroupsThrow() {
        let bad: [[DrawCommand]] = [
            [.popClip],
            [.endGroup],
            [.pushClip(rect: .unit, transform: .identity)],
            [.beginGroup(opacity: 1), .pushClip(rect: .unit, transform: .identity), .endGroup, .popClip],
            [.pushClip(rect: .unit, transform: .identity), .beginGroup(opacity: 1), .popClip, .endGroup],
        ]
        for commands in bad {
            XCTAssertThrowsError(try Fixture.render(Fixture.list(4, 4, commands))) { error in
                guard case RenderError.unbalancedCommands(let message) = error else { return XCTFail("\(error)") }
                XCTAssertFalse(message.isEmpty)
            }
        }
    }
}
