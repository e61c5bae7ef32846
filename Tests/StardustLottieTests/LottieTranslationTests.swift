import Foundation
import StardustAnimation
import StardustCore
import StardustLottie
import Testing

/// Each Lottie feature against an analytic expectation, on the hand-written fixtures (Tests/Fixtures/lottie/).
@Suite("Lottie translation")
struct LottieTranslationTests {
    typealias F = LottieFixtures

    @Test func linearKeyframesMoveTheSquareAtConstantSpeed() throws {
        let c = try F.load("linear-position.json")
        for frame in [0.0, 2.5, 5, 10, 15] {
            let centre = 20 + 6 * min(frame, 10)
            let span = try #require(F.span(try F.render(c, frame: frame), row: 50))
            // The 20-wide square covers centre − 10 … centre + 10 (pixel columns centre − 10 … centre + 9).
            #expect(abs(Double(span.lowerBound) - (centre - 10)) <= 1, "frame \(frame): \(span)")
            #expect(abs(Double(span.upperBound) - (centre + 9)) <= 1, "frame \(frame): \(span)")
        }
    }

    @Test func holdKeyframesJumpAtTheNextKeyTime() throws {
        let c = try F.load("hold.json")
        #expect(F.isRed(try F.render(c, frame: 9.9), 20, 50))
        #expect(F.isEmpty(try F.render(c, frame: 9.9), 80, 50))
        #expect(F.isRed(try F.render(c, frame: 10), 80, 50))
        #expect(F.isEmpty(try F.render(c, frame: 10), 20, 50))
    }

    /// y of the cubic Bézier easing at x, solved by bisection (independent of the engine's timing function).
    static func bezierEase(_ x: Double, _ c1: (Double, Double), _ c2: (Double, Double)) -> Double {
        func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 { let m = (lo + hi) / 2; if b(m, c1.0, c2.0) < x { lo = m } else { hi = m } }
        return b((lo + hi) / 2, c1.1, c2.1)
    }

    @Test func bezierEasingFollowsTheSegmentsHandles() throws {
        let c = try F.load("bezier-easing.json")
        for frame in [2.0, 2.5, 5, 7.5] {
            let expected = 100 * Self.bezierEase(frame / 10, (0.42, 0), (0.58, 1))
            let span = try #require(F.span(try F.render(c, frame: frame), row: 50))
            let centre = Double(span.lowerBound + span.upperBound + 1) / 2
            #expect(abs(centre - expected) <= 1, "frame \(frame): centre \(centre), expected \(expected)")
        }
    }

    @Test func parentTransformsComposeWithoutChangingTheStackingOrder() throws {
        let image = try F.render("parenting.json", frame: 0)
        // The child's (20, 0) turned 90° clockwise about the null at (50, 50) is (50, 70), over the blue square.
        #expect(F.isRed(image, 50, 70))
        #expect(F.isBlue(image, 40, 70))
        #expect(!F.isRed(image, 70, 50))
    }

    @Test func anchorScaleRotationAndPositionCompose() throws {
        let image = try F.render("transform.json", frame: 0)
        #expect(F.isRed(image, 50, 35))
        #expect(F.isRed(image, 45, 65))
        #expect(F.isEmpty(image, 35, 50))
        #expect(F.isEmpty(image, 65, 50))
        #expect(abs(F.coverage(image) - 800) < 20)
    }

    /// The trim cuts the line whether it sits above the stroke in the group or below it (the order After Effects
    /// writes when Trim Paths is added after the stroke), and when it sits below the group holding line and stroke.
    @Test(arguments: ["trim.json", "trim-below-stroke.json", "trim-after-group.json"])
    func trimPathsDrawTheFirstHalfOfTheLine(_ file: String) throws {
        let image = try F.render(file, frame: 0)
        let span = try #require(F.span(image, row: 50))
        #expect(abs(span.lowerBound - 10) <= 1 && abs(span.upperBound - 49) <= 1, "\(span)")
    }

