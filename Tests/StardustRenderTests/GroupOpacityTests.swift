import Foundation
import Testing
import StardustCore
@testable import StardustRender

@Suite struct GroupOpacityTests {
    private func square(_ p: [UInt8], _ r: Rect, opacity: Double = 1) -> DrawCommand {
        .image(ImageDraw(texture: Texture(Fixture.solid(1, 1, p)), rect: r, opacity: opacity))
    }
    private let red: [UInt8] = [255, 0, 0, 255], green: [UInt8] = [0, 255, 0, 255]

    @Test("group opacity over blue") func groupOpacityOverBlue() throws {
        let list = Fixture.list(10, 10, background: .blue,
                                [.beginGroup(opacity: 0.5), square(red, Rect(2, 2, 4, 4)), .endGroup])
        let out = try Fixture.render(list, bandHeight: 3)
        // 0.5·(255, 0, 0, 255) over (0, 0, 255, 255) = (127.5, 0, 127.5, 255)
        #expect(Fixture.px(out, 3, 3) == [128, 0, 128, 255])
        #expect(Fixture.px(out, 0, 0) == [0, 0, 255, 255])
        #expect(Fixture.px(out, 6, 6) == [0, 0, 255, 255])
    }

    @Test("group differs from per item opacity where items overlap") func groupDiffersFromPerItemOpacityWhereItemsOverlap() throws {
        let grouped = try Fixture.render(Fixture.list(10, 10, background: .blue, [
            .beginGroup(opacity: 0.5), square(red, Rect(0, 0, 6, 6)), square(green, Rect(4, 4, 6, 6)), .endGroup,
        ]))
        let perItem = try Fixture.render(Fixture.list(10, 10, background: .blue, [
            square(red, Rect(0, 0, 6, 6), opacity: 0.5), square(green, Rect(4, 4, 6, 6), opacity: 0.5),
        ]))
        // In the group the green square hides the red one: 0.5·green over blue.
        #expect(Fixture.px(grouped, 5, 5) == [0, 128, 128, 255])
        // Per item: red at 0.5 gives (128, 0, 128); then green at 0.5: (64, 127.5, 64).
        #expect(Fixture.px(perItem, 5, 5) == [64, 128, 64, 255])
        // Where the items do not overlap both agree.
        #expect(Fixture.px(grouped, 1, 1) == Fixture.px(perItem, 1, 1))
        #expect(Fixture.px(grouped, 8, 8) == Fixture.px(perItem, 8, 8))
    }

    @Test("nested groups multiply their opacity") func nestedGroupsMultiplyTheirOpacity() throws {
        let list = Fixture.list(6, 6, background: .blue, [
            .beginGroup(opacity: 0.5), .beginGroup(opacity: 0.5), square(red, Rect(1, 1, 4, 4)), .endGroup, .endGroup,
        ])
        let out = try Fixture.render(list, bandHeight: 2)
        // Inner: 0.5·red → (128, 0, 0, 128) in the outer buffer; outer: 0.5·that = 64 over blue → (64, 0, 191, 255).
        #expect(Fixture.px(out, 2, 2) == [64, 0, 191, 255])
        #expect(Fixture.px(out, 0, 0) == [0, 0, 255, 255])
    }

    @Test("clip inside group and group inside clip") func clipInsideGroupAndGroupInsideClip() throws {
        let list = Fixture.list(10, 10, [
            .pushClip(rect: Rect(0, 0, 5, 10), transform: .identity),
            .beginGroup(opacity: 1), .pushClip(rect: Rect(0, 0, 10, 5), transform: .identity),
            square(red, Rect(0, 0, 10, 10)), .popClip, .endGroup, .popClip,
        ])
        let out = try Fixture.render(list, bandHeight: 4)
        for y in 0..<10 {
            for x in 0..<10 {
                #expect(Fixture.px(out, x, y) == (x < 5 && y < 5 ? red : [0, 0, 0, 0]), "(\(x), \(y))")
            }
        }
    }
}
