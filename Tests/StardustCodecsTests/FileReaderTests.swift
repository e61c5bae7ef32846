import Foundation
import Testing
import StardustCore
@testable import StardustCodecs

/// `FileReader.readAll` reads the size `fstat` gives straight into the array (docs/BENCHMARKS.md, "lottie", fifteenth
/// round): the bytes must be the file's, for sizes around the former 64 KiB chunk; the limit and refusals are as
/// before.
@Suite struct FileReaderTests {
    static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-filereader-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func readsEveryByteOfEverySize() throws {
        var rng = SplitMix64(seed: 15)
        for size in [0, 1, 2, 4095, 4096, 65_535, 65_536, 65_537, 131_073, 300_001] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let path = try Self.temporaryFile(bytes)
            defer { try? FileManager.default.removeItem(atPath: path) }
            #expect(try FileReader.readAll(path) == bytes, "size \(size)")
            // At the limit exactly it is read; one byte over, refused with the former message.
            #expect(try FileReader.readAll(path, maxBytes: size) == bytes, "size \(size) at its limit")
            if size > 0 {
                #expect(throws: CodecError.self) { try FileReader.readAll(path, maxBytes: size - 1) }
            }
        }
    }

    @Test func missingFilesAndFoldersAreRefused() throws {
        #expect(throws: CodecError.self) { try FileReader.readAll("/nonexistent-stardust-\(UUID().uuidString)") }
        #expect(throws: CodecError.self) { try FileReader.readAll(FileManager.default.temporaryDirectory.path) }
    }

    /// A file longer than `fstat` says (it grew after the call; `/proc` files report size 0) goes on in chunks past the
    /// size read up front, and the limit still holds there. `/proc` is Linux's; elsewhere the branch has no such file.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/cmdline"), "needs Linux's /proc"))
    func filesLongerThanTheirStatSizeAreReadToTheEnd() throws {
        var st = stat()
        #expect(stat("/proc/self/cmdline", &st) == 0 && st.st_size == 0, "the premise: /proc reports size 0")
        let expected = [UInt8](try #require(FileHandle(forReadingAtPath: "/proc/self/cmdline")).readDataToEndOfFile())
        #expect(expected.count > 1)
        #expect(try FileReader.readAll("/proc/self/cmdline") == expected)
        // `maps` is longer than 16 bytes; the limit is checked in the chunked branch too.
        #expect(throws: CodecError.self) { try FileReader.readAll("/proc/self/maps", maxBytes: 16) }
        #expect(try FileReader.readAll("/proc/self/maps").count > 16)
    }

    /// `readPrefix` gives the file's first bytes, at most the count asked for (shares `readAll`'s read loop).
    @Test func prefixesAreTheFilesFirstBytes() throws {
        var rng = SplitMix64(seed: 16)
        let bytes = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let path = try Self.temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for asked in [0, 1, 4, 65_536, 69_999, 70_000, 70_001, 1 << 20] {
            #expect(try FileReader.readPrefix(path, maxBytes: asked) == Array(bytes.prefix(asked)), "\(asked) bytes")
        }
        #expect(throws: CodecError.self) { try FileReader.readPrefix(FileManager.default.temporaryDirectory.path, maxBytes: 4) }
    }
}
