import StardustCore

/// The model values of a ``Layer`` that drawing reads for every drawn layer at every frame, besides the snapshot values
/// (``LayerSnapshotValues``): whether it clips, its mask and how the mask applies, its compositing filter, the shadow's
/// colour and opacity (which decide whether there is a shadow at all), its contents.
///
/// Stored together in the layer (``Layer/drawAttributes``) so that drawing a layer reads them with one runtime
/// exclusivity check: one per class property and read was about a fifth of the display list's instructions
/// (docs/BENCHMARKS.md, "lottie", twenty-sixth round (evaluation)). The public properties of ``Layer`` read and write
/// its fields and report their changes as before.
struct LayerDrawAttributes {
    var masksToBounds = false
    var mask: Layer?
    var maskMode: MaskMode = .alpha
    var compositingFilter: CompositingFilter?
    var shadowColor: Color = .black
    var shadowOpacity: Double = 0
    var contents: Texture?
    var animatedContents: AnimatedImage?
}
