import Foundation

/// A second rasterizer for tests: Skia (through the `skia-python` wheel) draws the same geometry as Stardust on a
/// CPU raster surface, and the test compares the two RGBA8 frames with a stated tolerance.
///
/// Skia is a renderer we did not write, so agreement with it is independent truth for anti-aliased coverage,
/// strokes, dashes and gradients. It is an optional test dependency: `.ci/run` installs it
/// (`python3 -m pip install skia-python`), and tests that need it declare
/// `.enabled(if: SkiaReference.isAvailable, Comment(rawValue: SkiaReference.skipReason))` so a bare clone skips
/// them with a visible reason instead of failing.
///
/// The drawing script is Python run after a prelude that defines `skia`, `W`, `H` (the surface size in pixels)
/// and `canvas` (an `skia.Canvas` on an N32 RGBA8888 premultiplied raster surface cleared to transparent, origin at
/// the top left, y down: the same device space as Stardust's frames). After the script, the surface is read back as
/// RGBA8888 in the requested alpha form.
public enum SkiaReference {
    /// How the returned bytes store alpha.
    public enum AlphaForm: String, Sendable {
        /// Color channels multiplied by alpha (Stardust's `Image` layout).
        case premultiplied = "premul"
        /// Straight color (what PNG holds).
        case unpremultiplied = "unpremul"
    }

    /// A failure to run the reference renderer (never a tolerance failure: those are the test's `#expect`s).
    public typealias Failure = PythonReference.Failure

    /// Whether `python3` can `import skia` on this machine (checked once per test process).
    public static let isAvailable: Bool = probe() == nil

    /// The reason tests skip when Skia is missing: `.enabled(if: SkiaReference.isAvailable,
    /// Comment(rawValue: SkiaReference.skipReason))`.
    public static var skipReason: String { probe() ?? "skia-python is available" }

    /// Renders `script` with Skia on a `width`×`height` surface and returns `width * height * 4` RGBA bytes,
    /// rows top to bottom.
    public static func render(width: Int, height: Int, alpha: AlphaForm = .premultiplied,
                              script: String) throws -> [UInt8] {
        try PythonReference.frame(name: "skia", program: prelude + "\n" + script + "\n" + epilogue,
                                  arguments: [String(width), String(height), alpha.rawValue], width: width, height: height)
    }

    // MARK: - Running python3

    private static let prelude = """
    import sys, skia
    W, H = int(sys.argv[1]), int(sys.argv[2])
    _alpha = skia.kPremul_AlphaType if sys.argv[3] == "premul" else skia.kUnpremul_AlphaType
    _surface = skia.Surface.MakeRaster(skia.ImageInfo.Make(W, H, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType))
    canvas = _surface.getCanvas()
    canvas.clear(skia.ColorTRANSPARENT)
    """

    private static let epilogue = """
    _out = bytearray(W * H * 4)
    if not _surface.readPixels(skia.ImageInfo.Make(W, H, skia.kRGBA_8888_ColorType, _alpha), _out, W * 4):
        sys.exit("readPixels failed")
    sys.stdout.buffer.write(bytes(_out))
    """

    private static let probeResult: String? =
        PythonReference.probe(module: "skia", package: "skia-python", install: "python3 -m pip install skia-python")

    private static func probe() -> String? { probeResult }
}
