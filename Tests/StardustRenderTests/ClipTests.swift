import Foundation
import Testing
import StardustCore
@testable import StardustRender

@Suite struct ClipTests {
    private let red = ImageDraw(texture: Texture(Fixture.solid(1, 1, [255, 0, 0, 255])), rect: Rect(0, 0, 20, 20))
    private let green = ImageDraw(texture: Texture(Fixture.solid(1, 1, [0, 255, 0, 255])), rect: Rect(0, 0, 20, 20))

    private func check(_ out: Image, _ expect: (Int, Int) -> [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        for y in 0..<out.height {
            for x in 0..<out.width where Fixture.px(out, x, y) != expect(x, y) {
                Issue.record("pixel (\(x), \(y)) = \(Fixture.px(out, x, y)), expected \(expect(x, y))", sourceLocation: sourceLocation); return
            }
        }
    }

    @Test("clip restricts drawing exactly and pop restores") func clipRestrictsDrawingExactlyAndPopRestores() throws {
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

    @Test("nested clips intersect and follow transform and scale") func nestedClipsIntersectAndFollowTransformAndScale() throws {
        // At scale 2, the outer clip (0,0,4,4)pt → pixels 0..<8; the inner (2.5,2,3,3)pt translated by (0,1) → x 5..<11, y 6..<12.
        let list = Fixture.list(10, 10, scale: 2, [
            .pushClip(rect: Rect(0, 0, 4, 4), transform: .identity),
            .pushClip(rect: Rect(2.5, 2, 3, 3), transform: Transform2D(translationX: 0, y: 1)),
            .image(red), .popClip, .popClip,
        ])
        let out = try Fixture.render(list, bandHeight: 5)
        check(out) { x, y in (5..<8).contains(x) && (6..<8).contains(y) ? [255, 0, 0, 255] : [0, 0, 0, 0] }
    }

    @Test("unbalanced clips and groups throw") func unbalancedClipsAndGroupsThrow() {
        let bad: [[DrawCommand]] = [
            [.popClip],
            [.endGroup],
            [.pushClip(rect: .unit, transform: .identity)],
            [.beginGroup(opacity: 1), .pushClip(rect: .unit, transform: .identity), .endGroup, .popClip],
            [.pushClip(rect: .unit, transform: .identity), .beginGroup(opacity: 1), .popClip, .endGroup],
        ]
        for commands in bad {
            _ = #expect(throws: (any Error).self) { try Fixture.render(Fixture.list(4, 4, commands)) }.map { error in
                guard case RenderError.unbalancedCommands(let message) = error else { Issue.record("\(error)"); return }
                #expect(!message.isEmpty)
            }
        }
    }

    /// A rotated clip is an anti-aliased coverage mask: exact inside and outside, partial on its
    /// edges, and its area is the rectangle's.
    @Test("rotated clip is an antialiased mask") func rotatedClipIsAnAntialiasedMask() throws {
        let t = Transform2D(rotationAngle: .pi / 6).concatenating(Transform2D(translationX: 20, y: 20))
        let list = Fixture.list(40, 40, background: .blue, [
            .pushClip(rect: Rect(-8, -8, 16, 16), transform: t), .image(ImageDraw(texture: red.texture, rect: Rect(0, 0, 40, 40))), .popClip,
        ])
        let out = try Fixture.render(list, bandHeight: 7)
        var redArea = 0.0, partial = 0
        for y in 0..<40 {
            for x in 0..<40 {
                let p = out[x, y]
                #expect(p.a == 255); #expect(abs((Int(p.r) + Int(p.b)) - 255) <= 1)
                redArea += Double(p.r) / 255
                if p.r > 0 && p.r < 255 { partial += 1 }
            }
        }
        #expect(abs(redArea - 256) <= 2.56)
        #expect(partial > 30)
        #expect(Fixture.px(out, 20, 20) == [255, 0, 0, 255])
        #expect(Fixture.px(out, 2, 2) == [0, 0, 255, 255])
    }

    /// Inside a rotated clip, commands keep their own blend mode (additive adds to the frame).
    @Test("rotated clip keeps blend modes") func rotatedClipKeepsBlendModes() throws {
        let glow = ImageDraw(texture: Texture(Fixture.solid(1, 1, [50, 0, 0, 255])), rect: Rect(0, 0, 20, 20), blend: .additive)
        let list = Fixture.list(20, 20, background: Color(red: 100.0 / 255, green: 0, blue: 0), [
            .pushClip(rect: Rect(-5, -5, 10, 10), transform: Transform2D(rotationAngle: 0.4).concatenating(Transform2D(translationX: 10, y: 10))),
            .image(glow), .popClip,
        ])
        let out = try Fixture.render(list)
        #expect(Fixture.px(out, 10, 10) == [150, 0, 0, 255])
        #expect(Fixture.px(out, 0, 0) == [100, 0, 0, 255])
    }
}
