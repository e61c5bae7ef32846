import Foundation
import StardustAnimation
import StardustCore
@testable import StardustLottie
import Testing

/// The eighteenth round's shortcuts in opening a file (docs/BENCHMARKS.md, "lottie"), each against what it
/// replaced: a group's `tr` found among the items already read against listing and filtering `it` again, and the
/// translator's direct model values against `Layer.setValue(_:forKeyPath:)`.
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

    /// The bits of every model property the direct path writes.
    static func bits(_ l: Layer) -> [UInt64] {
        [l.position.x, l.position.y, l.opacity, l.bounds.origin.x, l.bounds.origin.y, l.bounds.size.width, l.bounds.size.height]
            .map(\.bitPattern)
    }

    @Test("direct model values are the values setValue sets, on plain layers and others")
    func directModelValues() {
        var rng = SplitMix64(seed: 1818)
        let specials: [Double] = [0, -0.0, 1, -1, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, 1e300, 0.1]
        func number() -> Double { Bool.random(using: &rng) ? specials.randomElement(using: &rng)! : Double.random(in: -1e4...1e4, using: &rng) }
        let cases: [(LottieTranslator.DirectProperty, String, Bool)] = [
            (.position, "position", true), (.positionX, "position.x", false), (.positionY, "position.y", false),
            (.opacity, "opacity", false), (.boundsOrigin, "bounds.origin", true),
        ]
        for _ in 0..<500 {
            for (direct, keyPath, isPoint) in cases {
                for make in [{ Layer() }, { ShapeLayer() as Layer }] {
                    let a = make(), b = make()
                    for l in [a, b] {
                        l.position = Point(number(), number()); l.bounds = Rect(number(), number(), number(), number())
                        l.opacity = number()
                    }
                    b.position = a.position; b.bounds = a.bounds; b.opacity = a.opacity
                    let value: AnimatableValue = isPoint ? .point(Point(number(), number())) : .number(number())
                    LottieTranslator.setModel(value, direct, of: a, keyPath: keyPath)
                    b.setValue(value, forKeyPath: keyPath)
                    #expect(Self.bits(a) == Self.bits(b), "\(keyPath) \(value)")
                }
            }
        }
        // A value of another kind than the property's goes through setValue too (which ignores it).
        let a = Layer(), b = Layer()
        LottieTranslator.setModel(.number(3), .position, of: a, keyPath: "position")
        b.setValue(.number(3), forKeyPath: "position")
        #expect(Self.bits(a) == Self.bits(b))
    }
}
