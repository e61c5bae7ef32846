import StardustCore

/// Rasterizes a ``DisplayList`` into a premultiplied RGBA8 image (owned by the renderer).
public struct Renderer: Sendable {
    /// Worker threads; 0 means one per core.
    public var threads: Int
    public init(threads: Int = 0) { self.threads = threads }

    /// Draws every command of `list` in order. Output is byte-identical for any thread count.
    public func render(_ list: DisplayList) throws -> Image {
        Image(width: list.pixelWidth, height: list.pixelHeight, color: list.background) // stub
    }
}
