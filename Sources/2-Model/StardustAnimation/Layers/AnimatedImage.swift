import StardustCore

/// Why an animated image could not be made.
public enum AnimatedImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No frame was found under the base name (neither `base0` nor `base1`).
    case noFrames(base: String)
    /// The frame list was empty.
    case empty
    /// The duration is not a positive finite number.
    case invalidDuration(Double)

    /// A message saying what is wrong.
    public var description: String {
        switch self {
        case .noFrames(let base): return "no image named \"\(base)0\" or \"\(base)1\": an animated image needs at least one numbered frame"
        case .empty: return "an animated image needs at least one frame"
        case .invalidDuration(let d): return "animated image duration must be positive and finite, got \(d)"
        }
    }
}

/// An image made of frames shown in turn for `duration / count` seconds
/// each, looping forever (`UIImage.animatedImage(with:duration:)`).
public struct AnimatedImage: Hashable, Sendable {
    /// The frames in display order (at least one).
    public let frames: [Texture]
    /// The time one pass over all frames takes, in seconds (positive).
    public let duration: Double

    /// Makes an animated image; throws on an empty frame list or a non-positive duration.
    public init(frames: [Texture], duration: Double) throws {
        guard !frames.isEmpty else { throw AnimatedImageError.empty }
        guard duration > 0, duration.isFinite else { throw AnimatedImageError.invalidDuration(duration) }
        self.frames = frames; self.duration = duration
    }

    /// The highest number tried by ``named(_:duration:lookup:)``.
    public static let maximumFrameNumber = 1024

    /// Loads frames by numbered name as `UIImage.animatedImageNamed` does:
    /// `base0`, `base1`, … up to `base1024`, stopping at the first missing
    /// number. When `base0` is missing the numbering may start at `base1`.
    public static func named(_ base: String, duration: Double, lookup: (String) -> Texture?) throws -> AnimatedImage {
        var n = 0
        var first = lookup("\(base)0")
        if first == nil { n = 1; first = lookup("\(base)1") }
        guard let first else { throw AnimatedImageError.noFrames(base: base) }
        var frames = [first]
        n += 1
        while n <= maximumFrameNumber, let t = lookup("\(base)\(n)") {
            frames.append(t)
            n += 1
        }
        return try AnimatedImage(frames: frames, duration: duration)
    }

    /// The index of the frame shown at `time` (seconds since the sequence started; negative times loop backwards).
    /// Frame `i` is shown for `time mod duration` in `[i, i+1) · duration / count`.
    public func frameIndex(at time: Double) -> Int {
        guard time.isFinite else { return 0 }
        var u = time.truncatingRemainder(dividingBy: duration)
        if u < 0 { u += duration }
        let i = Int((u / duration * Double(frames.count) + 1e-9).rounded(.down))
        return min(max(i, 0), frames.count - 1)
    }

    /// The frame shown at `time`.
    public func frame(at time: Double) -> Texture { frames[frameIndex(at: time)] }
}
