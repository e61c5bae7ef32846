import Foundation
import StardustLottie
import Testing

/// The keys read for masks, effects, dashes and expressions are bounded, and a file beyond a bound is refused
/// with the JSON path of the list or value that crossed it (docs/LOTTIE.md, "Limits").
@Suite("Lottie feature limits")
struct LottieFeatureLimitsTests {
    static func parse(_ layer: String, limits: LottieLimits = LottieLimits()) throws -> LottieAnimation {
        try LottieParser.parse(Array(#"{"v":"5","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[\#(layer)]}"#.utf8), limits: limits)
    }

    @Test func theDefaultsAreTheDocumentedOnes() {
        let l = LottieLimits()
        #expect(l.maxMasks == 256 && l.maxEffects == 64 && l.maxDashes == 256 && l.maxExpressionBytes == 65_536)
    }

    @Test func tooManyMasksAreRefused() {
        var l = LottieLimits(); l.maxMasks = 3
        let mask = #"{"mode":"a","pt":{"a":0,"k":{"c":true,"v":[[0,0],[1,0],[1,1]],"i":[],"o":[]}}}"#
        #expect(throws: LottieError(path: "$.layers[0].masksProperties", "more than 3 masks on one layer")) {
            try Self.parse(#"{"ty":3,"ks":{},"masksProperties":[\#(Array(repeating: mask, count: 4).joined(separator: ","))]}"#, limits: l)
        }
    }

    @Test func tooManyEffectsAndEffectValuesAreRefused() {
        var l = LottieLimits(); l.maxEffects = 2
        let effect = #"{"ty":25,"ef":[]}"#
        #expect(throws: LottieError(path: "$.layers[0].ef", "more than 2 effects on one layer")) {
            try Self.parse(#"{"ty":3,"ks":{},"ef":[\#(effect),\#(effect),\#(effect)]}"#, limits: l)
        }
        #expect(throws: LottieError(path: "$.layers[0].ef[0].ef", "more than 2 values in one effect")) {
            try Self.parse(#"{"ty":3,"ks":{},"ef":[{"ty":25,"ef":[{"v":{"a":0,"k":1}},{"v":{"a":0,"k":1}},{"v":{"a":0,"k":1}}]}]}"#, limits: l)
        }
    }

    @Test func tooManyDashEntriesAreRefused() {
        var l = LottieLimits(); l.maxDashes = 4
        let dashes = Array(repeating: #"{"n":"d","v":{"a":0,"k":1}}"#, count: 5).joined(separator: ",")
        #expect(throws: LottieError(path: "$.layers[0].shapes[0].d", "more than 4 dash entries in one stroke")) {
            try Self.parse(#"{"ty":4,"ks":{},"shapes":[{"ty":"st","d":[\#(dashes)]}]}"#, limits: l)
        }
    }

    @Test func aHugeExpressionIsRefused() {
        var l = LottieLimits(); l.maxExpressionBytes = 100
        let source = String(repeating: "x", count: 101)
        #expect(throws: LottieError(path: "$.layers[0].ks.o.x", "an expression of 101 bytes, more than the limit of 100")) {
            try Self.parse(#"{"ty":3,"ks":{"o":{"a":0,"k":100,"x":"\#(source)"}}}"#, limits: l)
        }
    }
}
