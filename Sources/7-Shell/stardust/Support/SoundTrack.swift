import Foundation
import Stardust

/// The synthesized sound track of an effect (docs/DESIGN.md §8): written as WAV on request and muxed into a movie.
enum SoundTrack {
    /// Synthesizes `cues` over `duration` seconds (44.1 kHz mono), writes the WAV to `audio` when given, and muxes it
    /// into `movie` when that is an `.mp4` or `.webm` file (just written, so ffmpeg is installed).
    static func write(_ cues: [SoundCue], duration: Double, seed: UInt64, audio: String?, movie: String) throws {
        try write(cues, from: 0, to: duration, seed: seed, audio: audio, movie: movie)
    }

    /// The slice of the track from `start` to `end` seconds of the timeline (the sound of a frame range: the movie's
    /// first frame is at `start`, so the audio starts there too), written and muxed as above.
    static func write(_ cues: [SoundCue], from start: Double, to end: Double, seed: UInt64, audio: String?, movie: String) throws {
        let ext = URL(fileURLWithPath: movie).pathExtension.lowercased()
        let isMovie = ext == "mp4" || ext == "webm"
        guard audio != nil || isMovie else { return }
        let samples = SoundSynth.render(cues, from: start, to: end, seed: seed)
        let wav = try WAVWriter.encode(floatSamples: samples, channels: 1, sampleRate: 44_100)
        if let audio { try AtomicFile.write(wav, to: audio) }
        if isMovie { try mux(wav: wav, into: movie, ext: ext) }
    }

    /// Muxes the sound into the movie just written (ffmpeg was needed to write it): the video stream is copied,
    /// the audio encoded (AAC for MP4, Opus for WebM) into a temporary file that then replaces the movie.
    static func mux(wav: [UInt8], into path: String, ext: String) throws {
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let wavPath = dir + "/.stardust-sound-\(getpid()).wav", tmp = dir + "/.stardust-sound-\(getpid()).\(ext)"
        defer { try? FileManager.default.removeItem(atPath: wavPath); try? FileManager.default.removeItem(atPath: tmp) }
        try AtomicFile.write(wav, to: wavPath)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["ffmpeg", "-v", "error", "-y", "-i", path, "-i", wavPath, "-map", "0:v", "-map", "1:a", "-c:v", "copy",
                       "-c:a", ext == "mp4" ? "aac" : "libopus", "-shortest", tmp]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw CLIError.runtime("ffmpeg could not add the sound track to \(path) (exit status \(p.terminationStatus)).")
        }
        // rename(2) replaces the movie atomically (same folder, same file system).
        guard rename(tmp, path) == 0 else {
            throw CLIError.runtime("could not replace \(path) with the movie with sound (errno \(errno)).")
        }
    }
}