    /// After Effects' ellipse starts at its top point: a trim to 25 % keeps the upper-right quarter (upper-left when
    /// the path is reversed).
    @Test func ellipsesStartAtTheTopAndRunClockwise() throws {
        let image = try F.render("ellipse-start.json", frame: 0)
        let d = 40 / 2.0.squareRoot()
        func at(_ cx: Double, _ dx: Double, _ dy: Double) -> (Int, Int) { (Int((cx + dx).rounded()), Int((50 + dy).rounded())) }
        for (cx, drawn, empty) in [(50.0, d, -d), (150.0, -d, d)] {
            let on = at(cx, drawn, -d), off = at(cx, empty, -d), below = at(cx, drawn, d)
            #expect(F.isRed(image, on.0, on.1), "centre \(cx)")
            #expect(F.isEmpty(image, off.0, off.1) && F.isEmpty(image, below.0, below.1), "centre \(cx)")
        }
    }

    /// `rx` turns the square about its X axis: drawn without perspective, 60° halves its height (cos 60° = 0.5)
    /// and keeps its width; at 0° it is whole.
    @Test func rotationAboutXForeshortensTheLayer() throws {
        let c = try F.load("rotation-x.json")
        let flat = try F.render(c, frame: 0)
        #expect(abs(F.coverage(flat) - 1600) < 20, "\(F.coverage(flat))")
        let turned = try F.render(c, frame: 10)
        #expect(abs(F.coverage(turned) - 800) < 20, "\(F.coverage(turned))")
        #expect(F.isRed(turned, 50, 42) && F.isRed(turned, 50, 57) && F.isRed(turned, 32, 50) && F.isRed(turned, 67, 50))
        #expect(F.isEmpty(turned, 50, 37) && F.isEmpty(turned, 50, 62))
    }

    /// A fill colour's fourth value is not its alpha (the fill's `o` is): the square is opaque red.
    @Test func aFillColoursFourthValueIsIgnored() throws {
        let image = try F.render("fill-color-alpha.json", frame: 0)
        #expect(F.isRed(image, 50, 50) && F.isRed(image, 32, 32))
        #expect(abs(F.coverage(image) - 1600) < 20, "\(F.coverage(image))")
    }

    @Test func precompsAreClippedToTheirFrame() throws {
        let image = try F.render("precomp.json", frame: 0)
        #expect(F.isGreen(image, 25, 25))
        #expect(F.isGreen(image, 49, 49))
        #expect(F.isEmpty(image, 51, 51))
        #expect(F.isEmpty(image, 75, 20))
    }

    @Test func startTimeAndStretchMapCompositionFramesToPrecompFrames() throws {
        let c = try F.load("stretch.json")
        // The precomp's frame = (f − 2) / 2; x = 10 · that frame.
        for (frame, x) in [(8.0, 30.0), (12.0, 50.0), (16.0, 70.0)] {
            let span = try #require(F.span(try F.render(c, frame: frame), row: 50), "frame \(frame)")
            let centre = Double(span.lowerBound + span.upperBound + 1) / 2
            #expect(abs(centre - x) <= 1, "frame \(frame): centre \(centre)")
        }
    }

    @Test func aLayersOwnKeyframesIgnoreItsStartTime() throws {
        // As ThorVG, rlottie and lottie-ios play it: st shifts a precomp's contents, not the layer's own keyframes.
        let span = try #require(F.span(try F.render("own-keyframes-start-time.json", frame: 5), row: 50))
        #expect(abs(span.lowerBound - 40) <= 1 && abs(span.upperBound - 59) <= 1, "\(span)")
    }

    @Test func inAndOutPointsBoundVisibility() throws {
        let c = try F.load("inout.json")
        #expect(F.isEmpty(try F.render(c, frame: 4.9), 50, 50))
        #expect(F.isRed(try F.render(c, frame: 5), 50, 50))
        #expect(F.isRed(try F.render(c, frame: 9.9), 50, 50))
        #expect(F.isEmpty(try F.render(c, frame: 10), 50, 50))
    }

    @Test func layersThatLastToTheEndAreDrawnAtTheEndFrame() throws {
        // lottie-ios's progress 1 is frame op; a layer whose out point is the animation's end (through a precomp's
        // start time too) is still drawn there, one that ends earlier is not.
        let c = try F.load("end-frame.json")
        let end = try F.render(c, frame: 10)
        #expect(F.isRed(end, 15, 50) && F.isGreen(end, 50, 50) && F.isEmpty(end, 85, 50))
        let before = try F.render(c, frame: 8.5)
        #expect(F.isRed(before, 15, 50) && F.isGreen(before, 50, 50) && F.isBlue(before, 85, 50))
    }

