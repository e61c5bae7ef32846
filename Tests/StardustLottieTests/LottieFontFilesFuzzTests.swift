import Foundation
import StardustTestSupport
import Testing
@testable import StardustLottie

/// The font-file name reader (`LottieFontFiles.names`, docs/LOTTIE.md "Text") reads files found beside a Lottie
/// file, so it reads strangers' bytes: a font built here by hand is read back, and every truncation and seeded
/// mutations of it are read without a crash or trap (docs/HOSTILE-INPUT.md).
@Suite struct LottieFontFilesFuzzTests {
    /// A minimal TrueType file: the offset table, `head` (1000 units per em), `hhea` (ascender 800) and a `name`
    /// table with a PostScript name and a family name in UTF-16BE (platform 3).
    static func font(postScript: String = "TestFont-Bold", family: String = "Test Font") -> [UInt8] {
        func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }
        var head = [UInt8](repeating: 0, count: 54)
        head.replaceSubrange(18..<20, with: be16(1000))
        var hhea = [UInt8](repeating: 0, count: 36)
        hhea.replaceSubrange(4..<6, with: be16(800))
        let strings = [(6, postScript), (1, family)].map { ($0.0, $0.1.utf16.flatMap { be16(Int($0)) }) }
        var name = be16(0) + be16(strings.count) + be16(6 + 12 * strings.count)
        var offset = 0
        for (id, bytes) in strings {
            name += be16(3) + be16(1) + be16(0x409) + be16(id) + be16(bytes.count) + be16(offset)
            offset += bytes.count
        }
        name += strings.flatMap(\.1)
        let tables: [(String, [UInt8])] = [("head", head), ("hhea", hhea), ("name", name)]
        var out = be32(0x0001_0000) + be16(tables.count) + be16(0) + be16(0) + be16(0)
        var at = 12 + 16 * tables.count
        for (tag, body) in tables {
            out += Array(tag.utf8) + be32(0) + be32(at) + be32(body.count)
            at += body.count
        }
        for (_, body) in tables { out += body }
        return out
    }

    @Test("a font's PostScript name, family and ascender (hhea over head's units per em) are read back")
    func readsTheNames() throws {
        let n = try #require(LottieFontFiles.names(Self.font()))
        #expect(n.postScript == ["TestFont-Bold"])
        #expect(n.families == ["test font"])
        #expect(n.ascender == 0.8)
    }

    @Test("every truncation of a font and 3000 seeded mutations are read without a crash")
    func hostileBytesNeverCrash() {
        let font = Self.font()
        for length in 0...font.count { _ = LottieFontFiles.names(Array(font.prefix(length))) }
        var rng = SeededGenerator(seed: 0xF0_57)
        var read = 0
        for _ in 0..<3000 {
            var bytes = font
            for _ in 0..<Int.random(in: 1...4, using: &rng) { bytes = rng.mutate(bytes) }
            if LottieFontFiles.names(bytes) != nil { read += 1 }
        }
        // Most single-byte mutations land in the string bytes or unused fields and still read.
        #expect(read > 0)
    }

    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    @Test("a real font's advances, cap height and GPOS kerning are read; its mutations read without a crash",
          .enabled(if: FileManager.default.fileExists(atPath: dejaVu), "needs DejaVu Sans (apt-get install fonts-dejavu-core)"))
    func advancesAndKerningOfARealFont() throws {
        let font = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.dejaVu)))
        let n = try #require(LottieFontFiles.names(font))
        let a = try #require(n.advances)
        // DejaVu Sans: 2048 units per em, "I" advances 604 units, capitals 1493 units tall; "A" and "V" kern closer.
        #expect(abs(a.advance("I") - 604.0 / 2048) < 1e-9)
        #expect(abs((n.capHeight ?? 0) - 1493.0 / 2048) < 1e-9)
        #expect(a.kern("A", "V") < 0 && a.kern("I", "I") == 0)
        var rng = SeededGenerator(seed: 0xDE_7A)
        for _ in 0..<300 {
            var bytes = font
            for _ in 0..<Int.random(in: 1...8, using: &rng) { bytes = rng.mutate(bytes) }
            guard let m = LottieFontFiles.names(bytes), let adv = m.advances else { continue }
            for c in ["A", "V", "é", "😀"] as [Character] { _ = adv.advance(c); _ = adv.kern(c, "V") }
        }
    }
}
