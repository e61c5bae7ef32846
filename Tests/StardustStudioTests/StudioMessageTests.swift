import Testing
@testable import StardustStudio

/// Message validation: the schema refuses what it does not know, before anything touches the document.
@Suite struct StudioMessageTests {
    @Test func parsesTheTransportMessages() throws {
        #expect(try StudioMessage.parse(#"{"type":"play"}"#) == .play)
        #expect(try StudioMessage.parse(#"{"type":"seek","time":2.5}"#) == .seek(2.5))
        #expect(try StudioMessage.parse(#"{"type":"step","frames":-1}"#) == .step(-1))
        #expect(try StudioMessage.parse(#"{"type":"speed","value":0.5}"#) == .speed(0.5))
    }

    @Test func refusesGarbageUnknownKeysAndOutOfRangeNumbers() {
        for bad in ["", "nonsense", "[]", #"{"type":"play","extra":1}"#, #"{"type":"seek","time":"x"}"#,
                    #"{"type":"speed","value":1e9}"#, #"{"type":"warp"}"#, #"{"type":"set","layer":"a.b","keyPath":"x","value":1}"#,
                    String(repeating: "[", count: 100_000)] {
            #expect(throws: StudioEditError.self) { try StudioMessage.parse(bad) }
        }
    }
}
