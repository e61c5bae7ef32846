import Foundation

/// A third rasterizer for tests, for what it covers: cairo (through `pycairo`) draws the same geometry as Stardust
/// on an image surface, and the test compares the two RGBA8 frames with a stated tolerance (docs/DRAWING.md,
/// "References").
///
/// cairo covers dashed strokes (`set_dash`), radial gradients (`RadialGradient`) and the W3C blend modes
/// (`OPERATOR_MULTIPLY` … `OPERATOR_HSL_LUMINOSITY`, through pixman); it has no conic gradient and no blur, so
/// those are compared with Skia only. Like ``SkiaReference`` it is an optional test dependency: `.ci/run` installs
/// it (`python3 -m pip install pycairo`, which builds against the system's cairo headers, `libcairo2-dev` on
/// Debian), and tests declare `.enabled(if: CairoReference.isAvailable, Comment(rawValue: CairoReference.skipReason))`.
///
/// The drawing script runs after a prelude that defines `cairo`, `W`, `H` and `ctx` (a `cairo.Context` on a
/// `FORMAT_ARGB32` surface, premultiplied, cleared to transparent, origin top left, y down: Stardust's device
/// space). Afterwards the surface's native-endian ARGB words are written as premultiplied RGBA bytes.
public enum CairoReference {
    /// A failure to run the reference renderer (never a tolerance failure).
    public typealias Failure = PythonReference.Failure

    /// Whether `python3` can `import cairo` on this machine (checked once per test process).
    public static let isAvailable: Bool = probeResult == nil

    /// The reason tests skip when pycairo is missing.
    public static var skipReason: String { probeResult ?? "pycairo is available" }

    /// Renders `script` with cairo on a `width`×`height` surface; returns `width * height * 4` premultiplied RGBA
    /// bytes, rows top to bottom.
    public static func render(width: Int, height: Int, script: String) throws -> [UInt8] {
        try PythonReference.frame(name: "cairo", program: prelude + "\n" + script + "\n" + epilogue,
                                  arguments: [String(width), String(height)], width: width, height: height)
    }

    private static let prelude = """
    import sys, cairo
    W, H = int(sys.argv[1]), int(sys.argv[2])
    _surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, W, H)
    ctx = cairo.Context(_surface)
    """

    // ARGB32 is a native-endian 32-bit word per pixel (A in the high byte), premultiplied.
    private static let epilogue = """
    _surface.flush()
    _data, _stride = bytes(_surface.get_data()), _surface.get_stride()
    _out = bytearray(W * H * 4)
    for _y in range(H):
        for _x in range(W):
            _v = int.from_bytes(_data[_y * _stride + 4 * _x:_y * _stride + 4 * _x + 4], sys.byteorder)
            _i = 4 * (_y * W + _x)
            _out[_i:_i + 4] = bytes(((_v >> 16) & 255, (_v >> 8) & 255, _v & 255, _v >> 24))
    sys.stdout.buffer.write(bytes(_out))
    """

    private static let probeResult: String? = PythonReference.probe(
        module: "cairo", package: "pycairo", install: "python3 -m pip install pycairo; it needs cairo's headers")
}
