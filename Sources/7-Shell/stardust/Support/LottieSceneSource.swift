import Foundation
import Stardust
import StardustLottie

/// Lottie files (`.json` with Lottie's top-level keys, `.tgs`, dotLottie `.lottie`) as scenes for render, trace and validate: the
/// translated layer tree under a scene root, at the file's size (1 pixel per point), frame rate and duration
/// (docs/LOTTIE.md). Warnings (what is read but not drawn) go to standard error.
enum LottieSceneSource {
    static func handles(_ target: String) -> Bool { LottieFile.looksLikeLottie(path: target) }

    static func load(_ target: String, size: Size?, animation: String? = nil, fontFolders: [String] = []) throws -> Scene {
        let c: LottieComposition
        do {
            c = try LottieFile.load(path: target, animation: animation, fontFolders: fontFolders)
        } catch let e as LottieError {
            // Archive-level errors of a dotLottie already name the file; JSON errors name a path inside it.
            throw CLIError.usage(e.path == target ? e.description : "\(target): \(e.description)")
        }
        for w in c.warnings { printError("warning: \(w)") }
        let sceneSize = size ?? c.size
        let scene = Scene(name: c.animation.name ?? PathText.lastComponent(target), size: sceneSize, scale: 1,
                          duration: c.duration, fps: c.frameRate)
        if sceneSize != c.size, c.size.width > 0, c.size.height > 0 {
            c.root.transform = Transform3D(scaleX: sceneSize.width / c.size.width, y: sceneSize.height / c.size.height, z: 1)
        }
        scene.root.addSublayer(c.root)
        return scene
    }
}
