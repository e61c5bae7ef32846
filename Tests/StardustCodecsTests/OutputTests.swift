import StardustTestSupport
import Foundation
import StardustCodecs
import StardustCore
import Testing

@Suite struct OutputTests {
    @Test func atomicWriteIntoMissingDirectoryThrowsAndLeavesNothing() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        if let error = #expect(throws: (any Error).self, performing: { try AtomicFile.write([1, 2, 3], to: dir + "/missing/out.bin") }) {
            #expect("\(error)".hasPrefix("Cannot write \(dir)/missing/out.bin:"), "\(error)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [])
    }

    @Test func atomicWriteReplacesTheFileAndLeavesNoTemporaryFiles() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/out.bin"
        try AtomicFile.write([1, 2, 3], to: path)
        try AtomicFile.write([9, 8], to: path)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == [9, 8])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.bin"])
    }

    @Test func abandonedStreamingOutputLeavesNothing() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do {
            let writer = try GIFWriter(path: dir + "/x.gif", width: 4, height: 4, fps: 10)
            try writer.append(Image(width: 4, height: 4, color: Color(red: 1, green: 0, blue: 0, alpha: 1)))
            // The render fails here: the writer is dropped without finish().
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [])
    }

    @Test func inputsAreNeverOverwritten() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/in.png"
        try AtomicFile.write([1], to: input)
        #expect(throws: (any Error).self) { try AtomicFile.ensureDistinct(output: input, from: input) }
        #expect(throws: (any Error).self) { try AtomicFile.ensureDistinct(output: dir + "/./in.png", from: input) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: input)
        #expect(throws: (any Error).self) { try AtomicFile.ensureDistinct(output: dir + "/link.png", from: input) }
        #expect(throws: Never.self) { try AtomicFile.ensureDistinct(output: dir + "/out.png", from: input) }
    }

    @Test func formatFromPath() throws {
        #expect(try Exporter.format(forPath: "a.gif", frameCount: 10) == .gif)
        #expect(try Exporter.format(forPath: "a.PNG", frameCount: 1) == .png)
        #expect(try Exporter.format(forPath: "a.png", frameCount: 2) == .apng)
        #expect(try Exporter.format(forPath: "dir/a.apng", frameCount: 1) == .apng)
        #expect(try Exporter.format(forPath: "a.mp4", frameCount: 3) == .mp4)
        #expect(try Exporter.format(forPath: "a.webm", frameCount: 3) == .webm)
        #expect(try Exporter.format(forPath: "frames/", frameCount: 3) == .pngSequence)
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try Exporter.format(forPath: dir, frameCount: 3) == .pngSequence)
        if let error = #expect(throws: (any Error).self, performing: { try Exporter.format(forPath: "a.bmp", frameCount: 1) }) {
            #expect("\(error)".contains(".bmp"), "\(error)")
        }
        #expect(throws: (any Error).self) { try Exporter.format(forPath: "noextension", frameCount: 1) }
    }

    @Test func sinksWriteEveryFormatThatNeedsNoExternalTool() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = (0..<3).map { f in TestSupport.image(width: 6, height: 4) { x, y in (UInt8(x * 40), UInt8(y * 60), UInt8(f * 100), 255) } }
        for (name, format) in [("a.png", OutputFormat.png), ("a.gif", .gif), ("b.png", .apng), ("seq/", .pngSequence)] {
            let sink = try Exporter.makeSink(path: dir + "/" + name, format: format, width: 6, height: 4, fps: 24, options: ExportOptions())
            for f in frames { try sink.append(f) }
            try sink.finish()
        }
        #expect(try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/a.png")))) == frames[2],
                "a still PNG keeps the last frame")
        #expect(try GIFDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/a.gif")))).frames.map(\.image) == frames)
        #expect(try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/b.png")))) == frames[0])
        let sequence = try FileManager.default.contentsOfDirectory(atPath: dir + "/seq").sorted()
        #expect(sequence == ["frame_00000.png", "frame_00001.png", "frame_00002.png"])
        for (i, name) in sequence.enumerated() {
            #expect(try ImageDecoder.decodeFile(atPath: dir + "/seq/" + name) == frames[i])
        }
        #expect(PNGSequenceWriter.fileName(index: 123456) == "frame_123456.png")
    }

    @Test func wavHeaderAndSamples() throws {
        let samples: [Int16] = [0, 1000, -1000, 32767, -32768, 5]
        let wav = try WAVWriter.encode(samples: samples, channels: 2, sampleRate: 44100)
        func u32(_ i: Int) -> Int { Int(wav[i]) | Int(wav[i + 1]) << 8 | Int(wav[i + 2]) << 16 | Int(wav[i + 3]) << 24 }
        func u16(_ i: Int) -> Int { Int(wav[i]) | Int(wav[i + 1]) << 8 }
        #expect(Array(wav[0..<4]) == Array("RIFF".utf8))
        #expect(u32(4) == 36 + 12)
        #expect(Array(wav[8..<16]) == Array("WAVEfmt ".utf8))
        #expect(u32(16) == 16)
        #expect(u16(20) == 1, "PCM")
        #expect(u16(22) == 2)
        #expect(u32(24) == 44100)
        #expect(u32(28) == 44100 * 4, "byte rate")
        #expect(u16(32) == 4, "block align")
        #expect(u16(34) == 16)
        #expect(Array(wav[36..<40]) == Array("data".utf8))
        #expect(u32(40) == 12)
        #expect(wav.count == 56)
        #expect((0..<6).map { Int16(bitPattern: UInt16(u16(44 + 2 * $0))) } == samples)
        let fromFloat = try WAVWriter.encode(floatSamples: [1, -1, 0.5, 2], channels: 1, sampleRate: 8000)
        #expect(Array(fromFloat[44...]) == [0xFF, 0x7F, 0x01, 0x80, 0x00, 0x40, 0xFF, 0x7F])
        #expect(throws: (any Error).self) { try WAVWriter.encode(samples: [1, 2, 3], channels: 2, sampleRate: 8000) }
        #expect(throws: (any Error).self) { try WAVWriter.encode(samples: [1], channels: 3, sampleRate: 8000) }
    }

    /// Whether ffmpeg is on PATH (the video sinks run it; without it they must name the missing tool).
    static let hasFFmpeg = FFmpegSink.locateFFmpeg() != nil

    @Test(.enabled(if: hasFFmpeg, "ffmpeg not installed: only the missing-tool error is checked (ffmpegSinkNamesTheMissingTool)"))
    func ffmpegSinkProducesAVideo() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for format in [OutputFormat.mp4, .webm] {
            let path = dir + "/a." + format.rawValue
            // Odd size: the sink pads to even dimensions for yuv420p.
            let sink = try Exporter.makeSink(path: path, format: format, width: 17, height: 9, fps: 10, options: ExportOptions())
            for f in 0..<5 { try sink.append(TestSupport.image(width: 17, height: 9) { x, _ in (UInt8(x * 15), UInt8(f * 50), 0, 255) }) }
            try sink.finish()
            let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            #expect(size > 0)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.mp4", "a.webm"])
    }

    @Test(.enabled(if: !hasFFmpeg, "ffmpeg is installed: the missing-tool error cannot occur (ffmpegSinkProducesAVideo runs instead)"))
    func ffmpegSinkNamesTheMissingTool() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        if let error = #expect(throws: (any Error).self, performing: {
            try Exporter.makeSink(path: dir + "/a.mp4", format: .mp4, width: 8, height: 8, fps: 10, options: ExportOptions())
        }) {
            #expect("\(error)" == "ffmpeg was not found on PATH; install it (apt-get install ffmpeg / brew install ffmpeg).")
        }
    }
}
