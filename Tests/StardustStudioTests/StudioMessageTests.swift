import Testing
import Stardust
@testable import StardustStudio

/// Message validation: the schema refuses what it does not know, before anything touches the document.
@Suite struct StudioMessageTests {
    @Test func parsesTheTransportMessages() throws {
        #expect(try StudioMessage.parse(#"{"type":"play"}"#) == .play)
        #expect(try StudioMessage.parse(#"{"type":"seek","time":2.5}"#) == .seek(2.5))
        #expect(try StudioMessage.parse(#"{"type":"step","frames":-1}"#) == .step(-1))
        #expect(try StudioMessage.parse(#"{"type":"speed","value":0.5}"#) == .speed(0.5))
    }

    @Test func parsesTouchSnapAndPhysicsMessages() throws {
        #expect(try StudioMessage.parse(#"{"type":"pointer","phase":"moved","x":10.5,"y":-3,"id":2}"#)
                == .pointer(phase: "moved", x: 10.5, y: -3, id: 2))
        #expect(try StudioMessage.parse(#"{"type":"snap","layer":"0.3"}"#) == .snap(layer: LayerPath([0, 3])))
        #expect(try StudioMessage.parse(#"{"type":"setSource","path":"physics.gravity","value":[0, 5]}"#)
                == .setSource(path: "physics.gravity", value: .array([.number(0), .number(5)])))
        for bad in [#"{"type":"pointer","phase":"hover","x":1,"y":1}"#, #"{"type":"pointer","phase":"began","x":1e9,"y":1}"#,
                    #"{"type":"snap","layer":"x"}"#, #"{"type":"setSource","path":"physics.gravity"}"#] {
            #expect(throws: StudioEditError.self) { try StudioMessage.parse(bad) }
        }
    }

    @Test func refusesGarbageUnknownKeysAndOutOfRangeNumbers() {
        for bad in ["", "nonsense", "[]", #"{"type":"play","extra":1}"#, #"{"type":"seek","time":"x"}"#,
                    #"{"type":"speed","value":1e9}"#, #"{"type":"warp"}"#, #"{"type":"set","layer":"a.b","keyPath":"x","value":1}"#,
                    String(repeating: "[", count: 100_000)] {
            #expect(throws: StudioEditError.self) { try StudioMessage.parse(bad) }
        }
    }
}
