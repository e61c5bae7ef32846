import Foundation
import Stardust
import StardustLottie

/// Lottie inputs of a batch (docs/BATCH.md): the scene `stardust render anim.json` renders (`Scene.lottie`), with
/// the job's overrides. Unlike `render`, a job does not print the file's warnings (what is read but not drawn):
/// ten thousand jobs over one sticker would print them ten thousand times; `stardust validate` lists them.
enum BatchLottie {
    /// Whether the job's input is a Lottie file (`.tgs`, `.json` with Lottie's keys, whatever `LottieFile` opens).
    static func handles(_ input: String) -> Bool { LottieFile.isLottiePath(input) || LottieFile.looksLikeLottie(path: input) }

    static func scene(_ input: String, overrides: SceneOverrides) throws -> Scene {
        let scene: Scene
        do {
            scene = try Scene.lottie(path: input, size: overrides.size).scene
        } catch let e as LottieError {
            throw BatchJobError(path: "input", message: "\(input): \(e.description)")
        }
        if let v = overrides.fps { scene.fps = v }
        if let v = overrides.duration { scene.duration = v }
        if let v = overrides.seed { scene.seed = v }
        return scene
    }
}
