/// One layer of a composition (`layers[i]` of the animation or of a precomp asset).
public struct LottieLayer: Sendable, Equatable {
    /// `ty`.
    public enum Kind: Sendable, Equatable {
        /// 0: the layers of asset `refId`, in a `w`×`h` frame, with optional time remapping `tm` (seconds).
        case precomp(refId: String, width: Double, height: Double, timeRemap: LottieProperty<Double>?)
        /// 1: a rectangle `sw`×`sh` filled with `sc`.
        case solid(color: String, width: Double, height: Double)
        /// 2: the image asset `refId`.
        case image(refId: String)
        /// 3: nothing drawn; a parent for others.
        case null
        /// 4: vector shapes.
        case shape([LottieShapeItem], itemPaths: [String])
        /// 5: text (its documents `t.d`).
        case text(LottieText)
        /// Anything else (audio 6, camera 13, …): not drawn.
        case other(Int)
    }
    public var kind: Kind
    /// `nm`.
    public var name: String?
    /// `ind`: the index other layers name as `parent`.
    public var index: Int?
    /// `parent`.
    public var parent: Int?
    /// `ks`.
    public var transform: LottieTransform
    /// `ao`: the layer turns with its motion path.
    public var autoOrient: Bool
    /// `ip`, `op`: the frames (in the containing composition's time) the layer is visible in: `ip ≤ f < op`.
    public var inPoint: Double
    public var outPoint: Double
    /// `st`: the composition frame at which the layer's local time is 0.
    public var startTime: Double
    /// `sr`: the time stretch (2 = plays at half speed).
    public var stretch: Double
    /// `hd`.
    public var hidden: Bool
    /// `tt`: the track matte mode this layer uses (1 alpha, 2 alpha inverted, 3 luma, 4 luma inverted), if any.
    public var matteMode: Int?
    /// `td`: this layer is a matte for the next one.
    public var isMatteSource: Bool
    /// `masksProperties`: the masks, combined in order.
    public var masks: [LottieMask] = []
    /// `tp`: the index (`ind`) of this layer's matte source when the file names it (newer exports); otherwise the
    /// layer just above with `td` is the matte.
    public var matteParent: Int?
    /// The mask modes, in order.
    public var maskModes: [String] { masks.map(\.mode) }
    /// `bm`: the blend mode (0 normal).
    public var blendMode: Int
    /// `ef`: the layer effects (drop shadow is type 25).
    public var effects: [LottieEffect] = []
    /// The effect types, in order.
    public var effectTypes: [Int] { effects.map(\.type) }
    /// `ddd`: a 3D layer.
    public var is3D: Bool
    /// The layer's JSON path (`$.layers[3]`), for warnings.
    public var path: String
}

/// The text of a text layer: its documents (`t.d.k`), each shown from its frame until the next.
public struct LottieText: Sendable, Equatable {
    /// At least one; in frame order.
    public var documents: [LottieTextDocument]
    /// `t.a`: the text animators, applied in order to every document.
    public var animators: [LottieTextAnimator]
    /// The number of text animators.
    public var animatorCount: Int { animators.count }

    public init(documents: [LottieTextDocument], animators: [LottieTextAnimator] = []) {
        self.documents = documents.isEmpty ? [LottieTextDocument(text: "")] : documents
        self.animators = animators
    }

    /// The first document.
    public var first: LottieTextDocument { documents[0] }
    /// Whether the text changes over time (more than one document).
    public var isAnimated: Bool { documents.count > 1 }
}