    @Test func ellipsePolygonAndStarAreas() throws {
        #expect(abs(F.coverage(try F.render("ellipse.json", frame: 0)) - Double.pi * 900) < 0.01 * Double.pi * 900)
        #expect(abs(F.coverage(try F.render("polygon.json", frame: 0)) - 1800) < 18)
        let star = 5 * 40 * 20 * sin(36 * Double.pi / 180)
        #expect(abs(F.coverage(try F.render("star.json", frame: 0)) - star) < 0.01 * star)
    }

    @Test func repeaterDrawsCopiesOffsetByItsTransform() throws {
        let image = try F.render("repeater.json", frame: 0)
        for x in [20, 50, 80] { #expect(F.isRed(image, x, 50), "copy at \(x)") }
        #expect(F.isEmpty(image, 35, 50))
        #expect(abs(F.coverage(image) - 300) < 6)
    }

    @Test func morphingPathsInterpolateVertexByVertex() throws {
        let c = try F.load("morph.json")
        for frame in [0.0, 2.5, 7.5, 10] {
            let apex = 20 + 6 * frame
            let area = 30 * abs(apex - 50)
            #expect(abs(F.coverage(try F.render(c, frame: frame)) - area) < max(0.02 * area, 4), "frame \(frame)")
        }
    }

    @Test func strokesListedAboveAFillAreDrawnOverIt() throws {
        let image = try F.render("paint-order.json", frame: 0)
        #expect(F.isBlue(image, 30, 50))   // on the stroke (the rectangle's left edge at x = 30)
        let inside = image[50, 50]   // the fill at 50 % opacity
        #expect(abs(Int(inside.a) - 128) <= 2 && inside.r >= 125 && inside.b < 5)
    }

    /// The features this fixture was written to warn about (before they were drawn) are drawn now, without
    /// warnings: the red box is matted by the green square (30…70) and masked by the triangle y ≤ x ≤ 50.
    @Test func formerlyUndrawnFeaturesAreDrawnWithoutWarnings() throws {
        let c = try F.load("undrawn.json")
        #expect(c.warnings.isEmpty, "\(c.warnings)")
        let image = try F.render(c, frame: 0)
        #expect(F.isRed(image, 45, 35))
        #expect(F.isEmpty(image, 35, 45))   // outside the triangle mask
        #expect(F.isEmpty(image, 20, 15))   // outside the matte
        #expect(!F.isGreen(image, 50, 50))  // the matte source is not drawn itself
    }

    @Test func whatIsNotDrawnIsNamedWithItsPath() throws {
        let c = try F.load("not-drawn.json")
        let lines = c.warnings.map(\.description)
        for expected in ["not drawn yet: merge paths (mode 3); the paths are drawn unmerged at $.layers[0].shapes[0].it[2]",
                         "not drawn: layer effect type 29 at $.layers[0].ef[0]"] {
            #expect(lines.contains(expected), "missing: \(expected) in \(lines)")
        }
    }

    @Test func theLayerTreeKeepsCoreAnimationStructureVisible() throws {
        let c = try F.load("linear-position.json")
        let top = try #require(c.root.sublayers.first)
        let position = try #require(top.animation(forKey: "lottie.position") as? KeyframeAnimation)
        #expect(position.values == [.point(Point(20, 50)), .point(Point(80, 50))])
        #expect(position.keyTimes == [0, 1])
        #expect(position.timing.duration == 1)
        #expect(position.timing.fillMode == .both)
        #expect(position.name == "$.layers[0].ks.p")
    }

    @Test func holdKeyframesBecomeAZeroLengthSegment() throws {
        let c = try F.load("hold.json")
        let a = try #require(c.root.sublayers.first?.animation(forKey: "lottie.position") as? KeyframeAnimation)
        #expect(a.values == [.point(Point(20, 50)), .point(Point(20, 50)), .point(Point(80, 50))])
        #expect(a.keyTimes == [0, 1, 1])
    }
}
