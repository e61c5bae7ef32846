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
