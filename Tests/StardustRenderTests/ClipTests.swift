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

    /// A rotated clip is an anti-aliased coverage mask: exact inside and outside, partial on its
    /// edges, and its area is the rectangle's.
    func testRotatedClipIsAnAntialiasedMask() throws {
        let t = Transform2D(rotationAngle: .pi / 6).concatenating(Transform2D(translationX: 20, y: 20))
        let list = Fixture.list(40, 40, background: .blue, [
            .pushClip(rect: Rect(-8, -8, 16, 16), transform: t), .image(ImageDraw(texture: red.texture, rect: Rect(0, 0, 40, 40))), .popClip,
        ])
        let out = try Fixture.render(list, bandHeight: 7)
        var redArea = 0.0, partial = 0
        for y in 0..<40 {
            for x in 0..<40 {
                let p = out[x, y]
                XCTAssertEqual(p.a, 255); XCTAssertEqual(Int(p.r) + Int(p.b), 255, accuracy: 1)
                redArea += Double(p.r) / 255
                if p.r > 0 && p.r < 255 { partial += 1 }
            }
        }
        XCTAssertEqual(redArea, 256, accuracy: 2.56)
        XCTAssertGreaterThan(partial, 30)
        XCTAssertEqual(Fixture.px(out, 20, 20), [255, 0, 0, 255])
        XCTAssertEqual(Fixture.px(out, 2, 2), [0, 0, 255, 255])
    }

    /// Inside a rotated clip, commands keep their own blend mode (additive adds to the frame).
    func testRotatedClipKeepsBlendModes() throws {
        let glow = ImageDraw(texture: Texture(Fixture.solid(1, 1, [50, 0, 0, 255])), rect: Rect(0, 0, 20, 20), blend: .additive)
        let list = Fixture.list(20, 20, background: Color(red: 100.0 / 255, green: 0, blue: 0), [
            .pushClip(rect: Rect(-5, -5, 10, 10), transform: Transform2D(rotationAngle: 0.4).concatenating(Transform2D(translationX: 10, y: 10))),
            .image(glow), .popClip,
        ])
        let out = try Fixture.render(list)
        XCTAssertEqual(Fixture.px(out, 10, 10), [150, 0, 0, 255])
        XCTAssertEqual(Fixture.px(out, 0, 0), [100, 0, 0, 255])
    }
}
