import StardustCore
import StardustRender

/// One image that a job's frames are rendered into in turn, so that a frame whose display list is bit-identical to
/// the one before is not drawn again (docs/RENDERER.md, "A frame that is already there"): a still stretch of a
/// Lottie file or a scene at rest costs one frame's drawing.
struct ReusedFrame {
    private var image = Image(width: 0, height: 0)

    /// Renders `list` into the kept image (or leaves it, when it already holds that frame) and hands back a copy
    /// that shares its pixels. The copy does not carry the list: a sink that keeps every frame keeps pixels only.
    mutating func render(_ list: DisplayList, with renderer: Renderer) throws -> Image {
        try renderer.render(list, into: &image)
        var frame = image
        frame.drawnFrom = nil
        return frame
    }
}
