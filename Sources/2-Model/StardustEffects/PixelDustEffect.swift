import StardustAnimation
import StardustCore

/// The per-pixel disintegration of one picture (docs/DESIGN.md §8, beyond the source): every pixel flies away on
/// its own closed-form flight (``PixelDust``), left side first, and with a restore flies back.
///
/// The tree mirrors ``DustEffect``: ``container`` holds the picture (shown before ``snapTime`` and from
/// ``restoreEndTime``) and a ``PixelDustLayer`` (shown in between). No split and no assignment are
/// kept: the law is evaluated per frame from the pixel's index.
public final class PixelDustEffect {
    /// The flight law of every pixel.
    public let law: PixelDust
    /// The picture.
    public let texture: Texture
    /// The picture's rectangle in the parent's coordinates (points).
    public let frame: Rect
    /// The layer to add to a scene: bounds = the picture's size, positioned at ``frame``.
    public let container: Layer
    /// The picture, whole.
    public let imageLayer: Layer
    /// The specks.
    public let dustLayer: PixelDustLayer

    /// - Parameters:
    ///   - texture: the picture; `frame`: where it is shown (points of the parent layer).
    ///   - parameters: the constants of the flight (docs/DESIGN.md §8 defaults); `layerCount` is not used.
    ///   - snapTime: when it begins to crumble; `restoreTime`: when it begins to come back (clamped to
    ///     the end of the dust, ``PixelDust/dustEndTime``).
    public init(texture: Texture, frame: Rect, parameters: DustParameters = DustParameters(), snapTime: Double = 0,
                restoreTime: Double? = nil) {
        self.texture = texture
        self.frame = frame.standardized
        law = PixelDust(width: texture.width, height: texture.height, size: self.frame.size, parameters: parameters,
                        snapTime: snapTime, restoreTime: restoreTime)
        let stage = DustStage(texture: texture, frame: self.frame)
        container = stage.container
        imageLayer = stage.picture
        dustLayer = PixelDustLayer(texture: texture, law: law)
        stage.addDust(dustLayer)
        DustVisibility.install(picture: imageLayer, dust: dustLayer, snapTime: snapTime,
                               restoreEndTime: law.restoreEndTime, dustEndTime: law.dustEndTime)
    }

    /// When the picture starts to crumble.
    public var snapTime: Double { law.snapTime }
    /// When the restore starts, if any.
    public var restoreTime: Double? { law.restoreTime }
    /// When the last pixel has faded away.
    public var dustEndTime: Double { law.dustEndTime }
    /// When the last pixel is back in place, if restoring.
    public var restoreEndTime: Double? { law.restoreEndTime }

    /// The sound cues: the snap and the dust at ``snapTime``, the restore at ``restoreTime``.
    public var soundCues: [SoundCue] {
        SoundCue.cues(snapTime: snapTime, restoreTime: restoreTime, duration: law.totalDuration)
    }
}
