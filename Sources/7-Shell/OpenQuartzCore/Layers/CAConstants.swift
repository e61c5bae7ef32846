#if !canImport(QuartzCore)
import Foundation

// Core Animation's string constants, with both of Apple's spellings: the Swift one
// (`CAEmitterLayerEmitterShape.line`, `.line`) and the Objective-C one (`kCAEmitterLayerLine`).

/// The shape particles are born on (`CAEmitterLayer.emitterShape`). Raw values are Apple's strings.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the constant.
    public let rawValue: String
    /// The constant with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The constant with this string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// "point".
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    /// "line".
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    /// "rectangle".
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    /// "cuboid".
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    /// "circle".
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// "sphere".
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// `CAEmitterLayerEmitterShape.point` in its Objective-C spelling.
public let kCAEmitterLayerPoint = CAEmitterLayerEmitterShape.point
/// `CAEmitterLayerEmitterShape.line` in its Objective-C spelling.
public let kCAEmitterLayerLine = CAEmitterLayerEmitterShape.line
/// `CAEmitterLayerEmitterShape.rectangle` in its Objective-C spelling.
public let kCAEmitterLayerRectangle = CAEmitterLayerEmitterShape.rectangle
/// `CAEmitterLayerEmitterShape.cuboid` in its Objective-C spelling.
public let kCAEmitterLayerCuboid = CAEmitterLayerEmitterShape.cuboid
/// `CAEmitterLayerEmitterShape.circle` in its Objective-C spelling.
public let kCAEmitterLayerCircle = CAEmitterLayerEmitterShape.circle
/// `CAEmitterLayerEmitterShape.sphere` in its Objective-C spelling.
public let kCAEmitterLayerSphere = CAEmitterLayerEmitterShape.sphere

/// Where on the shape particles are born (`CAEmitterLayer.emitterMode`). Raw values are Apple's strings.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the constant.
    public let rawValue: String
    /// The constant with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The constant with this string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// "points".
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// "outline".
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// "surface".
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// "volume".
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// `CAEmitterLayerEmitterMode.points` in its Objective-C spelling.
public let kCAEmitterLayerPoints = CAEmitterLayerEmitterMode.points
/// `CAEmitterLayerEmitterMode.outline` in its Objective-C spelling.
public let kCAEmitterLayerOutline = CAEmitterLayerEmitterMode.outline
/// `CAEmitterLayerEmitterMode.surface` in its Objective-C spelling.
public let kCAEmitterLayerSurface = CAEmitterLayerEmitterMode.surface
/// `CAEmitterLayerEmitterMode.volume` in its Objective-C spelling.
public let kCAEmitterLayerVolume = CAEmitterLayerEmitterMode.volume

/// How particles are ordered and composited (`CAEmitterLayer.renderMode`). Raw values are Apple's strings.
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the constant.
    public let rawValue: String
    /// The constant with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The constant with this string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// "unordered".
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// "oldestFirst".
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// "oldestLast".
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// "backToFront".
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// "additive".
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}

/// `CAEmitterLayerRenderMode.unordered` in its Objective-C spelling.
public let kCAEmitterLayerUnordered = CAEmitterLayerRenderMode.unordered
/// `CAEmitterLayerRenderMode.oldestFirst` in its Objective-C spelling.
public let kCAEmitterLayerOldestFirst = CAEmitterLayerRenderMode.oldestFirst
/// `CAEmitterLayerRenderMode.oldestLast` in its Objective-C spelling.
public let kCAEmitterLayerOldestLast = CAEmitterLayerRenderMode.oldestLast
/// `CAEmitterLayerRenderMode.backToFront` in its Objective-C spelling.
public let kCAEmitterLayerBackToFront = CAEmitterLayerRenderMode.backToFront
/// `CAEmitterLayerRenderMode.additive` in its Objective-C spelling.
public let kCAEmitterLayerAdditive = CAEmitterLayerRenderMode.additive

/// What an object shows outside its active interval (`fillMode`). Raw values are Apple's strings.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the constant.
    public let rawValue: String
    /// The constant with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The constant with this string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// "removed".
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// "forwards".
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// "backwards".
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// "both".
    public static let both = CAMediaTimingFillMode(rawValue: "both")
}

/// `CAMediaTimingFillMode.removed` in its Objective-C spelling.
public let kCAFillModeRemoved = CAMediaTimingFillMode.removed
/// `CAMediaTimingFillMode.forwards` in its Objective-C spelling.
public let kCAFillModeForwards = CAMediaTimingFillMode.forwards
/// `CAMediaTimingFillMode.backwards` in its Objective-C spelling.
public let kCAFillModeBackwards = CAMediaTimingFillMode.backwards
/// `CAMediaTimingFillMode.both` in its Objective-C spelling.
public let kCAFillModeBoth = CAMediaTimingFillMode.both

