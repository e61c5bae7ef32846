/// Time remapping (`tm` on a precomp layer: the precomp's time in seconds as a keyframed function of the layer's
/// time): not drawn yet — a layer's time is an affine map of its parent's here (`beginTime`, `speed`,
/// `timeOffset`). A constant remap is exact (a fixed `timeOffset`); a keyframed one plays the precomp unremapped.
extension LottieTranslator {
    func warnTimeRemap(_ tm: LottieProperty<Double>, at path: String) {
        if let x = tm.expression { warnExpression(x, at: path) }
        warn(path, "not drawn yet: time remapping (the precomp plays at its own pace)")
    }
}
