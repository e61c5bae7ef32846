import Foundation
import StardustCodecs
import StardustLottie

extension Scene {
    /// A scene showing a translated Lottie file (docs/LOTTIE.md): the composition's layer tree under the scene
    /// root, at the file's frame rate and duration, one pixel per point, scaled to `size` when given (the file's
    /// own size otherwise). The one place the CLI's batch, the studio and the render server turn a Lottie file
    /// into a scene, so that they render the same frames as `stardust render anim.json`.
    public static func lottie(_ c: LottieComposition, name: String, size: Size? = nil) -> Scene {
        let sceneSize = size ?? c.size
        let scene = Scene(name: c.animation.name ?? name, size: sceneSize, scale: 1, duration: c.duration, fps: c.frameRate)
        if sceneSize != c.size, c.size.width > 0, c.size.height > 0 {
            c.root.transform = Transform3D(scaleX: sceneSize.width / c.size.width, y: sceneSize.height / c.size.height, z: 1)
        }
        scene.root.addSublayer(c.root)
        return scene
    }

    /// Reads, translates and wraps the Lottie file at `path` (any file `LottieFile` (StardustLottie) opens),
    /// with `path` as the scene's input file; the warnings are the composition's.
    /// - Throws: `LottieError` naming the JSON path of the first problem.
    public static func lottie(path: String, size: Size? = nil, limits: LottieLimits = LottieLimits()) throws
        -> (scene: Scene, warnings: [LottieWarning]) {
        let c = try LottieFile.load(path: path, limits: limits)
        let scene = lottie(c, name: PathText.lastComponent(path), size: size)
        scene.inputFiles.insert(path, at: 0)
        return (scene, c.warnings)
    }
}
