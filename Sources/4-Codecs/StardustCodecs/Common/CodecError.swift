/// An error from any codec or exporter in this module.
///
/// Every case renders as one plain sentence through ``description``, e.g.
/// "PNG chunk IDAT has a bad CRC." or "PNG is 200000×200000 pixels, over the 100-megapixel limit."
public enum CodecError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The data is corrupt, truncated or not in the named format (`format` is e.g. "PNG").
    case invalidData(format: String, reason: String)
    /// The declared image size exceeds the configured pixel limit; nothing was allocated.
    case tooLarge(format: String, width: Int, height: Int, limit: Int)
    /// The data is valid but uses a feature this decoder does not support.
    case unsupported(format: String, reason: String)
    /// The image cannot be stored exactly in the requested pixel format.
    case cannotRepresent(reason: String)
    /// A caller-supplied argument is invalid (bad size, frame of the wrong size, …).
    case invalidArgument(String)
    /// Writing an output failed (or would replace something that must not be replaced).
    case io(path: String, reason: String)
    /// Reading an input failed: missing, unreadable, not a regular file, or too large.
    case cannotRead(path: String, reason: String)
    /// An external program is not installed.
    case missingTool(name: String, hint: String)
    /// An external program ran but failed.
    case toolFailed(name: String, reason: String)

    /// The error as one plain sentence.
    /// Why a file could not be read, without its name (for messages that name the file already).
    public var readFailure: String? {
        if case let .cannotRead(_, reason) = self { return reason }
        return nil
    }

    public var description: String {
        switch self {
        case let .invalidData(format, reason): return "\(format) \(reason)."
        case let .tooLarge(format, width, height, limit):
            return "\(format) is \(width)×\(height) pixels, over the \(CodecError.megapixels(limit)) limit."
        case let .unsupported(format, reason): return "\(format) \(reason) is not supported."
        case let .cannotRepresent(reason): return "Cannot encode the image: \(reason)."
        case let .invalidArgument(message): return "\(message)."
        case let .io(path, reason): return "Cannot write \(path): \(reason)."
        case let .cannotRead(path, reason): return "Cannot read \(path): \(reason)."
        case let .missingTool(name, hint): return "\(name) was not found on PATH; install it (\(hint))."
        case let .toolFailed(name, reason): return "\(name) failed: \(reason)."
        }
    }

    static func megapixels(_ limit: Int) -> String {
        limit % 1_000_000 == 0 ? "\(limit / 1_000_000)-megapixel" : "\(limit)-pixel"
    }

    /// Throws ``tooLarge`` unless `width·height ≤ limit` (overflow-safe).
    static func checkPixelLimit(format: String, width: Int, height: Int, limit: Int) throws {
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || count > limit { throw CodecError.tooLarge(format: format, width: width, height: height, limit: limit) }
    }
}
