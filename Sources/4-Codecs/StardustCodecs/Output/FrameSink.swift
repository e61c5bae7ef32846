import StardustCore

/// A destination for rendered frames (an animated file, a folder of PNGs, a video encoder).
///
/// Call ``append(_:)`` once per frame, in order, then ``finish()`` exactly once; the output appears
/// under its final name only when `finish()` succeeds. Every frame must have the sink's size.
public protocol FrameSink: AnyObject {
    /// Adds one premultiplied frame.
    func append(_ frame: Image) throws
    /// Completes the output (writes trailers, renames the temporary file into place).
    func finish() throws
}

extension FrameSink {
    static func checkSize(_ frame: Image, width: Int, height: Int) throws {
        guard frame.width == width, frame.height == height else {
            throw CodecError.invalidArgument("Frame is \(frame.width)×\(frame.height) pixels but the output is \(width)×\(height)")
        }
    }
}
