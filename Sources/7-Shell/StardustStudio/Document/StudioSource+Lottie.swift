import Foundation
import Stardust
import StardustLottie

/// Lottie files in the studio (docs/STUDIO.md, "Lottie files"): opened, scrubbed, played and exported like any
/// scene. Whatever `LottieFile` reads (`.json` with Lottie's keys, `.tgs`, and the formats it learns later, such
/// as dotLottie) opens here through ``isLottie(_:)`` and ``lottieScene(_:limits:)``, the one entry point.
extension StudioSource {
    /// Whether `path` is a Lottie file (by its kind or, for `.json`, by its top-level keys).
    static func isLottie(_ path: String) -> Bool {
        LottieFile.isLottiePath(path) || LottieFile.looksLikeLottie(path: path)
    }

    /// Opens a Lottie file: it is read and translated once here, so a file that does not load is refused at once
    /// with the JSON path of its first problem.
    static func openLottie(_ path: String, limits: SceneLimits) throws -> StudioSource {
        _ = try lottieScene(path, limits: limits)
        return .lottie(path: path)
    }

    /// A fresh scene of the Lottie file at `path`: the file's size, frame rate and duration, one pixel per point
    /// (the scene `stardust render anim.json` renders). Its images are checked against the studio's image budget.
    static func lottieScene(_ path: String, limits: SceneLimits) throws -> Scene {
        var lottieLimits = LottieLimits()
        lottieLimits.maxImageBytes = min(lottieLimits.maxImageBytes, limits.maxImageBytes)
        do {
            return try Scene.lottie(path: path, limits: lottieLimits).scene
        } catch let e as LottieError {
            throw StudioEditError("\(path): \(e.description)")
        }
    }
}

extension StudioServer {
    /// The file kinds `POST /api/upload?kind=` takes: scene and effect files, and Lottie files (`.json` is told
    /// apart by its keys; `.lottie` opens once `LottieFile` reads dotLottie, and is refused with its reason until then).
    static let uploadKinds = ["json", "pex", "plist", "ped", "tgs", "lottie"]
}
