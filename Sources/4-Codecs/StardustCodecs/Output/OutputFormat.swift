/// The file formats the exporters write.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// One PNG image.
    case png
    /// Animated GIF (≤ 256 colors per frame, 1-bit transparency).
    case gif
    /// Animated PNG.
    case apng
    /// H.264 video through ffmpeg.
    case mp4
    /// VP9 video through ffmpeg.
    case webm
    /// A folder of `frame_00000.png`, `frame_00001.png`, ….
    case pngSequence
}
