import ArgumentParser

/// The option that picks one animation of a dotLottie archive, shared by `render`, `validate` and `trace` so that
/// the three read the same file the same way (docs/LOTTIE.md, "Command line").
struct LottieOptions: ParsableArguments {
    @Option(help: "The animation of a dotLottie (.lottie) archive, by its manifest id (default: the first).")
    var animation: String?

    @Option(name: .customLong("fonts"), help: "A folder of font files (.ttf, .otf) for the fonts a Lottie file's text names (repeatable; the file's own folder and its fonts/ subfolder are always searched).")
    var fontFolders: [String] = []
}
