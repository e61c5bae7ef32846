import Foundation
import StardustCodecs

/// Font files that a Lottie file's text may name (docs/LOTTIE.md, "Text"): TrueType/OpenType files in the given
/// folders, matched to `fonts.list` by the names inside them, as lottie-ios finds a font registered with the app:
/// the PostScript name equal to `fName`, or the family (`fFamily`, spaces at the ends ignored) and style
/// (`fStyle`) equal to the file's family and subfamily names (case aside). A font found so is drawn from that file;
/// the others go to fontconfig by family.
enum LottieFontFiles {
    /// At most this many files are read per folder, each at most `maxFontBytes`.
    static let maxFilesPerFolder = 256
    static let maxFontBytes = 32 << 20

    /// The names inside one font file (its `name` table) and its ascender in ems (`hhea` over `head`'s units per
    /// em: where FreeType, and so ``TextLayer``, puts the first baseline below the top).
    struct Names: Equatable {
        var postScript: Set<String> = []
        var families: Set<String> = []
        var styles: Set<String> = []
        var ascender: Double?
        /// The cap height in ems (`OS/2` version 2 or later, else the top of "H"), where lottie-ios puts the first
        /// baseline of box text below the box's top (docs/LOTTIE.md, "Text").
        var capHeight: Double?
        /// Each character's advance in ems (`cmap` to a glyph, its `hmtx` advance over units per em), for text laid
        /// out character by character (tracking); nil when the file has no usable `cmap` or `hmtx`.
        var advances: LottieFontAdvances?
    }

    /// A matched font file.
    struct Match: Equatable {
        var path: String
        var ascender: Double?
        var capHeight: Double?
        var advances: LottieFontAdvances?
    }

    /// fName → the file, for the fonts of `fonts` found in `folders`.
    static func match(_ fonts: [LottieFont], in folders: [String]) -> [String: Match] {
        guard !fonts.isEmpty else { return [:] }
        var files: [(path: String, names: Names)] = []
        for folder in folders {
            let absolute = folder.hasPrefix("/") ? folder : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(folder)
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { continue }
            for name in entries.sorted().prefix(maxFilesPerFolder) {
                let lower = name.lowercased()
                guard lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") else { continue }
                let path = (absolute as NSString).appendingPathComponent(name)
                guard let bytes = try? FileReader.readAll(path, maxBytes: maxFontBytes), let n = names(bytes) else { continue }
                files.append((path, n))
            }
        }
        var result: [String: Match] = [:]
        for f in fonts {
            let family = f.family.trimmingCharacters(in: .whitespaces).lowercased(), style = f.style.lowercased()
            if let hit = files.first(where: { $0.names.postScript.contains(f.name) })
                ?? files.first(where: { $0.names.families.contains(family) && ($0.names.styles.contains(style) || style.isEmpty) }) {
                result[f.name] = Match(path: hit.path, ascender: hit.names.ascender, capHeight: hit.names.capHeight,
                                     advances: hit.names.advances)
            }
        }
        return result
    }

    /// The PostScript (6), family (1, 16) and subfamily (2, 17) names of a TrueType/OpenType file (the first font of
    /// a collection), lower-cased except the PostScript names; nil when it is not such a file.
    static func names(_ b: [UInt8]) -> Names? {
        func u16(_ o: Int) -> Int? { o >= 0 && o + 2 <= b.count ? Int(b[o]) << 8 | Int(b[o + 1]) : nil }
        func u32(_ o: Int) -> Int? { guard let h = u16(o), let l = u16(o + 2) else { return nil }; return h << 16 | l }
        var base = 0
        if b.count >= 16, Array(b[0..<4]) == Array("ttcf".utf8) { guard let first = u32(12) else { return nil }; base = first }
        guard let tables = u16(base + 4), tables < 512 else { return nil }
        var nameTable: Int?, head: Int?, hhea: Int?, cmap: Int?, hmtx: Int?, os2: Int?, gpos: Range<Int>?, loca: Int?, glyf: Int?
        for t in 0..<tables {
            let r = base + 12 + 16 * t
            guard r + 16 <= b.count else { return nil }
            switch String(decoding: b[r..<(r + 4)], as: UTF8.self) {
            case "name": nameTable = u32(r + 8)
            case "head": head = u32(r + 8)
            case "hhea": hhea = u32(r + 8)
            case "cmap": cmap = u32(r + 8)
            case "hmtx": hmtx = u32(r + 8)
            case "OS/2": os2 = u32(r + 8)
            case "loca": loca = u32(r + 8)
            case "glyf": glyf = u32(r + 8)
            case "GPOS":
                if let o = u32(r + 8), let n = u32(r + 12), o + n <= b.count { gpos = o..<(o + n) }
            default: break
            }
        }
        guard let table = nameTable, let count = u16(table + 2), let strings = u16(table + 4) else { return nil }
        var names = Names()
        if let head, let hhea, let units = u16(head + 18), units > 0, let a = u16(hhea + 4) {
            names.ascender = Double(Int16(truncatingIfNeeded: a)) / Double(units)
            if let os2, let version = u16(os2), version >= 2, let cap = u16(os2 + 88), cap > 0, cap < 0x8000 {
                names.capHeight = Double(cap) / Double(units)
            }
            if let cmap, let hmtx, let metrics = u16(hhea + 34) {
                names.advances = LottieFontAdvances(b, cmap: cmap, hmtx: hmtx, metrics: metrics, unitsPerEm: units)
                names.advances?.kerning = gpos.flatMap { LottieFontKerning(gpos: b[$0]) }
            }
            // Without a cap height in OS/2 (version 0 or 1), the top of "H" (its outline's yMax in glyf).
            if names.capHeight == nil, let loca, let glyf, let format = u16(head + 50), let g = names.advances?.glyph(72), g > 0,
               let start = format == 0 ? u16(loca + 2 * g).map({ $0 * 2 }) : u32(loca + 4 * g),
               let yMax = u16(glyf + start + 8), yMax > 0, yMax < 0x8000 {
                names.capHeight = Double(yMax) / Double(units)
            }
        }
        for k in 0..<count {
            let r = table + 6 + 12 * k
            guard let platform = u16(r), let id = u16(r + 6), let length = u16(r + 8), let offset = u16(r + 10) else { break }
            guard [1, 2, 6, 16, 17].contains(id) else { continue }
            let start = table + strings + offset
            guard start >= 0, start + length <= b.count else { continue }
            let raw = Array(b[start..<(start + length)])
            let text: String?
            if platform == 1 {
                text = String(bytes: raw, encoding: .macOSRoman)
            } else {
                var units: [UInt16] = []
                for i in stride(from: 0, to: raw.count - 1, by: 2) { units.append(UInt16(raw[i]) << 8 | UInt16(raw[i + 1])) }
                text = String(decoding: units, as: UTF16.self)
            }
            guard let s = text, !s.isEmpty else { continue }
            switch id {
            case 6: names.postScript.insert(s)
            case 1, 16: names.families.insert(s.lowercased())
            default: names.styles.insert(s.lowercased())
            }
        }
        return names
    }
}
