import Foundation
import Stardust
import StardustTestSupport
import Testing

/// The synthesized sound track, decoded by a WAV reader that is not ours (Python's `wave`).
@Suite struct SoundTrackTests {
    static var python: String? {
        ["/usr/bin/python3", "/usr/local/bin/python3", "/root/.pyenv/shims/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test(.enabled(if: python != nil, "python3 is needed to decode the WAV with an independent reader"))
    func theWAVDecodesWithEventsAtTheirSampleOffsets() throws {
        let effect = DustEffect(texture: Texture(Image(width: 8, height: 8, color: .white)), frame: Rect(x: 0, y: 0, width: 8, height: 8),
                                parameters: DustParameters(layerCount: 8, seed: 1), snapTime: 0.25, restoreTime: 3.5)
        let duration = 6.0
        let cues = effect.soundCues
        #expect(cues.map(\.kind) == [.snap, .dust, .restore])
        let samples = SoundSynth.render(cues, duration: duration, seed: 1)
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/track.wav"
        try Data(WAVWriter.encode(floatSamples: samples, channels: 1, sampleRate: 44_100)).write(to: URL(fileURLWithPath: path))
        let script = """
        import wave, struct, sys
        w = wave.open(sys.argv[1], 'rb')
        n, rate, ch, width = w.getnframes(), w.getframerate(), w.getnchannels(), w.getsampwidth()
        data = struct.unpack('<%dh' % n, w.readframes(n))
        def onset(after):
            for i in range(after, n):
                if data[i] != 0: return i
            return -1
        def silent(a, b): return all(v == 0 for v in data[a:b])
        print(n, rate, ch, width, onset(0), onset(int(3.0 * rate)), int(silent(int(2.9 * rate), int(3.5 * rate))))
        """
        let text = try ChildProcess.run(URL(fileURLWithPath: try #require(Self.python)), ["-c", script, path]).standardOutput
        let v = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        try #require(v.count == 7, "python printed \(text)")
        #expect(v[0] == Int(duration * 44_100))
        #expect(v[1] == 44_100 && v[2] == 1 && v[3] == 2)
        #expect(v[4] == Int((0.25 * 44_100).rounded()), "the snap starts at its sample")
        #expect(v[5] == Int((3.5 * 44_100).rounded()), "the restore starts at its sample")
        #expect(v[6] == 1, "silence between the end of the dust and the restore")
    }
}
