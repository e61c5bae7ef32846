/// What a frame draws: an ordered list of commands in scene points, the
/// value that the model stages produce and the renderer consumes (docs/DESIGN.md §1).
///
/// Coordinates are in points, y down; the renderer multiplies by ``scale``
/// to get pixels. Commands are drawn in order, each over the previous ones.
public struct DisplayList: Sendable {
    /// The frame size in points.
    public var size: Size
    /// Pixels per point (docs/DESIGN.md §2: default 2).
    public var scale: Double
    /// The color the frame is cleared to before the first command (transparent by default).
    public var background: Color
    /// The commands, drawn in order: each one over the result of the previous ones.
    public var commands: [DrawCommand]

    /// A display list of `size` points at `scale` pixels per point, cleared to `background`.
    public init(size: Size, scale: Double = 2, background: Color = .clear, commands: [DrawCommand] = []) {
        self.size = size; self.scale = scale; self.background = background; self.commands = commands
    }

    /// The frame size in pixels: `size × scale`, rounded.
    public var pixelWidth: Int { Int((size.width * scale).rounded()) }
    /// The frame height in pixels: `size.height × scale`, rounded.
    public var pixelHeight: Int { Int((size.height * scale).rounded()) }

    /// Appends a command, drawn after (over) every command already in the list.
    public mutating func append(_ c: DrawCommand) { commands.append(c) }
}
