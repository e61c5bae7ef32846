import Testing
import StardustCore
@testable import StardustRender

/// The band drawer's buffers and rasterizer storage are kept from band to band and frame to frame (`BandStorage`;
/// docs/RENDERER.md, "Band storage kept across frames"; twenty-seventh round): a frame drawn with kept storage, whatever
/// an earlier frame or garbage left in it, has the bytes of the frame drawn with new storage.
@Suite(.serialized) struct BandStorageTests {
    /// A busy list: composite groups with every mask mode (nested, with tints, filters and a shadow at times), groups
    /// at an opacity, axis-aligned and rotated clips, strokes, fills and gradients (MaskedCompositeNarrowingTests).
    static func list(_ rng: inout SplitMix64, trial: Int) -> DisplayList {
        let w = Double([97, 40, 150][trial % 3]), h = Double([83, 130, 45][trial % 3])
        let mode = MaskMode.allCases[trial % MaskMode.allCases.count]
        let shadow = trial % 4 == 3
            ? ShadowDraw(color: Color(red: 0, green: 0, blue: 0, alpha: 0.6), offset: Point(3, 4), sigma: 2.5) : nil
        let group = CompositeGroup(opacity: Double.random(in: 0.3...1, using: &rng),
                                   filter: trial % 4 == 1 ? .multiply : .normal, mask: shadow == nil ? mode : nil,
                                   tint: trial % 5 == 2 ? Color(red: 0.9, green: 0.6, blue: 1, alpha: 0.8) : nil,
                                   shadow: shadow)
        var commands: [DrawCommand] = [MaskedCompositeNarrowingTests.shape(&rng, w, h), .beginCompositeGroup(group)]
        commands += MaskedCompositeNarrowingTests.content(&rng, w, h)
        if shadow == nil {
            commands.append(.beginGroupMask)
            for _ in 0..<Int.random(in: 1...3, using: &rng) { commands.append(MaskedCompositeNarrowingTests.shape(&rng, w * 0.6, h * 0.6)) }
        }
        commands += [.endCompositeGroup, MaskedCompositeNarrowingTests.shape(&rng, w, h)]
        commands += MaskedCompositeNarrowingTests.content(&rng, w, h)
        return Fixture.list(w, h, scale: trial % 3 == 0 ? 1.5 : 1,
                            background: Color(red: 0.3, green: 0.1, blue: 0.6, alpha: trial % 2 == 0 ? 1 : 0.5), commands)
    }

    /// Fills the pool with storages whose every buffer holds garbage: band-sized buffers at several depths and free
    /// composite buffers of several sizes, larger and smaller than a frame's.
    static func dirtyPool(_ rng: inout SplitMix64) {
        let storages = (0..<BandStorage.keptStorages).map { _ in BandStorage.take() }
        for s in storages {
            for depth in 0..<Int.random(in: 1...5, using: &rng) {
                let count = Int.random(in: 1...200_000, using: &rng)
                let b = s.bandBuffer(depth: depth, count: count)
                for i in 0..<count { b[i] = UInt8(truncatingIfNeeded: i &* 37 &+ depth) }
            }
            let regions = Int.random(in: 1...4, using: &rng)
            for _ in 0..<regions {
                let count = Int.random(in: 1...150_000, using: &rng)
                let b = s.pushRegion(count: count)
                for i in 0..<count { b[i] = UInt8(truncatingIfNeeded: i &* 91 &+ 7) }
            }
            for _ in 0..<regions { s.popRegion() }
        }
        for s in storages { BandStorage.give(s) }
    }

    @Test("frames drawn with kept band storage, after other frames or garbage, have the bytes of new storage")
    func keptStorageGivesTheBytesOfNewStorage() throws {
        var rng = SplitMix64(seed: 2727)
        let lists = (0..<24).map { Self.list(&rng, trial: $0) }
        // New storage for every band, as before (other suites drawing meanwhile get new storage too: the same bytes).
        BandStorage.setKeeping(false)
        let want = try lists.map { try Fixture.render($0, bandHeight: 64).pixels }
        BandStorage.setKeeping(true)
        // One frame after another (each band takes what the bands before left), band heights and threads varied.
        for (i, list) in lists.enumerated() {
            let got = try Fixture.render(list, threads: 1 + i % 2, bandHeight: [64, 7, 16, 33][i % 4])
            #expect(got.pixels == want[i], "frame \(i) after the frames before it")
        }
        // Storage full of garbage.
        for (i, list) in lists.enumerated() {
            Self.dirtyPool(&rng)
            let got = try Fixture.render(list, threads: 1 + (i / 2) % 2, bandHeight: [5, 64, 19][i % 3])
            #expect(got.pixels == want[i], "frame \(i) after garbage")
        }
        #expect(BandStorage.keptCount >= 1 && BandStorage.keptCount <= BandStorage.keptStorages)
    }

    @Test("a storage keeps at most its bound of buffers after a band")
    func keptBytesAreBounded() {
        let s = BandStorage()
        let big = BandStorage.keptBytes / 3
        _ = s.bandBuffer(depth: 0, count: big)
        _ = s.bandBuffer(depth: 1, count: big)
        for _ in 0..<3 { _ = s.pushRegion(count: big) }
        s.finishBand()
        #expect(s.keptByteCount <= BandStorage.keptBytes)
        // A composite buffer taken again is cleared, whatever was written into it.
        let b = s.pushRegion(count: 1000)
        for i in 0..<1000 { b[i] = 0xFF }
        s.popRegion()
        let c = s.pushRegion(count: 1000)
        #expect((0..<1000).allSatisfy { c[$0] == 0 })
        s.popRegion()
    }
}
