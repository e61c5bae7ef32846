import Foundation
import Stardust
import StardustTestSupport
import Testing

/// `stardust render thanos --frames A..B --audio …`: a frame range carries the matching slice of the sound track,
/// decoded by readers that are not ours (Python's `wave`, ffmpeg/ffprobe).
@Suite struct FrameRangeSoundTests {
    /// Runs `python3 -c script args…` and returns the integers it prints.
    static func python(_ script: String, _ args: [String]) throws -> [Int] {
        let text = try ChildProcess.run(URL(fileURLWithPath: try #require(SoundTrackTests.python)), ["-c", script] + args)
            .standardOutput
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
    }

    /// Frames 2…9 at 2 fps are t = 1 … 5 s: the WAV holds samples [1 s, 5 s) of the whole track, sample for sample,
    /// so the snap (at 2 s on the timeline) starts 1 s into it.
    @Test(.enabled(if: SnapCommandTests.binary != nil && SoundTrackTests.python != nil, "the stardust executable and python3"))
    func aFrameRangeWritesTheMatchingSliceOfTheTrack() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let common = ["render", "thanos", "--size", "200x270", "--fps", "2", "--quiet"]
        let (s1, e1) = try SnapCommandTests.run(common + ["-o", dir + "/all/", "--audio", dir + "/all.wav"])
        #expect(s1 == 0, "\(e1)")
        let (s2, e2) = try SnapCommandTests.run(common + ["--frames", "2..9", "-o", dir + "/part/", "--audio", dir + "/part.wav"])
        #expect(s2 == 0, "\(e2)")
        let v = try Self.python("""
        import wave, struct, sys
        def read(path):
            w = wave.open(path, 'rb')
            n = w.getnframes()
            return w.getframerate(), struct.unpack('<%dh' % n, w.readframes(n))
        rate, whole = read(sys.argv[1])
        _, part = read(sys.argv[2])
        onset = next(i for i in range(len(part)) if part[i] != 0)
        print(rate, len(whole), len(part), onset, int(list(part) == list(whole[rate:5 * rate])))
        """, [dir + "/all.wav", dir + "/part.wav"])
        try #require(v.count == 5, "python printed \(v)")
        #expect(v[0] == 44_100 && v[1] == 13 * 44_100)
        #expect(v[2] == 4 * 44_100, "frames 2…9 at 2 fps last 4 s")
        #expect(v[3] == 44_100, "the snap (2 s on the timeline) is 1 s into the slice")
        #expect(v[4] == 1, "the slice is the whole track's samples from 1 s to 5 s")
    }

    /// The same range to MP4: the movie has an audio stream as long as its 8 frames, and decoding it (ffmpeg) puts
    /// the snap's onset 1 s in (within the AAC codec's priming, a few ms).
    @Test(.enabled(if: SnapCommandTests.binary != nil && SnapCommandTests.ffprobe != nil && SoundTrackTests.python != nil,
                   "the stardust executable, ffmpeg/ffprobe and python3 are installed"))
    func aFrameRangeMovieCarriesItsSound() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (status, err) = try SnapCommandTests.run(["render", "thanos", "--size", "200x270", "--fps", "2", "--quiet",
                                                      "--frames", "2..9", "-o", dir + "/part.mp4"])
        #expect(status == 0, "\(err)")
        let text = try ChildProcess.run(URL(fileURLWithPath: try #require(SnapCommandTests.ffprobe)),
            ["-v", "error", "-show_entries", "stream=codec_type,duration", "-of", "csv=p=0", dir + "/part.mp4"]).standardOutput
        let streams = text.split(separator: "\n").map { $0.split(separator: ",") }
        #expect(streams.contains { $0.first == "video" }, "\(text)")
        let audio = try #require(streams.first { $0.first == "audio" }, "no audio stream: \(text)")
        let seconds = try #require(Double(audio.last ?? ""))
        #expect(abs(seconds - 4) < 0.1, "audio lasts \(seconds) s")
        // Decode the movie's audio with ffmpeg (not ours) and find the snap's click.
        let ffmpeg = URL(fileURLWithPath: try #require(SnapCommandTests.ffprobe)).deletingLastPathComponent()
            .appendingPathComponent("ffmpeg")
        let decode = try ChildProcess.run(ffmpeg, ["-v", "error", "-y", "-i", dir + "/part.mp4", "-map", "0:a", "-ac", "1",
                                                   "-ar", "44100", "-c:a", "pcm_s16le", dir + "/decoded.wav"])
        #expect(decode.status == 0, "\(decode.standardError)")
        let v = try Self.python("""
        import wave, struct, sys
        w = wave.open(sys.argv[1], 'rb')
        n = w.getnframes()
        data = struct.unpack('<%dh' % n, w.readframes(n))
        print(next(i for i in range(n) if abs(data[i]) > 8000))
        """, [dir + "/decoded.wav"])
        try #require(v.count == 1)
        #expect(abs(v[0] - 44_100) < 441, "the snap's onset at sample \(v[0]), expected 44100 (1 s in)")
    }
}
