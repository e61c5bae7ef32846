import StardustTestSupport
import Foundation
import StardustCodecs
import StardustCore
import XCTest

final class OutputTests: XCTestCase {
    func testAtomicWriteIntoMissingDirectoryThrowsAndLeavesNothing() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertThrowsError(try AtomicFile.write([1, 2, 3], to: dir + "/missing/out.bin")) { error in
            XCTAssertTrue("\(error)".hasPrefix("Cannot write \(dir)/missing/out.bin:"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [])
    }

    func testAtomicWriteReplacesTheFileAndLeavesNoTemporaryFiles() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/out.bin"
        try AtomicFile.write([1, 2, 3], to: path)
        try AtomicFile.write([9, 8], to: path)
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), [9, 8])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["out.bin"])
    }

    func testAbandonedStreamingOutputLeavesNothing() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do {
            let writer = try GIFWriter(path: dir + "/x.gif", width: 4, height: 4, fps: 10)
            try writer.append(Image(width: 4, height: 4, color: Color(red: 1, green: 0, blue: 0, alpha: 1)))
            // The render fails here: the writer is dropped without finish().
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [])
    }

    func testInputsAreNeverOverwritten() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/in.png"
        try AtomicFile.write([1], to: input)
        XCTAssertThrowsError(try AtomicFile.ensureDistinct(output: input, from: input))
        XCTAssertThrowsError(try AtomicFile.ensureDistinct(output: dir + "/./in.png", from: input))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: input)
        XCTAssertThrowsError(try AtomicFile.ensureDistinct(output: dir + "/link.png", from: input))
        XCTAssertNoThrow(try AtomicFile.ensureDistinct(output: dir + "/out.png", from: input))
    }

    func testFormatFromPath() throws {
        XCTAssertEqual(try Exporter.format(forPath: "a.gif", frameCount: 10), .gif)
        XCTAssertEqual(try Exporter.format(forPath: "a.PNG", frameCount: 1), .png)
        XCTAssertEqual(try Exporter.format(forPath: "a.png", frameCount: 2), .apng)
        XCTAssertEqual(try Exporter.format(forPath: "dir/a.apng", frameCount: 1), .apng)
        XCTAssertEqual(try Exporter.format(forPath: "a.mp4", frameCount: 3), .mp4)
        XCTAssertEqual(try Exporter.format(forPath: "a.webm", frameCount: 3), .webm)
        XCTAssertEqual(try Exporter.format(forPath: "frames/", frameCount: 3), .pngSequence)
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertEqual(try Exporter.format(forPath: dir, frameCount: 3), .pngSequence)
        XCTAssertThrowsError(try Exporter.format(forPath: "a.bmp", frameCount: 1)) { error in
            XCTAssertTrue("\(error)".contains(".bmp"), "\(error)")
        }
        XCTAssertThrowsError(try Exporter.format(forPath: "noextension", frameCount: 1))
    }

    func testSinksWriteEveryFormatThatNeedsNoExternalTool() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let frames = (0..<3).map { f in TestSupport.image(width: 6, height: 4) { x, y in (UInt8(x * 40), UInt8(y * 60), UInt8(f * 100), 255) } }
        for (name, format) in [("a.png", OutputFormat.png), ("a.gif", .gif), ("b.png", .apng), ("seq/", .pngSequence)] {
            let sink = try Exporter.makeSink(path: dir + "/" + name, format: format, width: 6, height: 4, fps: 24, options: ExportOptions())
            for f in frames { try sink.append(f) }
            try sink.finish()
        }
        XCTAssertEqual(try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/a.png")))), frames[2],
                       "a still PNG keeps the last frame")
        XCTAssertEqual(try GIFDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/a.gif")))).frames.map(\.image), frames)
        XCTAssertEqual(try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: dir + "/b.png")))), frames[0])
        let sequence = try FileManager.default.contentsOfDirectory(atPath: dir + "/seq").sorted()
        XCTAssertEqual(sequence, ["frame_00000.png", "frame_00001.png", "frame_00002.png"])
        for (i, name) in sequence.enumerated() {
            XCTAssertEqual(try ImageDecoder.decodeFile(atPath: dir + "/seq/" + name), frames[i])
        }
        XCTAssertEqual(PNGSequenceWriter.fileName(index: 123456), "frame_123456.png")
    }

    func testWAVHeaderAndSamples() throws {
        let samples: [Int16] = [0, 1000, -1000, 32767, -32768, 5]
        let wav = try WAVWriter.encode(samples: samples, channels: 2, sampleRate: 44100)
        func u32(_ i: Int) -> Int { Int(wav[i]) | Int(wav[i + 1]) << 8 | Int(wav[i + 2]) << 16 | Int(wav[i + 3]) << 24 }
        func u16(_ i: Int) -> Int { Int(wav[i]) | Int(wav[i + 1]) << 8 }
        XCTAssertEqual(Array(wav[0..<4]), Array("RIFF".utf8))
        XCTAssertEqual(u32(4), 36 + 12)
        XCTAssertEqual(Array(wav[8..<16]), Array("WAVEfmt ".utf8))
        XCTAssertEqual(u32(16), 16)
        XCTAssertEqual(u16(20), 1, "PCM")
        XCTAssertEqual(u16(22), 2)
        XCTAssertEqual(u32(24), 44100)
        XCTAssertEqual(u32(28), 44100 * 4, "byte rate")
        XCTAssertEqual(u16(32), 4, "block align")
        XCTAssertEqual(u16(34), 16)
        XCTAssertEqual(Array(wav[36..<40]), Array("data".utf8))
        XCTAssertEqual(u32(40), 12)
        XCTAssertEqual(wav.count, 56)
        XCTAssertEqual((0..<6).map { Int16(bitPattern: UInt16(u16(44 + 2 * $0))) }, samples)
        let fromFloat = try WAVWriter.encode(floatSamples: [1, -1, 0.5, 2], channels: 1, sampleRate: 8000)
        XCTAssertEqual(Array(fromFloat[44...]), [0xFF, 0x7F, 0x01, 0x80, 0x00, 0x40, 0xFF, 0x7F])
        XCTAssertThrowsError(try WAVWriter.encode(samples: [1, 2, 3], channels: 2, sampleRate: 8000))
        XCTAssertThrowsError(try WAVWriter.encode(samples: [1], channels: 3, sampleRate: 8000))
    }

    func testFFmpegSinkProducesAVideoOrNamesTheMissingTool() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard FFmpegSink.locateFFmpeg() != nil else {
            XCTAssertThrowsError(try Exporter.makeSink(path: dir + "/a.mp4", format: .mp4, width: 8, height: 8, fps: 10, options: ExportOptions())) { error in
                XCTAssertEqual("\(error)", "ffmpeg was not found on PATH; install it (apt-get install ffmpeg / brew install ffmpeg).")
            }
            throw XCTSkip("ffmpeg not installed: only the missing-tool error was checked")
        }
        for format in [OutputFormat.mp4, .webm] {
            let path = dir + "/a." + format.rawValue
            // Odd size: the sink pads to even dimensions for yuv420p.
            let sink = try Exporter.makeSink(path: path, format: format, width: 17, height: 9, fps: 10, options: ExportOptions())
            for f in 0..<5 { try sink.append(TestSupport.image(width: 17, height: 9) { x, _ in (UInt8(x * 15), UInt8(f * 50), 0, 255) }) }
            try sink.finish()
            let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            XCTAssertGreaterThan(size, 0)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["a.mp4", "a.webm"])
    }
}
