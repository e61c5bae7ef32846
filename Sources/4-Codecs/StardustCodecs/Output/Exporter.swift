#if canImport(Glibc)
import Glibc
#endif

/// Chooses an output format from a path and creates the matching ``FrameSink``.
public enum Exporter {
    /// Chooses the format from the path: *.gif, *.png (single frame, or APNG when `frameCount > 1`), *.apng,
    /// *.mp4, *.webm, or a path ending in "/" or an existing directory (PNG sequence). Case-insensitive.
    public static func format(forPath path: String, frameCount: Int) throws -> OutputFormat {
        if path.hasSuffix("/") { return .pngSequence }
        var st = stat()
        if stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR { return .pngSequence }
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        guard let dot = name.lastIndex(of: ".") else {
            throw CodecError.invalidArgument("Output \(path) has no extension; use .png, .gif, .apng, .mp4, .webm or a folder ending in /")
        }
        switch name[name.index(after: dot)...] {
        case "gif": return .gif
        case "png": return frameCount > 1 ? .apng : .png
        case "apng": return .apng
        case "mp4": return .mp4
        case "webm": return .webm
        case let ext:
            throw CodecError.invalidArgument("Output extension .\(ext) is not supported; use .png, .gif, .apng, .mp4, .webm or a folder ending in /")
        }
    }

    /// A sink writing `format` to `path`; the file appears when the sink's `finish()` succeeds.
    /// `.png` keeps only the last appended frame and writes it on `finish()`.
    public static func makeSink(path: String, format: OutputFormat, width: Int, height: Int, fps: Double,
                                options: ExportOptions) throws -> any FrameSink {
        switch format {
        case .png: return try SinglePNGSink(path: path, width: width, height: height, compression: options.pngCompression)
        case .gif: return try GIFWriter(path: path, width: width, height: height, fps: fps, options: options)
        case .apng: return try APNGWriter(path: path, width: width, height: height, fps: fps, options: options)
        case .mp4, .webm: return try FFmpegSink(path: path, format: format, width: width, height: height, fps: fps)
        case .pngSequence: return try PNGSequenceWriter(directory: path, width: width, height: height, compression: options.pngCompression, firstFrameNumber: options.firstFrameNumber)
        }
    }
}
