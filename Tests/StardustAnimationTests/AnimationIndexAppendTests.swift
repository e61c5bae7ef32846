import Foundation
import Testing
import StardustCore
@testable import StardustAnimation

/// The opening shortcuts of animation attachment (docs/BENCHMARKS.md, "lottie", twenty-seventh round (opening)): each
/// must give what the plain computation gives, field for field and bit for bit.
@Suite struct AnimationIndexAppendTests {
    /// ``AnimationIndex/firstNamingPlan(_:rootID:entry:at:ids:)`` against ``AnimationRelationPlan/make`` for entries
    /// that are the first to name a snapshot root: groups of several key paths on one root and on others, parts,
    /// aliases, non-ASCII paths (for which the shortcut must decline), at random positions after other entries.
    @Test func firstNamingPlanIsThePlainPlan() {
        var rng = SplitMix64(seed: 2727)
        let paths = ["opacity", "position", "position.x", "position.y", "transform", "transform.rotation", "transform.rotation.z",
                     "transform.scale", "transform.scale.x", "bounds", "bounds.origin", "bounds.size.width", "anchorPoint",
                     "anchorPointZ", "zPosition", "sublayerTransform.scale", "isHidden", "hidden", "backgroundColor",
                     "cornerRadius", "borderWidth", "borderColor", "contentsRect", "shadowOpacity", "strokeEnd", "fillColor",
                     "position.é", "bounds.size.wïdth", "opacity.x", "\u{212A}ey", "isHidden.x.y"]
        var checked = 0, declined = 0
        for round in 0..<3000 {
            var entries: [AnimationEntry] = []
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                let p = paths.randomElement(using: &rng)!
                entries.append(AnimationEntry(key: nil, animation: LinearNumberTestAnimation(p, from: 0, to: 1),
                                              paths: [(p, LayerKeyPath.canonical(p))]))
            }
            var index = AnimationIndex(entries)
            let g = AnimationGroup()
            g.animations = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                LinearNumberTestAnimation(paths.randomElement(using: &rng)!, from: 0, to: 1)
            }
            let entry = AnimationEntry(key: nil, animation: g, paths: g.animatedKeyPaths.map { ($0, LayerKeyPath.canonical($0)) })
            entries.append(entry)
            let before = Set(index.roots)
            index.append(entry, entries: entries)
            let ids = index.rootIDs[index.rootIDs.count - 1]
            for p in AnimationIndex.SnapshotProperty.allCases {
                guard let id = index.rootID(p.key), !before.contains(p.key) else { continue }
                let plain = AnimationRelationPlan.make(key: p.key, rootID: id, entries: entries, rootIDs: index.rootIDs,
                                                       recordCandidates: true, isActive: { _ in true }, hasValue: { _ in false })
                guard let fast = AnimationIndex.firstNamingPlan(p, rootID: id, entry: entry, at: entries.count - 1, ids: ids) else {
                    declined += 1
                    #expect(entry.paths.contains { $0.canonical.utf8.contains { $0 >= 0x80 } }, "round \(round): declined an ASCII entry")
                    continue
                }
                checked += 1
                #expect(Self.fields(fast) == Self.fields(plain), "round \(round) \(p)")
                // The index's own plan (the one a frame takes) is the plain one too.
                #expect(index.snapshotPlan(p).map(Self.fields) == Self.fields(plain), "round \(round) \(p) in the index")
            }
            #expect(AnimationIndexResolutionTests.summary(index) == AnimationIndexResolutionTests.summary(AnimationIndex(entries)),
                    "round \(round)")
        }
        #expect(checked > 1000 && declined > 10, "checked \(checked), declined \(declined)")
    }

    /// Every field of a plan, the parts' bytes and matched component paths included.
    static func fields(_ plan: AnimationRelationPlan) -> [String] {
        [plan.root.map { "\(Array($0.utf8))" } ?? "nil", plan.rest.map { "\(Array($0.utf8))" } ?? "nil", "\(plan.candidates)"]
            + plan.steps.map { "\($0.entry) \(Array($0.raw.utf8)) \($0.part.map { "\(Array($0.utf8))" } ?? "nil") \(String(describing: $0.partPath))" }
    }

    /// A spatial segment's arc table against the one built from ``KeyframeSegment/point(_:)`` sample by sample (the
    /// computation before the twenty-seventh round), bit for bit, for random control points of one to four
    /// components, subnormals, −0, huge and non-finite values among them.
    @Test func arcTableIsThePointByPointTable() {
        var rng = SplitMix64(seed: 2728)
        let specials: [Double] = [0, -0.0, 1e-310, -1e-310, 1e300, -1e300, .infinity, -.infinity, .nan, 0.1, 1.0 / 3]
        func value() -> Double {
            Int.random(in: 0..<6, using: &rng) == 0 ? specials.randomElement(using: &rng)! : Double.random(in: -2000...2000, using: &rng)
        }
        for round in 0..<2000 {
            let n = Int.random(in: 1...4, using: &rng)
            let pts = (0..<4).map { _ in (0..<n).map { _ in value() } }
            let s = KeyframeSegment(p0: pts[0], p1: pts[1], p2: pts[2], p3: pts[3])
            var table = [0.0], prev = pts[0], total = 0.0
            for i in 1...KeyframeSegment.samples {
                let q = s.point(Double(i) / Double(KeyframeSegment.samples))
                var sum = 0.0
                for k in 0..<q.count { sum += (q[k] - prev[k]) * (q[k] - prev[k]) }
                total += sum.squareRoot(); table.append(total); prev = q
            }
            #expect(s.arcTable.map(\.bitPattern) == table.map(\.bitPattern), "round \(round)")
        }
    }

    /// ``AnimationIndex/SnapshotProperty/init(key:)`` (the key's UTF-8 length picks the candidates) against the plain
    /// lookup that compares with every key in order (docs/BENCHMARKS.md, "lottie", twenty-eighth round
    /// (translation)): every key, and random strings made from the keys — cut, lengthened, a byte changed, letters
    /// swapped for non-ASCII look-alikes (the Kelvin sign equals "K" canonically, a combining accent follows a
    /// letter) — and from random ASCII and non-ASCII characters.
    @Test func snapshotPropertyByLengthIsThePlainLookup() {
        var rng = SplitMix64(seed: 2828)
        let keys = AnimationIndex.SnapshotProperty.allCases.map(\.key)
        #expect(keys == AnimationIndex.SnapshotProperty.allCases.map { "\($0)" })
        for (i, k) in keys.enumerated() { #expect(AnimationIndex.SnapshotProperty(key: k)?.rawValue == i, "\(k)") }
        let extras: [Character] = ["a", "Z", ".", " ", "K", "\u{212A}", "\u{301}", "é", "e\u{301}", "\u{37E}", ";", "😀", "ß", "İ"]
        var found = 0
        for round in 0..<20_000 {
            var chars = Array(keys.randomElement(using: &rng)!)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: chars = Array(chars.prefix(Int.random(in: 0...chars.count, using: &rng)))
            case 1: chars.append(extras.randomElement(using: &rng)!)
            case 2: chars[Int.random(in: 0..<chars.count, using: &rng)] = extras.randomElement(using: &rng)!
            case 3: chars.insert(extras.randomElement(using: &rng)!, at: Int.random(in: 0...chars.count, using: &rng))
            case 4: chars = (0..<Int.random(in: 0...18, using: &rng)).map { _ in extras.randomElement(using: &rng)! }
            default: break
            }
            let key = String(chars)
            let fast = AnimationIndex.SnapshotProperty(key: key), plain = AnimationIndex.SnapshotProperty(everyKey: key)
            #expect(fast == plain, "round \(round): \(Array(key.unicodeScalars))")
            if fast != nil { found += 1 }
        }
        #expect(found > 1000)
    }
}
