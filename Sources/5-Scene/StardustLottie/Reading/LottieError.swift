/// Why a Lottie file was refused: the JSON path of the offending value (`$.layers[3].ks.p.k[2].s`) and what was
/// wrong with it.
public struct LottieError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The JSON path, `$` for the document (or the file name for container errors).
    public var path: String
    public var message: String
    public init(path: String, _ message: String) { self.path = path; self.message = message }
    public var description: String { "\(path): \(message)" }
}

/// Something in a file that is read but not (yet) drawn, or drawn approximately, with its JSON path.
public struct LottieWarning: Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var message: String
    public init(path: String, _ message: String) { self.path = path; self.message = message }
    public var description: String { "\(message) at \(path)" }
}
