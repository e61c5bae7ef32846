import StardustAnimation

/// Which of the picture and its dust shows when (discrete keyframes on `isHidden`): the picture before
/// the snap and from the end of the restore, the dust in between. Shared by the layered and per-pixel effects.
enum DustVisibility {
    static func install(picture: Layer, dust: Layer, snapTime: Double, restoreEndTime end: Double?, dustEndTime: Double) {
        let total = (end ?? dustEndTime) + 1
        func visibility(_ values: [Bool]) -> KeyframeAnimation {
            let k = KeyframeAnimation(keyPath: "isHidden", values: values.map { .bool($0) },
                                      timing: MediaTiming(duration: total, fillMode: .both))
            k.calculationMode = .discrete
            k.keyTimes = [0, max(0, snapTime) / total] + (end.map { [$0 / total] } ?? []) + [1]
            k.isRemovedOnCompletion = false
            return k
        }
        picture.add(visibility(end == nil ? [false, true] : [false, true, false]), forKey: "visibility")
        dust.add(visibility(end == nil ? [true, false] : [true, false, true]), forKey: "visibility")
    }
}
