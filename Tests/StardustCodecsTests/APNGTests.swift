import StardustTestSupport
import Foundation
import StardustCodecs
import StardustCore
import Testing

@Suite struct APNGTests {
    private func frames(_ n: Int) -> [Image] {
        (0..<n).map { f in
            TestSupport.image(width: 9, height: 6) { x, y in (UInt8((x * 25 + f * 40) & 255), UInt8(y * 40), UInt8(f * 60), UInt8(120 + x * 15)) }
        }
    }

    private func uint32(_ d: [UInt8], _ i: Int) -> Int { Int(d[i]) << 24 | Int(d[i + 1]) << 16 | Int(d[i + 2]) << 8 | Int(d[i + 3]) }

    @Test func chunkStructureSequenceNumbersAndFrameCount() throws {
        let source = frames(4)
        var options = ExportOptions()
        options.loopCount = 2
        let bytes = try APNGWriter.encode(source, fps: 29.97, options: options)
        let chunks = try PNGChunk.chunks(in: bytes) // also verifies every CRC
        #expect(chunks.map(\.type).first == "IHDR")
        #expect(chunks[1].type == "acTL", "acTL comes before the image data")
        #expect(uint32(chunks[1].data, 0) == 4, "num_frames")
        #expect(uint32(chunks[1].data, 4) == 2, "num_plays")
        #expect(chunks.filter { $0.type == "fcTL" }.count == 4)
        #expect(chunks.map(\.type).last == "IEND")
        // The first fcTL precedes IDAT (the default image is frame 0); later frames use fdAT.
        let types = chunks.map(\.type)
        let firstFCTL = try #require(types.firstIndex(of: "fcTL")), firstIDAT = try #require(types.firstIndex(of: "IDAT"))
        #expect(firstFCTL < firstIDAT)
        let firstFDAT = try #require(types.firstIndex(of: "fdAT")), lastIDAT = try #require(types.lastIndex(of: "IDAT"))
        #expect(firstFDAT > lastIDAT)
        // Sequence numbers over fcTL and fdAT are 0, 1, 2, … in file order.
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { uint32($0.data, 0) }
        #expect(sequence == Array(0..<sequence.count))
        // Delay 1/29.97 s = 100/2997 exactly.
        let fctl = chunks.first { $0.type == "fcTL" }!.data
        #expect((Int(fctl[20]) << 8 | Int(fctl[21])) == 100)
        #expect((Int(fctl[22]) << 8 | Int(fctl[23])) == 2997)
        #expect(uint32(fctl, 4) == 9)
        #expect(uint32(fctl, 8) == 6)
        // A plain PNG reader sees the first frame.
        #expect(try PNGDecoder.decode(bytes) == source[0])
    }

    @Test func everyFrameDecodesLosslessly() throws {
        // Rebuild each frame as a standalone PNG from its fcTL/fdAT data and decode it.
        let source = frames(3)
        let chunks = try PNGChunk.chunks(in: APNGWriter.encode(source, fps: 10))
        let ihdr = chunks[0]
        var framesData: [[UInt8]] = []
        for c in chunks {
            switch c.type {
            case "fcTL": framesData.append([])
            case "IDAT": framesData[framesData.count - 1] += c.data
            case "fdAT": framesData[framesData.count - 1] += c.data.dropFirst(4)
            default: break
            }
        }
        #expect(framesData.count == 3)
        for (i, data) in framesData.enumerated() {
            let png = Self.png(chunks: [("IHDR", ihdr.data), ("IDAT", data), ("IEND", [])])
            #expect(try PNGDecoder.decode(png) == source[i], "frame \(i)")
        }
    }

    @Test func delayFractions() {
        #expect(APNGWriter.delayFraction(seconds: 1.0 / 30) == (1, 30))
        #expect(APNGWriter.delayFraction(seconds: 1.0 / 24) == (1, 24))
        #expect(APNGWriter.delayFraction(seconds: 0.5) == (1, 2))
        #expect(APNGWriter.delayFraction(seconds: 1001.0 / 60000) == (1001, 60000))
        #expect(APNGWriter.delayFraction(seconds: 2) == (2, 1))
    }

    @Test func streamingToFileIsAtomicAndPatchesTheFrameCount() throws {
        let dir = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/a.png"
        let writer = try APNGWriter(path: path, width: 9, height: 6, fps: 10)
        for f in frames(5) { try writer.append(f) }
        #expect(!FileManager.default.fileExists(atPath: path))
        try writer.finish()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(try bytes == APNGWriter.encode(frames(5), fps: 10))
        #expect(try uint32(PNGChunk.chunks(in: bytes)[1].data, 0) == 5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["a.png"])
    }

    /// Assembles a PNG from chunks with CRCs computed by a bitwise reference CRC-32.
    static func png(chunks: [(String, [UInt8])]) -> [UInt8] {
        var out: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        for (type, data) in chunks {
            let n = data.count
            out += [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
            out += Array(type.utf8) + data + [0, 0, 0, 0]
        }
        return DecoderRobustnessTests.fixingCRCs(out)
    }
}
