import Foundation
import StardustAnimation
import StardustCore
import StardustLottie
import StardustScene
import StardustParticles

/// `snow` (docs/DESIGN.md §12): the launch-screen snowfall, a transparent emitter over
/// a simple launch screen (a gradient and a logo drawn with the path rasterizer).
enum SnowPreset {
    @Sendable static func scene(_ size: Size) -> Scene {
        let scene = Scene(name: "snow", size: size, scale: 1, duration: 5, fps: 20, seed: 1)
        scene.root.addSublayer(LaunchScreen.layer(size: size))
        let snow = emitter(size: size)
        scene.root.addSublayer(snow)
        // The source's "turn the snow off remotely after Christmas" (docs/DESIGN.md §14): applied by the tool
        // (`stardust render --date …`) or by apps through `Scene.applySeasonalSwitches`, never by the
        // builder itself, so the preset's frames do not depend on the day they are rendered.
        scene.seasonalGates = [SeasonalGate(layer: snow, rule: season(), path: "snow")]
        return scene
    }

    /// 1–25 December every year (UTC), and, when the environment variable `STARDUST_SNOW_FLAG_URL`
    /// names a JSON document, its member `"snow"` (docs/SEASONAL.md).
    static func season(environment: [String: String] = ProcessInfo.processInfo.environment) -> SeasonalRule {
        var rule = SeasonalRule(windows: [DateWindow(from: (12, 1), to: (12, 25))], timeZone: TimeZone(identifier: "UTC")!)
        if let s = environment["STARDUST_SNOW_FLAG_URL"], let url = URL(string: s), url.host != nil {
            rule.remote = RemoteFlag(url: url, key: "snow", maxAge: 3600, timeout: 2)
        }
        return rule
    }

    /// The two-cell snow emitter across the top edge, pre-warmed by 10 s.
    static func emitter(size: Size) -> EmitterLayer {
        let e = EmitterLayer.topEdgeLine(size, name: "snow")
        e.timing.beginTime = 0
        e.timing.timeOffset = 10
        e.emitterCells = [cell(name: "flake", image: "dot", velocity: 30), cell(name: "blurryFlake", image: "blurry-dot", velocity: 40)]
        return e
    }

    static func cell(name: String, image: String, velocity: Double) -> EmitterCell {
        let c = EmitterCell()
        c.name = name
        c.contents = BuiltinImages.texture(named: image)
        c.isRotationInvariant = true
        c.emissionRange = .pi
        c.lifetime = 20
        c.birthRate = 30
        c.scale = 0.15
        c.scaleRange = 0.6
        c.velocity = velocity
        c.velocityRange = 20
        c.spin = -0.5
        c.spinRange = 1.0
        c.yAcceleration = 30
        c.xAcceleration = 5
        return c
    }
}

/// The launch screen behind the snow: a night-blue gradient, the logo as a Lottie animation we author (the ring
/// and the star draw themselves in with trim paths, then a Santa hat drops onto the ring and bounces, as in the
/// source story; the built-in `snow-launch`, docs/PRESETS.md) played by a scene `lottie` layer, and the product name.
enum LaunchScreen {
    /// The Lottie file of the logo animation, in the module's resources.
    static let animationName = "snow-launch"

    static func layer(size: Size) -> Layer {
        let root = GradientLayer()
        root.name = "launchScreen"
        root.bounds = Rect(origin: .zero, size: size)
        root.position = Point(size.width / 2, size.height / 2)
        root.colors = [Color(hex: "#0B1A3A")!, Color(hex: "#1D3B6E")!, Color(hex: "#3A2E6E")!]
        root.locations = [0, 0.6, 1]

        let logoSize = min(size.width, size.height) * 0.62
        let logo = logoLayer()
        logo.name = "logo"
        logo.bounds = Rect(0, 0, logoSize, logoSize)
        logo.position = Point(size.width / 2, size.height * 0.40)
        logo.layoutContent()
        root.addSublayer(logo)

        let title = TextLayer()
        title.string = "Stardust"
        title.fontSize = max(12, logoSize * 0.11)
        title.alignmentMode = .center
        title.foregroundColor = Color(white: 1, alpha: 0.9)
        title.bounds = Rect(0, 0, size.width, title.fontSize * 1.5)
        title.position = Point(size.width / 2, logo.position.y + logoSize * 0.5)
        root.addSublayer(title)
        return root
    }

    /// The logo animation, played once (its last frame, the hatted logo, is held).
    static func logoLayer() -> LottieSceneLayer {
        LottieSceneLayer(source: BuiltinLottie.prefix + animationName, composition: composition(), loopMode: .playOnce)
    }

    /// The translated animation, built into StardustLottie (``BuiltinLottie``): a failure to load it is a build defect.
    static func composition() -> LottieComposition {
        do {
            return try BuiltinLottie.load(named: animationName)
        } catch {
            preconditionFailure("StardustLottie's built-in \(animationName): \(error)")
        }
    }
}

/// Star-shaped paths for logos and art.
enum StarShape {
    /// A star with `points` tips, the first pointing up.
    static func path(center c: Point, outer: Double, inner: Double, points: Int) -> Path {
        var p = Path()
        for i in 0..<(2 * points) {
            let r = i % 2 == 0 ? outer : inner
            let a = -Double.pi / 2 + Double(i) * Double.pi / Double(points)
            let q = Point(c.x + r * cos(a), c.y + r * sin(a))
            if i == 0 { p.move(to: q) } else { p.addLine(to: q) }
        }
        p.closeSubpath()
        return p
    }
}
