import Testing
import StardustCore
@testable import StardustAnimation

@Suite struct LayerAnimatedImageTests {
    private func tex() -> Texture { Texture(Image(width: 1, height: 1, color: .white)) }

    @Test func frameIndexes() throws {
        let t1 = tex(), t2 = tex(), t3 = tex()
        // Frames 1-2-3-2-1 over 1 s: 0.2 s each.
        let anim = try AnimatedImage(frames: [t1, t2, t3, t2, t1], duration: 1)
        #expect(anim.frameIndex(at: 0) == 0)
        #expect(anim.frameIndex(at: 0.1) == 0)
        #expect(anim.frameIndex(at: 0.25) == 1)
        #expect(anim.frameIndex(at: 0.4) == 2)   // exactly on a boundary: the next frame
        #expect(anim.frameIndex(at: 0.99) == 4)
        #expect(anim.frameIndex(at: 1.05) == 0)  // loops
        #expect(anim.frameIndex(at: 2.5) == 2)
        #expect(anim.frameIndex(at: -0.1) == 4)
        #expect(anim.frame(at: 0.1) === t1)
        #expect(anim.frame(at: 0.25) === t2)
        #expect(anim.frame(at: 0.5) === t3)
        #expect(anim.frame(at: 0.99) === t1)
    }

    @Test func numberedNamesStopAtFirstGap() throws {
        var store: [String: Texture] = [:]
        for n in [0, 1, 2, 4, 5] { store["dancing\(n)"] = tex() }
        var asked: [String] = []
        let anim = try AnimatedImage.named("dancing", duration: 0.6) { asked.append($0); return store[$0] }
        #expect(anim.frames.count == 3)
        #expect(anim.frames[2] === store["dancing2"])
        #expect(asked == ["dancing0", "dancing1", "dancing2", "dancing3"])
    }

    @Test func numberingMayStartAtOne() throws {
        var store: [String: Texture] = [:]
        for n in 1...3 { store["spin\(n)"] = tex() }
        let anim = try AnimatedImage.named("spin", duration: 1) { store[$0] }
        #expect(anim.frames.count == 3)
        #expect(anim.frames[0] === store["spin1"])
    }

    @Test func numberingStopsAt1024() throws {
        let t = tex()
        var asked = 0
        let anim = try AnimatedImage.named("x", duration: 1) { _ in asked += 1; return t }
        #expect(anim.frames.count == 1025)   // x0 … x1024
        #expect(asked == 1025)
    }

    @Test func errors() {
        if let e = #expect(throws: (any Error).self, performing: { _ = try AnimatedImage.named("none", duration: 1) { _ in nil } }) {
            #expect((e as? AnimatedImageError) == .noFrames(base: "none"))
            #expect("\(e)".contains("none0"))
        }
        #expect(throws: (any Error).self) { _ = try AnimatedImage(frames: [], duration: 1) }
        #expect(throws: (any Error).self) { _ = try AnimatedImage(frames: [tex()], duration: 0) }
        #expect(throws: (any Error).self) { _ = try AnimatedImage(frames: [tex()], duration: .infinity) }
    }

    @Test func layerShowsTheFrameAtItsLocalTime() throws {
        let a = tex(), b = tex()
        let l = Layer()
        l.bounds = Rect(0, 0, 4, 4)
        l.contents = tex()
        l.animatedContents = try AnimatedImage(frames: [a, b], duration: 1)
        l.timing.beginTime = 10
        func shown(_ t: Double) -> Texture? { Commands.images(l.displayList(size: Size(4, 4), at: t).commands).first?.texture }
        #expect(shown(10.2) === a)
        #expect(shown(10.7) === b)
        #expect(shown(11.3) === a)
        #expect(shown(10.7) === b)   // deterministic: depends only on the time asked
    }
}
