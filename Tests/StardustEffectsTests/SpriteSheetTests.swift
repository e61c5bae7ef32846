import StardustAnimation
import StardustCore
import StardustEffects
import Testing

@Suite struct SpriteSheetTests {
    @Test(arguments: [0.0, 0.01, 0.5, 0.999, 1.0, 1.3, 1.9583, 1.99, 2.0, 3.0])
    func theGauntletSheetShowsFrameFloor48tOver2(t: Double) {
        let sheet = SpriteSheet(columns: 48)
        let layer = sheet.layer(texture: Texture(Image(width: 48 * 4, height: 4)), size: Size(80, 80))
        layer.add(sheet.animation(duration: 2), forKey: "play")
        let expected = min(47, Int((48 * t / 2).rounded(.down)))
        #expect(sheet.frame(at: t, duration: 2) == expected)
        guard case .rect(let r)? = layer.presentationValue(forKeyPath: "contentsRect", at: t) else {
            Issue.record("no contentsRect"); return
        }
        #expect(abs(r.origin.x - Double(expected) / 48) < 1e-12, "t = \(t)")
        #expect(abs(r.size.width - 1.0 / 48) < 1e-12)
    }

    @Test(arguments: [(4, 3, 10), (5, 1, 5), (2, 2, 4)] as [(Int, Int, Int)])
    func gridSheetsPlayEveryFrameInOrderAndInReverse(grid: (Int, Int, Int)) {
        let sheet = SpriteSheet(columns: grid.0, rows: grid.1, frameCount: grid.2)
        let layer = sheet.layer(texture: Texture(Image(width: 8, height: 8)), size: Size(10, 10))
        layer.add(sheet.animation(duration: 1, beginTime: 1), forKey: "play")
        let back = sheet.layer(texture: Texture(Image(width: 8, height: 8)), size: Size(10, 10), reversed: true)
        back.add(sheet.animation(duration: 1, reversed: true), forKey: "play")
        for i in 0..<grid.2 {
            let t = (Double(i) + 0.5) / Double(grid.2)
            let want = sheet.contentsRect(ofFrame: i)
            guard case .rect(let r)? = layer.presentationValue(forKeyPath: "contentsRect", at: 1 + t),
                  case .rect(let q)? = back.presentationValue(forKeyPath: "contentsRect", at: t) else {
                Issue.record("no contentsRect"); return
            }
            #expect(abs(r.origin.x - want.origin.x) < 1e-12 && abs(r.origin.y - want.origin.y) < 1e-12)
            let rev = sheet.contentsRect(ofFrame: grid.2 - 1 - i)
            #expect(abs(q.origin.x - rev.origin.x) < 1e-12 && abs(q.origin.y - rev.origin.y) < 1e-12)
        }
    }
}
