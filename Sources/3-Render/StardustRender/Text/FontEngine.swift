import CFreeType
import Foundation

/// A FreeType face opened by the engine, with the metrics layout needs.
/// Only touched while ``FontEngine``'s lock is held.
final class LoadedFace {
    let face: FT_Face
    /// A small integer naming the face in glyph-cache keys.
    let id: Int
    let unitsPerEM: Double
    /// Typographic ascender, descender (negative) and line height, in font units.
    let ascender: Double, descender: Double, lineHeight: Double
    let hasKerning: Bool
    /// Bold was asked for but the file is not bold: outlines are emboldened by em/24.
    let synthesizesBold: Bool
    /// The size last set with `FT_Set_Char_Size` (26.6 pixels), to skip redundant calls.
    var currentSize = -1
    /// Unscaled advances in font units, by glyph index.
    var advances: [UInt32: Double] = [:]

    init(face: FT_Face, id: Int, synthesizesBold: Bool) {
        self.face = face; self.id = id; self.synthesizesBold = synthesizesBold
        let f = face.pointee
        unitsPerEM = Double(max(1, f.units_per_EM))
        ascender = Double(f.ascender)
        descender = Double(f.descender)
        lineHeight = Double(f.height > 0 ? f.height : f.ascender - f.descender)
        hasKerning = f.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
    }

    /// The glyph index of a scalar in the face's Unicode charmap (0 = missing glyph).
    func glyph(for scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    /// The advance of `glyph` in font units (cached; hinting-independent).
    func advance(of glyph: UInt32) -> Double {
        if let a = advances[glyph] { return a }
        var a = 0.0
        if FT_Load_Glyph(face, glyph, FT_Int32(FontEngine.loadNoScale)) == 0 {
            a = Double(face.pointee.glyph.pointee.metrics.horiAdvance)
        }
        if synthesizesBold { a += unitsPerEM / 24 }
        if advances.count > 65_536 { advances.removeAll(keepingCapacity: true) }
        advances[glyph] = a
        return a
    }

    /// The kerning between two glyphs in font units (0 without a `kern` table).
    func kerning(_ left: UInt32, _ right: UInt32) -> Double {
        guard hasKerning else { return 0 }
        var v = FT_Vector()
        guard FT_Get_Kerning(face, left, right, UInt32(FT_KERNING_UNSCALED.rawValue), &v) == 0 else { return 0 }
        return Double(v.x)
    }
}

/// The process-wide FreeType state: the library, opened faces, font lookups
/// and the glyph cache, all behind one lock (FreeType is not thread-safe).
///
/// Faces stay open for the life of the process; the glyph cache is emptied
/// when it exceeds ``maxCachedGlyphs`` entries or ``maxCachedBytes`` of coverage.
final class FontEngine: @unchecked Sendable {
    static let shared = FontEngine()

    /// The glyph cache's capacity before it is flushed.
    static let maxCachedGlyphs = 8192
    /// The glyph cache's coverage size before it is flushed (4 MiB). Text drawn at a new size or angle every
    /// frame (an animated Lottie text layer) never hits the cache, and its large glyphs filled 8192 entries to
    /// 11 MB, most of a file's peak memory (docs/BENCHMARKS.md, "lottie", seventh round). A flush only costs
    /// rendering a glyph again: the bitmaps are the same.
    static let maxCachedBytes = 4 << 20
    /// `FT_LOAD_NO_SCALE`.
    static let loadNoScale = 1 << 0
    /// `FT_LOAD_NO_HINTING`.
    static let loadNoHinting = 1 << 1
    /// `FT_LOAD_NO_BITMAP`.
    static let loadNoBitmap = 1 << 3
    /// `FT_LOAD_TARGET_LIGHT`: vertical-only hinting, which keeps horizontal metrics faithful.
    static let loadTargetLight = 1 << 16

    private let lock = NSLock()
    private var library: FT_Library?
    private var faces: [String: LoadedFace] = [:]
    private var lookups: [String: (path: String, index: Int)] = [:]
    private var glyphs: [GlyphKey: GlyphBitmap] = [:]
    /// The coverage bytes held by `glyphs`.
    private var glyphBytes = 0

    private init() {}

    /// Runs `body` with exclusive access to FreeType and the caches.
    func withLock<R>(_ body: (FontEngine) throws -> R) rethrows -> R {
        lock.lock(); defer { lock.unlock() }
        return try body(self)
    }

    /// The number of cached glyph bitmaps (for tests and diagnostics).
    var cachedGlyphCount: Int { withLock { $0.glyphs.count } }

