import Foundation
import StardustCodecs
import StardustLottie
import Testing

/// Files built to exhaust memory or time are refused before work, with the JSON path of the value that
/// crossed the limit (docs/LOTTIE.md, "Limits").
@Suite("Lottie limits")
struct LottieLimitsTests {
    static func parse(_ json: String, limits: LottieLimits = LottieLimits()) throws -> LottieAnimation {
        try LottieParser.parse(Array(json.utf8), limits: limits)
    }

    static func head(op: String = "60", w: String = "100") -> String { #""v":"5","fr":30,"ip":0,"op":\#(op),"w":\#(w),"h":100"# }

    @Test func theDefaultsAreTheDocumentedOnes() {
        let l = LottieLimits()
        #expect(l.maxKeyframes == 1_000_000 && l.maxFrame == 1e9 && l.maxSide == 100_000)
    }

    @Test func aPrecompThatIncludesItselfIsRefused() {
        let json = #"{\#(Self.head()),"assets":[{"id":"a","layers":[{"ty":0,"refId":"b","ks":{}}]},"# +
            #"{"id":"b","layers":[{"ty":0,"refId":"a","ks":{}}]}],"layers":[{"ty":0,"refId":"a","ks":{}}]}"#
        #expect(throws: LottieError(path: "$.assets[1].layers[0].refId", "precomp \"a\" includes itself (a → b → a)")) {
            try Self.parse(json)
        }
    }

    @Test func precompsThatMultiplyBeyondTheLayerBudgetAreRefused() throws {
        // Each level uses the one below 10 times: 10^6 layers from a few hundred bytes.
        var assets: [String] = []
        for level in 0..<6 {
            let inner = level == 0 ? #"{"ty":3,"ks":{}}"# : #"{"ty":0,"refId":"p\#(level - 1)","ks":{}}"#
            assets.append(#"{"id":"p\#(level)","layers":[\#(Array(repeating: inner, count: 10).joined(separator: ","))]}"#)
        }
        let json = #"{\#(Self.head()),"assets":[\#(assets.joined(separator: ","))],"layers":[{"ty":0,"refId":"p5","ks":{}}]}"#
        #expect(throws: LottieError.self) { try Self.parse(json) }
        do { _ = try Self.parse(json) } catch let e as LottieError { #expect(e.path == "$.layers" && e.message.contains("more than the limit")) }
    }

    @Test func tooManyKeyframesAreRefused() {
        var l = LottieLimits()
        l.maxKeyframes = 100
        let frames = (0...100).map { #"{"t":\#($0),"s":[0]}"# }.joined(separator: ",")
        #expect(throws: LottieError(path: "$.layers[0].ks.o.k", "more than 100 keyframes in the file")) {
            try Self.parse(#"{\#(Self.head()),"layers":[{"ty":3,"ks":{"o":{"a":1,"k":[\#(frames)]}}}]}"#, limits: l)
        }
    }

    @Test func aBillionFrameOutPointIsRefused() {
        #expect(throws: LottieError(path: "$.op", "frame 10000000000.0 is beyond the limit of 1000000000 frames")) {
            try Self.parse(#"{\#(Self.head(op: "1e10")),"layers":[]}"#)
        }
    }

    @Test func aHugeCanvasIsRefused() {
        #expect(throws: LottieError(path: "$.w", "size 200000.0 is outside 0…100000")) {
            try Self.parse(#"{\#(Self.head(w: "200000")),"layers":[]}"#)
        }
    }

    @Test func deepGroupNestingIsRefused() {
        var shapes = #"{"ty":"rc"}"#
        for _ in 0..<70 { shapes = #"{"ty":"gr","it":[\#(shapes)]}"# }
        #expect(throws: LottieError.self) { try Self.parse(#"{\#(Self.head()),"layers":[{"ty":4,"ks":{},"shapes":[\#(shapes)]}]}"#) }
    }

    @Test func aBase64ImageBombIsRefusedBeforeDecoding() {
        var l = LottieLimits()
        l.maxImageBytes = 1000
        let data = "data:image/png;base64," + String(repeating: "A", count: 4000)
        #expect(throws: LottieError(path: "$.assets[0].p", "the embedded image is about 3000 bytes, more than the limit of 1000")) {
            try Self.parse(#"{\#(Self.head()),"assets":[{"id":"i","w":1,"h":1,"p":"\#(data)","e":1}],"layers":[]}"#, limits: l)
        }
    }

    @Test func aGzipBombIsRefused() {
        var l = LottieLimits()
        l.maxJSONBytes = 10_000
        let bomb = Gunzip.compress([UInt8](repeating: 0x20, count: 1_000_000))
        #expect(bomb.count < 10_000)
        #expect(throws: LottieError.self) { try LottieFile.jsonBytes(bomb, name: "bomb.tgs", limits: l) }
    }

    @Test func imagesBesideTheFileMayNotLeaveItsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-escape-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.json")
        try Data(#"{\#(Self.head()),"assets":[{"id":"i","w":1,"h":1,"u":"../","p":"x.png"}],"layers":[]}"#.utf8).write(to: file)
        #expect(throws: LottieError(path: "$.assets[0].p", "the image name \"../x.png\" leaves the animation's folder")) {
            try LottieFile.load(path: file.path)
        }
    }
}
