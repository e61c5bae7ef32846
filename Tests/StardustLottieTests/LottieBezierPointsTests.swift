import Foundation
@testable import StardustLottie
import StardustCore
import Testing

/// A bezier's point lists read directly from the JSON values (``LottieParser/points(_:)``) against the checked
/// accessors element by element (``LottieParser/checkedPoints(_:)``): the same points, or the same error with the
/// same path, for well-formed lists and for every kind of element the direct read hands over.
@Suite("LottieBezierPointsTests")
struct LottieBezierPointsTests {
    /// `node` as the member `v` of a shape object, so that paths read `$.v[i]`.
    static func member(_ list: LottieJSONValue) -> LottieJSON? { LottieJSON(.object([LottieJSONMember(key: "v", value: list)]))["v"] }

    static func outcome(_ read: () throws -> [LottiePoint]) -> Result<[LottiePoint], LottieError> {
        do { return .success(try read()) } catch let e as LottieError { return .failure(e) } catch {
            Issue.record("unexpected error \(error)")
            return .success([])
        }
    }

    static func expectSame(_ list: LottieJSONValue, _ note: String = "") {
        let parser = LottieParser(limits: LottieLimits())
        let direct = outcome { try parser.points(member(list)) }
        let checked = outcome { try parser.checkedPoints(member(list)!) }
        #expect(direct == checked, "\(note) \(list)")
    }

    /// The points of a list as a plain scan of its tree gives them, as bits (`nil` when an element is not an array
    /// of at least two finite numbers and nothing else): the reference for ``LottieJSONDocument/points(ofArray:)``.
    static func plainPoints(_ list: LottieJSONValue) -> [[UInt64]]? {
        guard case .array(let elements) = list else { return nil }
        var out: [[UInt64]] = []
        for e in elements {
            guard case .array(let xy) = e, xy.count >= 2 else { return nil }
            var numbers: [Double] = []
            for n in xy {
                guard case .number(let d) = n, d.isFinite else { return nil }
                numbers.append(d)
            }
            out.append([numbers[0].bitPattern, numbers[1].bitPattern])
        }
        return out
    }

    @Test("points read straight from the nodes have the bits of a plain scan's, edge values included")
    func directReadAsPlainScan() throws {
        let edges: [Double] = [0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
                               .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e-300, 0.1, -7]
        let odd: [LottieJSONValue] = [.number(.infinity), .number(-.infinity), .number(.nan), .bool(true), .null,
                                      .string("1"), .array([]), .array([.number(1), .number(2)]), .object([])]
        var rng = SplitMix64(seed: 23)
        let parser = LottieParser(limits: LottieLimits())
        for trial in 0..<3_000 {
            let n = Int.random(in: 0...6, using: &rng)
            let list: [LottieJSONValue] = (0..<n).map { _ in
                let count = Int.random(in: 0..<12, using: &rng) == 0 ? Int.random(in: 0...1, using: &rng) : Int.random(in: 2...4, using: &rng)
                return .array((0..<count).map { _ in
                    switch Int.random(in: 0..<40, using: &rng) {
                    case 0: return odd.randomElement(using: &rng)!
                    case 1..<20: return .number(edges.randomElement(using: &rng)!)
                    default: return .number(Double.random(in: -1e6...1e6, using: &rng))
                    }
                })
            }
            // Also a list that is not all arrays now and then.
            let value: LottieJSONValue = trial % 50 == 0 ? .array(list + [odd.randomElement(using: &rng)!]) : .array(list)
            let node = try #require(Self.member(value))
            let direct = node.document.points(ofArray: node.index)
            #expect(direct.map { $0.map { [$0.x.bitPattern, $0.y.bitPattern] } } == Self.plainPoints(value), "\(value)")
            // And the parser's result, read either way, is the checked accessors' (points or error).
            Self.expectSame(value, "trial \(trial)")
            if let direct { #expect(try parser.points(node).map { [$0.x.bitPattern, $0.y.bitPattern] } == direct.map { [$0.x.bitPattern, $0.y.bitPattern] }) }
        }
    }

    @Test("well-formed lists read as the checked accessors read them")
    func wellFormed() throws {
        Self.expectSame(.array([]))
        Self.expectSame(.array([.array([.number(1.5), .number(-2)])]))
        Self.expectSame(.array([.array([.number(1), .number(2), .number(3)]), .array([.number(-0.0), .number(1e300)])]))
        let parser = LottieParser(limits: LottieLimits())
        #expect(try parser.points(nil) == [])
        #expect(try parser.points(Self.member(.array([.array([.number(3), .number(4), .number(9)])]))) == [LottiePoint(3, 4)])
    }

    @Test("every element the direct read hands over gives the checked result or error")
    func mixed() {
        let elements: [LottieJSONValue] = [
            .array([.number(1), .number(2)]), .array([.number(1)]), .array([]), .number(7), .bool(true), .null,
            .string("x"), .array([.bool(true), .number(2)]), .array([.number(1), .bool(false)]),
            .array([.number(1), .number(2), .bool(true)]), .array([.number(1), .number(2), .string("z")]),
            .array([.number(.infinity), .number(2)]), .array([.number(1), .number(.nan)]),
            .array([.number(1), .number(2), .number(-.infinity)]), .array([.array([.number(1)]), .number(2)]),
            .object([]), .array([.number(1), .null]),
        ]
        for e in elements { Self.expectSame(.array([e]), "alone") }
        var rng = SplitMix64(seed: 14)
        for _ in 0..<2_000 {
            let n = Int.random(in: 0...5, using: &rng)
            let list = (0..<n).map { _ in
                Int.random(in: 0..<4, using: &rng) == 0 ? elements.randomElement(using: &rng)!
                    : .array([.number(Double(Int.random(in: -500...500, using: &rng)) / 7), .number(Double.random(in: -1e3...1e3, using: &rng))])
            }
            Self.expectSame(.array(list), "random")
        }
        // Not a list at all.
        for v in [LottieJSONValue.number(1), .string("v"), .bool(false), .object([])] { Self.expectSame(v, "not a list") }
    }
}