/// The named timing curves of `CAMediaTimingFunction(name:)`. Raw values are Apple's strings.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the constant.
    public let rawValue: String
    /// The constant with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The constant with this string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// "linear".
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// "easeIn".
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// "easeOut".
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// "easeInEaseOut".
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// "default".
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// `CAMediaTimingFunctionName.linear` in its Objective-C spelling.
public let kCAMediaTimingFunctionLinear = CAMediaTimingFunctionName.linear
/// `CAMediaTimingFunctionName.easeIn` in its Objective-C spelling.
public let kCAMediaTimingFunctionEaseIn = CAMediaTimingFunctionName.easeIn
/// `CAMediaTimingFunctionName.easeOut` in its Objective-C spelling.
public let kCAMediaTimingFunctionEaseOut = CAMediaTimingFunctionName.easeOut
/// `CAMediaTimingFunctionName.easeInEaseOut` in its Objective-C spelling.
public let kCAMediaTimingFunctionEaseInEaseOut = CAMediaTimingFunctionName.easeInEaseOut
/// `CAMediaTimingFunctionName.default` in its Objective-C spelling.
public let kCAMediaTimingFunctionDefault = CAMediaTimingFunctionName.`default`

/// How keyframe values are interpolated (`CAKeyframeAnimation.calculationMode`). Raw values are Apple's strings.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the constant.
    public let rawValue: String
    /// The constant with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The constant with this string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// "linear".
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// "discrete".
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// "paced".
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// "cubic".
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// "cubicPaced".
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// `CAAnimationCalculationMode.linear` in its Objective-C spelling.
public let kCAAnimationLinear = CAAnimationCalculationMode.linear
/// `CAAnimationCalculationMode.discrete` in its Objective-C spelling.
public let kCAAnimationDiscrete = CAAnimationCalculationMode.discrete
/// `CAAnimationCalculationMode.paced` in its Objective-C spelling.
public let kCAAnimationPaced = CAAnimationCalculationMode.paced
/// `CAAnimationCalculationMode.cubic` in its Objective-C spelling.
public let kCAAnimationCubic = CAAnimationCalculationMode.cubic
/// `CAAnimationCalculationMode.cubicPaced` in its Objective-C spelling.
public let kCAAnimationCubicPaced = CAAnimationCalculationMode.cubicPaced

/// How a layer moving along a path turns (`CAKeyframeAnimation.rotationMode`). Raw values are Apple's strings.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the constant.
    public let rawValue: String
    /// The constant with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The constant with this string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// "auto".
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// "autoReverse".
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// `CAAnimationRotationMode.rotateAuto` in its Objective-C spelling.
public let kCAAnimationRotateAuto = CAAnimationRotationMode.rotateAuto
/// `CAAnimationRotationMode.rotateAutoReverse` in its Objective-C spelling.
public let kCAAnimationRotateAutoReverse = CAAnimationRotationMode.rotateAutoReverse

/// How contents are placed in the bounds (`CALayer.contentsGravity`). Raw values are Apple's strings.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the constant.
    public let rawValue: String
    /// The constant with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The constant with this string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// "center".
    public static let center = CALayerContentsGravity(rawValue: "center")
    /// "top".
    public static let top = CALayerContentsGravity(rawValue: "top")
    /// "bottom".
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    /// "left".
    public static let left = CALayerContentsGravity(rawValue: "left")
    /// "right".
    public static let right = CALayerContentsGravity(rawValue: "right")
    /// "topLeft".
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    /// "topRight".
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    /// "bottomLeft".
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    /// "bottomRight".
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    /// "resize".
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// "resizeAspect".
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// "resizeAspectFill".
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// `CALayerContentsGravity.center` in its Objective-C spelling.
public let kCAGravityCenter = CALayerContentsGravity.center
/// `CALayerContentsGravity.top` in its Objective-C spelling.
public let kCAGravityTop = CALayerContentsGravity.top
/// `CALayerContentsGravity.bottom` in its Objective-C spelling.
public let kCAGravityBottom = CALayerContentsGravity.bottom
/// `CALayerContentsGravity.left` in its Objective-C spelling.
public let kCAGravityLeft = CALayerContentsGravity.left
/// `CALayerContentsGravity.right` in its Objective-C spelling.
public let kCAGravityRight = CALayerContentsGravity.right
/// `CALayerContentsGravity.topLeft` in its Objective-C spelling.
public let kCAGravityTopLeft = CALayerContentsGravity.topLeft
/// `CALayerContentsGravity.topRight` in its Objective-C spelling.
public let kCAGravityTopRight = CALayerContentsGravity.topRight
/// `CALayerContentsGravity.bottomLeft` in its Objective-C spelling.
public let kCAGravityBottomLeft = CALayerContentsGravity.bottomLeft
/// `CALayerContentsGravity.bottomRight` in its Objective-C spelling.
public let kCAGravityBottomRight = CALayerContentsGravity.bottomRight
/// `CALayerContentsGravity.resize` in its Objective-C spelling.
public let kCAGravityResize = CALayerContentsGravity.resize
/// `CALayerContentsGravity.resizeAspect` in its Objective-C spelling.
public let kCAGravityResizeAspect = CALayerContentsGravity.resizeAspect
/// `CALayerContentsGravity.resizeAspectFill` in its Objective-C spelling.
public let kCAGravityResizeAspectFill = CALayerContentsGravity.resizeAspectFill

