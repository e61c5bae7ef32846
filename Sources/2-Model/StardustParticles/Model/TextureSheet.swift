import StardustCore

/// A cell's `contents` read as a grid of animation frames (a texture sheet, or flipbook): each particle
/// shows one frame at a time, chosen over its life or by its speed (docs/PARTICLE-MODEL.md §2.13).
///
/// The grid covers the cell's `contentsRect` (the whole image by default): `columns × rows` equal
/// frames, numbered row by row from the top left, of which the first ``frameCount`` are used. A
/// particle is drawn at the size of one frame. Core Animation has no equivalent: its `contentsRect`
/// is one static rectangle per cell.
///
/// Frame of a particle: `(start + k) mod frameCount`, where `start` is ``startFrame`` ± ``startFrameRange``
/// (an integer drawn once per particle from its id) and `k` is
/// - ``Timing/overLife(cycles:)``: `⌊f · cycles · frameCount⌋` with `f = age / lifetime`, so the sheet
///   plays `cycles` times over each particle's own life;
/// - ``Timing/bySpeed(minimum:maximum:)``: `⌊q · frameCount⌋` (at most `frameCount − 1`) with
///   `q = (speed − minimum) / (maximum − minimum)` clamped to 0…1, the speed being the particle's
///   current speed in points per second.
public struct TextureSheet: Hashable, Sendable {
    /// How the frame advances.
    public enum Timing: Hashable, Sendable {
        /// The sheet plays `cycles` times over each particle's life (1 = once; it may be fractional).
        case overLife(cycles: Double)
        /// The frame follows the particle's current speed: `minimum` points/s or less shows the first
        /// frame, `maximum` or more the last.
        case bySpeed(minimum: Double, maximum: Double)
    }

    /// The number of columns of the grid (≥ 1).
    public var columns: Int
    /// The number of rows of the grid (≥ 1).
    public var rows: Int
    /// The number of frames used, 1…`columns × rows` (a last row may be incomplete).
    public var frameCount: Int
    /// The frame each particle starts from, 0 ..< ``frameCount``.
    public var startFrame: Int
    /// Each particle starts from ``startFrame`` ± this many frames (uniform integer, wrapping around). Default 0.
    public var startFrameRange: Int
    /// How the frame advances (default: once over the life).
    public var timing: Timing

    /// A sheet of `columns × rows` frames using the first `frameCount` (default: all), played by `timing`.
    public init(columns: Int, rows: Int, frameCount: Int? = nil, startFrame: Int = 0, startFrameRange: Int = 0,
                timing: Timing = .overLife(cycles: 1)) {
        self.columns = columns; self.rows = rows
        self.frameCount = frameCount ?? columns * rows
        self.startFrame = startFrame; self.startFrameRange = startFrameRange
        self.timing = timing
    }

    /// The largest grid accepted per axis: frames thinner than a texel of a 4096-texel sheet are no use.
    public static let maximumGridSize = 4096

    /// Why the sheet is invalid (a sentence naming the property), or nil when it is valid.
    public var problem: String? {
        guard (1...Self.maximumGridSize).contains(columns) else { return "columns must be 1…\(Self.maximumGridSize)" }
        guard (1...Self.maximumGridSize).contains(rows) else { return "rows must be 1…\(Self.maximumGridSize)" }
        guard (1...columns * rows).contains(frameCount) else { return "frameCount must be 1…columns × rows (\(columns * rows))" }
        guard (0..<frameCount).contains(startFrame) else { return "startFrame must be 0…frameCount − 1" }
        guard (0...frameCount).contains(startFrameRange) else { return "startFrameRange must be 0…frameCount" }
        switch timing {
        case .overLife(let cycles):
            guard cycles.isFinite, cycles >= 0, cycles <= 1e6 else { return "cycles must be 0…1000000" }
        case .bySpeed(let lo, let hi):
            guard lo.isFinite, hi.isFinite, lo >= 0, hi > lo else { return "the speed range must have 0 ≤ minimum < maximum" }
        }
        return nil
    }

    /// The random key of the start frame in a particle's stream (independent of every other draw).
    static let startKey = CounterRandom.key("textureSheet.startFrame")

    /// The frame shown by a particle of id `id` at `age` seconds of its `lifetime`, moving at `speed` points/s.
    /// O(1), no allocation.
    @inline(__always)
    func frame(id: UInt64, random: CounterRandom, age: Double, lifetime: Double, speed: Double) -> Int {
        let n = frameCount
        var start = startFrame
        if startFrameRange > 0 {
            start += random.below(2 * startFrameRange + 1, id, Self.startKey) - startFrameRange
        }
        var k = 0
        switch timing {
        case .overLife(let cycles):
            let f = lifetime > 0 ? min(max(age / lifetime, 0), 1) : 0
            let steps = (f * cycles * Double(n)).rounded(.down)
            k = steps.isFinite ? Int(steps.truncatingRemainder(dividingBy: Double(n))) : 0
        case .bySpeed(let lo, let hi):
            let q = min(max((speed - lo) / (hi - lo), 0), 1)
            k = q.isFinite ? min(Int(q * Double(n)), n - 1) : 0
        }
        let i = (start + k) % n
        return i < 0 ? i + n : i
    }

    /// The unit rectangle of frame `i` inside `sheet` (the cell's `contentsRect`).
    @inline(__always)
    func rect(ofFrame i: Int, in sheet: Rect) -> Rect {
        let w = sheet.width / Double(columns), h = sheet.height / Double(rows)
        return Rect(sheet.origin.x + Double(i % columns) * w, sheet.origin.y + Double(i / columns) * h, w, h)
    }
}