    /// Opens (or returns the cached) face for a family name or an absolute font path.
    /// Call with the lock held.
    func face(family: String?, bold: Bool) throws -> LoadedFace {
        let name = family ?? FontLocator.defaultFamily
        let location: (path: String, index: Int)
        if name.hasPrefix("/") {
            location = (name, 0)
        } else if let l = lookups["\(bold ? "B" : "R"):\(name)"] {
            location = l
        } else {
            location = try FontLocator.locate(family: name, bold: bold)
            lookups["\(bold ? "B" : "R"):\(name)"] = location
        }
        let key = "\(bold ? "B" : "R"):\(location.index):\(location.path)"
        if let f = faces[key] { return f }

        if library == nil {
            var lib: FT_Library?
            guard FT_Init_FreeType(&lib) == 0, let lib else {
                throw TextError.noFontFound("FreeType could not be initialized; install libfreetype6 and \(FontLocator.installHint).")
            }
            library = lib
        }
        var ftFace: FT_Face?
        guard FT_New_Face(library, location.path, FT_Long(location.index), &ftFace) == 0, let ftFace else {
            throw TextError.noFontFound("The font file \(location.path) could not be loaded (missing or not a font); \(FontLocator.installHint) or give the path of a TrueType/OpenType file.")
        }
        guard ftFace.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(ftFace)
            throw TextError.noFontFound("The font file \(location.path) is not a scalable (outline) font; \(FontLocator.installHint).")
        }
        let isBoldFile = ftFace.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0
        let f = LoadedFace(face: ftFace, id: faces.count + 1, synthesizesBold: bold && !isBoldFile)
        faces[key] = f
        return f
    }

    /// The coverage bitmap of one glyph (cached). Call with the lock held.
    ///
    /// `key.size` is the em in 26.6 pixels; the matrix (16.16) maps FreeType's
    /// y-up glyph space to the y-up device space; `key.phase` shifts the
    /// outline right by quarter pixels before rendering.
    func glyph(_ key: GlyphKey, in face: LoadedFace) -> GlyphBitmap {
        if let g = glyphs[key] { return g }
        let g = render(key, in: face)
        let bytes = g.coverage.count * MemoryLayout<Float>.stride
        if glyphs.count >= Self.maxCachedGlyphs || glyphBytes + bytes > Self.maxCachedBytes {
            glyphs.removeAll(keepingCapacity: true)
            glyphBytes = 0
        }
        glyphs[key] = g
        glyphBytes += bytes
        return g
    }

    private func render(_ key: GlyphKey, in lf: LoadedFace) -> GlyphBitmap {
        let face = lf.face
        if lf.currentSize != key.size {
            guard FT_Set_Char_Size(face, 0, FT_F26Dot6(key.size), 72, 72) == 0 else { return .empty }
            lf.currentSize = key.size
        }
        var matrix = FT_Matrix(xx: FT_Fixed(key.xx), xy: FT_Fixed(key.xy), yx: FT_Fixed(key.yx), yy: FT_Fixed(key.yy))
        var delta = FT_Vector(x: FT_Pos(key.phase * 16), y: 0)
        FT_Set_Transform(face, &matrix, &delta)
        let isIdentity = key.xx == 65536 && key.yy == 65536 && key.xy == 0 && key.yx == 0
        var flags = Self.loadNoBitmap | Self.loadTargetLight
        if !isIdentity { flags |= Self.loadNoHinting }
        guard FT_Load_Glyph(face, key.glyph, FT_Int32(flags)) == 0, let slot = face.pointee.glyph else { return .empty }
        if lf.synthesizesBold && slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            _ = FT_Outline_Embolden(&slot.pointee.outline, FT_Pos(key.size / 24))
        }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return .empty }
        let bm = slot.pointee.bitmap
        let w = Int(bm.width), h = Int(bm.rows), pitch = Int(bm.pitch)
        guard w > 0, h > 0, let buffer = bm.buffer else { return .empty }
        var coverage = [Float](repeating: 0, count: w * h)
        coverage.withUnsafeMutableBufferPointer { out in
            for y in 0..<h {
                let src = buffer + y * pitch
                let dst = out.baseAddress! + y * w
                switch bm.pixel_mode {
                case UInt8(FT_PIXEL_MODE_GRAY.rawValue):
                    let levels = Float(max(1, Int(bm.num_grays) - 1))
                    for x in 0..<w { dst[x] = Float(src[x]) / levels }
                case UInt8(FT_PIXEL_MODE_MONO.rawValue):
                    for x in 0..<w { dst[x] = (src[x >> 3] >> (7 - UInt8(x & 7))) & 1 != 0 ? 1 : 0 }
                default:
                    break
                }
            }
        }
        return GlyphBitmap(left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                           width: w, height: h, coverage: coverage)
    }
}