/// The filter used to scale contents (`minificationFilter`, `magnificationFilter`). Raw values are Apple's strings.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the constant.
    public let rawValue: String
    /// The constant with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The constant with this string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// "nearest".
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// "linear".
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// "trilinear".
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

/// `CALayerContentsFilter.nearest` in its Objective-C spelling.
public let kCAFilterNearest = CALayerContentsFilter.nearest
/// `CALayerContentsFilter.linear` in its Objective-C spelling.
public let kCAFilterLinear = CALayerContentsFilter.linear
/// `CALayerContentsFilter.trilinear` in its Objective-C spelling.
public let kCAFilterTrilinear = CALayerContentsFilter.trilinear

/// The fill rule of a shape layer. Raw values are Apple's strings.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the constant.
    public let rawValue: String
    /// The constant with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The constant with this string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// "non-zero".
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// "even-odd".
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// `CAShapeLayerFillRule.nonZero` in its Objective-C spelling.
public let kCAFillRuleNonZero = CAShapeLayerFillRule.nonZero
/// `CAShapeLayerFillRule.evenOdd` in its Objective-C spelling.
public let kCAFillRuleEvenOdd = CAShapeLayerFillRule.evenOdd

/// The line cap of a shape layer's stroke. Raw values are Apple's strings.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the constant.
    public let rawValue: String
    /// The constant with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The constant with this string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// "butt".
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// "round".
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// "square".
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// `CAShapeLayerLineCap.butt` in its Objective-C spelling.
public let kCALineCapButt = CAShapeLayerLineCap.butt
/// `CAShapeLayerLineCap.round` in its Objective-C spelling.
public let kCALineCapRound = CAShapeLayerLineCap.round
/// `CAShapeLayerLineCap.square` in its Objective-C spelling.
public let kCALineCapSquare = CAShapeLayerLineCap.square

/// The line join of a shape layer's stroke. Raw values are Apple's strings.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the constant.
    public let rawValue: String
    /// The constant with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The constant with this string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// "miter".
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// "round".
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// "bevel".
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// `CAShapeLayerLineJoin.miter` in its Objective-C spelling.
public let kCALineJoinMiter = CAShapeLayerLineJoin.miter
/// `CAShapeLayerLineJoin.round` in its Objective-C spelling.
public let kCALineJoinRound = CAShapeLayerLineJoin.round
/// `CAShapeLayerLineJoin.bevel` in its Objective-C spelling.
public let kCALineJoinBevel = CAShapeLayerLineJoin.bevel

/// The alignment of a text layer's lines. Raw values are Apple's strings.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the constant.
    public let rawValue: String
    /// The constant with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The constant with this string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// "natural".
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    /// "left".
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    /// "right".
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    /// "center".
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// "justified".
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// `CATextLayerAlignmentMode.natural` in its Objective-C spelling.
public let kCAAlignmentNatural = CATextLayerAlignmentMode.natural
/// `CATextLayerAlignmentMode.left` in its Objective-C spelling.
public let kCAAlignmentLeft = CATextLayerAlignmentMode.left
/// `CATextLayerAlignmentMode.right` in its Objective-C spelling.
public let kCAAlignmentRight = CATextLayerAlignmentMode.right
/// `CATextLayerAlignmentMode.center` in its Objective-C spelling.
public let kCAAlignmentCenter = CATextLayerAlignmentMode.center
/// `CATextLayerAlignmentMode.justified` in its Objective-C spelling.
public let kCAAlignmentJustified = CATextLayerAlignmentMode.justified

/// The kind of gradient a gradient layer draws (only `axial` is drawn). Raw values are Apple's strings.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the constant.
    public let rawValue: String
    /// The constant with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The constant with this string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    /// "axial".
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// "radial".
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// "conic".
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// `CAGradientLayerType.axial` in its Objective-C spelling.
public let kCAGradientLayerAxial = CAGradientLayerType.axial
/// `CAGradientLayerType.radial` in its Objective-C spelling.
public let kCAGradientLayerRadial = CAGradientLayerType.radial
/// `CAGradientLayerType.conic` in its Objective-C spelling.
public let kCAGradientLayerConic = CAGradientLayerType.conic

#endif
