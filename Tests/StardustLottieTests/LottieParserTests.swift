import Foundation
import StardustCodecs
import StardustLottie
import Testing

/// The typed model read from JSON, and errors that name the JSON path of the offending value.
@Suite("Lottie parser")
struct LottieParserTests {
    static func parse(_ json: String, limits: LottieLimits = LottieLimits()) throws -> LottieAnimation {
        try LottieParser.parse(Array(json.utf8), limits: limits)
    }

    static let header = #""v":"5.7.4","fr":30,"ip":0,"op":60,"w":200,"h":100"#

    @Test func readsTheAnimationHeaderAndLayerTypes() throws {
        let a = try Self.parse(#"{\#(Self.header),"nm":"x","layers":[{"ty":3,"ind":1,"ip":0,"op":60,"st":0,"ks":{}},"# +
                               ##"{"ty":1,"sc":"#ff0000","sw":10,"sh":20,"ip":0,"op":60,"ks":{}}],"markers":[{"cm":"a","tm":5,"dr":10}]}"##)
        #expect(a.frameRate == 30 && a.inPoint == 0 && a.outPoint == 60 && a.width == 200 && a.height == 100)
        #expect(a.duration == 2)
        #expect(a.layers.count == 2)
        #expect(a.layers[0].kind == .null)
        #expect(a.layers[1].kind == .solid(color: "#ff0000", width: 10, height: 20))
        #expect(a.markers == [LottieMarker(name: "a", frame: 5, duration: 10)])
    }

    @Test func readsKeyframesWithEasingHoldAndSpatialTangents() throws {
        let a = try Self.parse(#"{\#(Self.header),"layers":[{"ty":3,"ks":{"p":{"a":1,"k":["# +
            #"{"t":0,"s":[0,0],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]},"to":[10,0],"ti":[0,-10]},"# +
            #"{"t":10,"s":[100,50],"h":1},{"t":20,"s":[0,0]}]}}}]}"#)
        guard case .combined(let p) = a.layers[0].transform.position, case .keyframes(let k) = p.value else {
            Issue.record("expected keyframes"); return
        }
        #expect(k.count == 3)
        #expect(k[0].easing?.out == LottiePoint(0.3, 0) && k[0].easing?.into == LottiePoint(0.7, 1))
        #expect(k[0].spatial?.out == LottiePoint(10, 0) && k[0].spatial?.into == LottiePoint(0, -10))
        #expect(k[1].hold && !k[0].hold)
        #expect(k[2].value == [0, 0])
    }

    @Test func readsTheOldStartEndKeyframeForm() throws {
        // Before Bodymovin 5.5: each keyframe has `s` and `e`, the last only `t`.
        let a = try Self.parse(#"{\#(Self.header),"layers":[{"ty":3,"ks":{"o":{"a":1,"k":["# +
            #"{"t":0,"s":[0],"e":[100]},{"t":10}]}}}]}"#)
        #expect(a.layers[0].transform.opacity.value.keyframeList.map(\.value) == [0, 100])
    }

    @Test func readsSplitPositionAndShapeItems() throws {
        let a = try Self.parse(#"{\#(Self.header),"layers":[{"ty":4,"ks":{"p":{"s":true,"x":{"a":0,"k":5},"y":{"a":0,"k":6}}},"# +
            #""shapes":[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":2}},"# +
            #"{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":3},"lc":2,"lj":3,"ml":5},"# +
            #"{"ty":"tr","p":{"a":0,"k":[1,2]}}]},{"ty":"zz"}]}]}"#)
        guard case .split(let x, let y) = a.layers[0].transform.position else { Issue.record("split expected"); return }
        #expect(x.value.initial == 5 && y.value.initial == 6)
        guard case .shape(let items, let paths) = a.layers[0].kind, case .group(let g) = items[0] else { Issue.record("group expected"); return }
        #expect(paths == ["$.layers[0].shapes[0]", "$.layers[0].shapes[1]"])
        #expect(g.items.count == 2)
        #expect(g.itemPaths == ["$.layers[0].shapes[0].it[0]", "$.layers[0].shapes[0].it[1]"])
        guard case .combined(let gp) = g.transform.position else { Issue.record("combined expected"); return }
        #expect(gp.value.initial == [1, 2])
        guard case .stroke(let s) = g.items[1] else { Issue.record("stroke expected"); return }
        #expect(s.cap == 2 && s.join == 3 && s.miterLimit == 5 && s.width.value.initial == 3)
        #expect(items[1] == .unsupported(type: "zz"))
    }

    @Test func errorsNameTheJSONPathOfTheValue() {
        #expect(throws: LottieError(path: "$.layers[0].ks.p.k[1].s[1]", "expected a number, found a string")) {
            try Self.parse(#"{\#(Self.header),"layers":[{"ty":3,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":5,"s":[1,"x"]}]}}}]}"#)
        }
        #expect(throws: LottieError(path: "$.layers[0].ks.o.k[1].t", "keyframe at frame 2.0 comes before the previous one at 5.0")) {
            try Self.parse(#"{\#(Self.header),"layers":[{"ty":3,"ks":{"o":{"a":1,"k":[{"t":5,"s":[0]},{"t":2,"s":[1]}]}}}]}"#)
        }
        #expect(throws: LottieError(path: "$", "missing \"fr\" (frame rate)")) {
            try Self.parse(#"{"v":"5","ip":0,"op":1,"w":1,"h":1,"layers":[]}"#)
        }
        #expect(throws: LottieError(path: "$.op", "the out point 0.0 must be after the in point 5.0")) {
            try Self.parse(#"{"v":"5","fr":30,"ip":5,"op":0,"w":1,"h":1,"layers":[]}"#)
        }
    }

    @Test func tellsLottieFromAScene() {
        #expect(LottieParser.looksLikeLottie(Array(#"{\#(Self.header),"layers":[]}"#.utf8)))
        #expect(!LottieParser.looksLikeLottie(Array(#"{"size":[100,100],"layers":[]}"#.utf8)))
    }

    /// Detection reads only the top level's member names: values in between — strings holding brackets, quotes and
    /// escapes, nested objects that hold the same names — are stepped over, and names inside them do not count.
    @Test func tellsLottieByTheTopLevelNamesOnly() {
        let nested = #"{"nm":"a \"}{[\\","assets":[{"id":"x","layers":[{"v":1,"fr":2}]}],"#
        #expect(LottieParser.looksLikeLottie(Array((nested + #"\#(Self.header),"layers":[] }"#).utf8)))
        // The same names one level down are not the top level's.
        #expect(!LottieParser.looksLikeLottie(Array(#"{"scene":{\#(Self.header),"layers":[]}}"#.utf8)))
        #expect(!LottieParser.looksLikeLottie(Array(#"{"nm":"\"v\":1,\"fr\":2,\"ip\":0,\"op\":1,\"layers\":[]"}"#.utf8)))
        // Not an object, or cut short before the names are all read.
        #expect(!LottieParser.looksLikeLottie(Array(#"[{\#(Self.header),"layers":[]}]"#.utf8)))
        #expect(!LottieParser.looksLikeLottie(Array(#"{\#(Self.header),"assets":[{"p":"x"#.utf8)))
        #expect(!LottieParser.looksLikeLottie([]))
    }

    @Test func tgsIsGzippedJSON() throws {
        let json = Array(#"{\#(Self.header),"layers":[]}"#.utf8)
        let tgs = Gunzip.compress(json)
        #expect(try LottieFile.jsonBytes(tgs, name: "s.tgs") == json)
        #expect(try LottieParser.parse(try LottieFile.jsonBytes(tgs, name: "s.tgs")).frameRate == 30)
    }
}
