import Stardust

/// The controls of a cell's texture sheet (docs/STUDIO.md, "Texture sheets"; docs/PARTICLE-MODEL.md §2.13):
/// the grid, the frames used, the start frame and how the frame advances — over the life (`cyclesPerLife`) or
/// by speed (`speedRange`). Each is a `setSource` edit of the cell's `textureSheet` key, so the loader checks
/// the whole sheet (a frame count above columns × rows is refused with its message) and Save keeps it.
enum StudioTextureSheetControls {
    /// The numbers of `textureSheet` the page edits (the loader's key names).
    static let numberKeys = ["columns", "rows", "frameCount", "startFrame", "startFrameRange", "cyclesPerLife"]
    /// The mode control: not a JSON key, but the choice between `cyclesPerLife` and `speedRange`
    /// (``StudioSourceEdits`` writes the one and removes the other).
    static let timingKey = "timing", timings = ["overLife", "bySpeed"]
    /// Every key under `textureSheet` an edit may name.
    static let editableKeys = numberKeys + ["speedRange", timingKey]
    /// What a sheet is seeded with when an edit adds one: the loader needs both sides of the grid.
    static let seed: JSONValue = .object([("columns", .number(1)), ("rows", .number(1))])
    /// The speeds (points per second) a sheet switched to "bySpeed" starts from: slow particles show the first
    /// frame, those at 200 points/s or more the last.
    static let defaultSpeedRange: JSONValue = .array([.number(0), .number(200)])

    /// The controls of the cell at `jsonPath`: the sheet's values, or a one-frame sheet's when it has none
    /// (editing one of them then adds the key).
    static func describe(_ sheet: TextureSheet?, jsonPath: String) -> [JSONValue] {
        let s = sheet ?? TextureSheet(columns: 1, rows: 1)
        func one(_ key: String, _ value: AnimatableValue, options: [String] = []) -> JSONValue {
            StudioCellExtensionControls.control("textureSheet.\(key)", kind: StudioValueCoding.kind(value), value: StudioValueCoding.json(value),
                                                jsonPath, options: options, group: "textureSheet", present: sheet != nil)
        }
        var out = [one("columns", .number(Double(s.columns))), one("rows", .number(Double(s.rows))),
                   one("frameCount", .number(Double(s.frameCount))), one("startFrame", .number(Double(s.startFrame))),
                   one("startFrameRange", .number(Double(s.startFrameRange)))]
        switch s.timing {
        case .overLife(let cycles):
            out += [one(timingKey, .string("overLife"), options: timings), one("cyclesPerLife", .number(cycles))]
        case .bySpeed(let lo, let hi):
            out += [one(timingKey, .string("bySpeed"), options: timings), one("speedRange", .point(Point(lo, hi)))]
        }
        return out
    }
}
