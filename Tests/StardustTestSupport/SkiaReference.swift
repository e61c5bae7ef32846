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
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Whether `python3` can `import skia` on this machine (checked once per test process).
    public static let isAvailable: Bool = probe() == nil

    /// The reason tests skip when Skia is missing: `.enabled(if: SkiaReference.isAvailable,
    /// Comment(rawValue: SkiaReference.skipReason))`.
    public static var skipReason: String { probe() ?? "skia-python is available" }

    /// Renders `script` with Skia on a `width`×`height` surface and returns `width * height * 4` RGBA bytes,
    /// rows top to bottom.
    public static func render(width: Int, height: Int, alpha: AlphaForm = .premultiplied,
                              script: String) throws -> [UInt8] {
        precondition(width > 0 && height > 0 && width * height <= 16_777_216, "reference frames stay small")
        let program = prelude + "\n" + script + "\n" + epilogue
        let (status, out, err) = try run(arguments: ["-c", program, String(width), String(height), alpha.rawValue])
        guard status == 0 else {
            throw Failure(description: "python3 skia script failed (exit \(status)): \(String(decoding: err, as: UTF8.self))")
        }
        guard out.count == width * height * 4 else {
            throw Failure(description: "skia returned \(out.count) bytes, expected \(width * height * 4)")
        }
        return out
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

    private static let probeResult: String? = {
        do {
            let (status, _, err) = try run(arguments: ["-c", "import skia"])
            if status == 0 { return nil }
            let detail = String(decoding: err, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
            return "skia-python is not installed (python3 -m pip install skia-python): \(detail)"
        } catch {
            return "python3 is not available to run skia-python: \(error)"
        }
    }()

    private static func probe() -> String? { probeResult }

    /// Runs `python3` with `arguments`, reading stdout and stderr concurrently so neither pipe can fill and block
    /// (also used by ``CairoReference``).
    static func run(arguments: [String]) throws -> (Int32, [UInt8], Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errBox = DataBox()
        let errReader = Thread { errBox.data = err.fileHandleForReading.readDataToEndOfFile(); errBox.done.signal() }
        errReader.start()
        let bytes = out.fileHandleForReading.readDataToEndOfFile()
        errBox.done.wait()
        process.waitUntilExit()
        return (process.terminationStatus, [UInt8](bytes), errBox.data)
    }

    private final class DataBox: @unchecked Sendable {
        var data = Data()
        let done = DispatchSemaphore(value: 0)
    }
}
