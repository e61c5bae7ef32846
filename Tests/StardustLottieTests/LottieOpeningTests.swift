import Foundation
import StardustAnimation
import StardustCore
@testable import StardustLottie
import Testing

/// The eighteenth round's shortcut in opening a file (docs/BENCHMARKS.md, "lottie") against what it replaced: a
/// group's `tr` found among the items already read against listing and filtering `it` again. (The round's direct
/// model values of the translator became `Layer.setValue(_:forKeyPath:)`'s shortcut in the twentieth round, tested
/// by `LayerCommonKeyPathsTests`.)
@Suite("LottieOpeningTests")
struct LottieOpeningTests {
    /// A shape group whose items are `kinds` (`"tr"`, `"fl"`, …), hidden where `hidden` says; each `tr` has its
    /// own opacity (its index), so the transform taken tells which one it was.
    static func group(_ kinds: [String], hidden: [Bool]) -> String {
        let items = kinds.enumerated().map { i, ty in
            let hd = hidden[i] ? ", \"hd\": true" : ""
            switch ty {
            case "tr": return "{\"ty\": \"tr\", \"o\": {\"a\": 0, \"k\": \(i)}\(hd)}"
            default: return "{\"ty\": \"fl\", \"c\": {\"a\": 0, \"k\": [1, 0, 0]}, \"o\": {\"a\": 0, \"k\": 100}\(hd)}"
            }
        }
        return "{\"ty\": \"gr\", \"it\": [\(items.joined(separator: ", "))]}"
    }

    @Test("a group's transform is its first item of type tr that is not hidden, taken out of the items")
    func groupTransform() throws {
        var rng = SplitMix64(seed: 181)
        for _ in 0..<400 {
            let n = Int.random(in: 0...6, using: &rng)
            let kinds = (0..<n).map { _ in Bool.random(using: &rng) ? "tr" : "fl" }
            let hidden = (0..<n).map { _ in Int.random(in: 0..<3, using: &rng) == 0 }
            let json = LottieJSON(try LottieJSONReader.read(Array(Self.group(kinds, hidden: hidden).utf8)))
            guard case .group(let g) = try LottieParser(limits: LottieLimits()).shapeItem(json, depth: 0) else {
                Issue.record("not a group"); continue
            }
            // The reference, from the lists themselves: the visible items, the first `tr` among them.
            let visible = (0..<n).filter { !hidden[$0] }
            let tr = visible.first { kinds[$0] == "tr" }
            let kept = visible.filter { $0 != tr }
            #expect(g.itemPaths == kept.map { "$.it[\($0)]" })
            #expect(g.items.count == kept.count)
            #expect(g.transform.opacity.value == .fixed(tr.map(Double.init) ?? 100))
            #expect(g.transform.opacity.path == (tr.map { "$.it[\($0)].o" } ?? ""))
        }
    }

    @Test("a group's transform errors keep their path")
    func groupTransformError() throws {
        let text = "{\"ty\": \"gr\", \"it\": [{\"ty\": \"fl\", \"hd\": true}, {\"ty\": \"tr\", \"o\": {\"a\": 0, \"k\": \"x\"}}]}"
        let json = LottieJSON(try LottieJSONReader.read(Array(text.utf8)))
        #expect(throws: LottieError.self) { try LottieParser(limits: LottieLimits()).shapeItem(json, depth: 0) }
        do { _ = try LottieParser(limits: LottieLimits()).shapeItem(json, depth: 0) } catch let e as LottieError {
            #expect(e.path == "$.it[1].o.k")
        }
    }
}
