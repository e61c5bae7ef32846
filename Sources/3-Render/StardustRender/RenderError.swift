/// Why a display list could not be rendered.
public enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The frame's pixel size is zero, negative, not finite, or above ``Renderer/maxPixels``.
    case invalidFrameSize(String)
    /// `pushClip`/`popClip` and `beginGroup`/`endGroup` do not nest properly.
    case unbalancedCommands(String)
    /// The display list's background color has a NaN component.
    case invalidBackground(String)

    /// The message carried by the case, which names the offending numbers or commands.
    public var description: String {
        switch self {
        case .invalidFrameSize(let s), .unbalancedCommands(let s), .invalidBackground(let s): return s
        }
    }
}
