import Dispatch
import Foundation
import StardustCore

/// Rasterizes a `DisplayList` into a premultiplied RGBA8 image.
///
/// Rendering has two phases. *Prepare* walks the commands once on the calling
/// thread: it maps everything to device pixels (points × `list.scale`),
/// prepares paths and text, computes bounds, and bins sprites to bands.
/// *Draw* splits the frame into horizontal bands of ``bandHeight`` rows and
/// draws each band (every command, clipped to its rows) on one of
/// ``threads`` workers. A pixel's value depends only on the commands, so the
/// output is byte-identical for any thread count and band height.
public struct Renderer: Sendable {
    /// Worker threads; 0 means one per active core.
    public var threads: Int
    /// Rows per band (at least 1). Smaller bands balance load better; the output does not depend on it.
    public var bandHeight: Int
    /// Whether ``render(_:into:)`` leaves an image alone that already holds the frame of a bit-identical display
    /// list (default true; docs/RENDERER.md, "A frame that is already there"). The bytes are the same either way;
    /// turn it off to time the drawing of one frame over and over.
    public var reusesUnchangedFrames = true

    /// The largest frame the renderer accepts, in pixels (100 megapixels).
    public static let maxPixels = ImageLimits.defaultMaxPixels

    /// A renderer with `threads` workers (0, the default, means one per active core) drawing bands of
    /// `bandHeight` rows (default 64). Neither setting changes a pixel of the output.
    public init(threads: Int = 0, bandHeight: Int = 64) {
        self.threads = threads; self.bandHeight = bandHeight
    }

    /// Draws every command of `list` in order over `list.background`.
    ///
    /// - Throws: ``RenderError`` for a frame that is empty, not finite or above
    ///   ``maxPixels``, a NaN background, or clips and groups that do not nest;
    ///   text errors from the text painter. (NaN tints and sprite colors count as 0: invisible.)
    public func render(_ list: DisplayList) throws -> Image {
        var image = Image(width: 0, height: 0)
        try render(list, into: &image)
        // A new image is not drawn into again here: it need not keep the list alive.
        image.drawnFrom = nil
        return image
    }

    /// Renders into `image`, reusing its pixel storage when it already has the frame's size.
    ///
    /// When `image` already holds the frame of a display list bit-identical to `list` (the renderer drew it and no
    /// pixel was written since) and ``reusesUnchangedFrames`` is on, nothing is drawn: the pixels are already the
    /// frame. A list small next to the image (a quarter of its bytes at most) is kept with the image for that test.
    ///
    /// - Complexity: the reuse test is O(*n*) in the list's size; drawing is O(pixels × commands) at worst.
    public func render(_ list: DisplayList, into image: inout Image) throws {
        let (width, height) = try Renderer.frameSize(list)
        let bg = list.background
        guard !(bg.red.isNaN || bg.green.isNaN || bg.blue.isNaN || bg.alpha.isNaN) else {
            throw RenderError.invalidBackground("the background color has a NaN component: \(bg)")
        }
        if reusesUnchangedFrames, image.width == width, image.height == height, let drawn = image.drawnFrom,
           drawn.isBitwiseIdentical(to: list) {
            return
        }
        let layout = BandLayout(width: width, height: height, bandHeight: max(1, bandHeight))
        let commands = try FramePreparer.prepare(list, layout: layout)
        if image.width != width || image.height != height {
            // Not cleared first: every band fills its rows with the background before drawing (`BandDrawer.draw`),
            // so each byte is written before it is read; clearing was a pass over the whole frame on every size change
            // (1.2 % of opening the lottie-ios files and drawing their first frames, docs/RENDERER.md).
            let count = width * height * 4
            image = Image(width: width, height: height, pixels: [UInt8](unsafeUninitializedCapacity: count) { _, n in n = count })
        }
        let background = PremultipliedPixel(list.background)
        image.pixels.withUnsafeMutableBufferPointer { buf in
            let frame = FramePointer(base: buf.baseAddress!)
            // Bands are claimed one at a time by the workers (dynamic load balance); a band's pixels
            // never depend on which worker draws it.
            parallelFor(layout.count, threads: threads) { b in
                BandDrawer.draw(band: b, commands: commands, layout: layout, frame: frame.base, background: background)
            }
        }
        // After the pixels' last write (which forgets any earlier list). The bound keeps the memory a kept list
        // costs below a quarter of the image's own.
        if reusesUnchangedFrames, list.approximateByteCount <= image.pixels.count / 4 { image.drawnFrom = list }
    }

    /// The frame's pixel size, validated.
    static func frameSize(_ list: DisplayList) throws -> (Int, Int) {
        let w = list.size.width * list.scale, h = list.size.height * list.scale
        guard list.scale.isFinite, list.scale > 0 else {
            throw RenderError.invalidFrameSize("the display list's scale must be a positive finite number, got \(list.scale)")
        }
        guard w.isFinite, h.isFinite, w.rounded() >= 1, h.rounded() >= 1 else {
            throw RenderError.invalidFrameSize("the frame must be at least 1×1 pixel, got \(w)×\(h) (size \(list.size) at scale \(list.scale))")
        }
        guard w.rounded() * h.rounded() <= Double(maxPixels) else {
            throw RenderError.invalidFrameSize("the frame of \(Int(w.rounded()))×\(Int(h.rounded())) pixels exceeds the limit of \(maxPixels) pixels")
        }
        return (list.pixelWidth, list.pixelHeight)
    }
}

/// The frame's base address, shared read-only by the band workers (each writes only its own rows).
struct FramePointer: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
}
