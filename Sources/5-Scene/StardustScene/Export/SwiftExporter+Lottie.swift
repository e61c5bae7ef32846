import Foundation
import StardustCodecs
import StardustAnimation
import StardustLottie

extension SwiftExportWriter {
    /// A scene's `lottie` layer as lottie-ios code: a `LottieAnimationLayer` (lottie-ios's `CALayer` subclass, the
    /// layer beneath `LottieAnimationView`) loading the file from the app's bundle by name, with the scene's speed,
    /// segment and loop mode given to `play(fromProgress:toProgress:loopMode:)`. Its own layer keys (frame, Core
    /// Animation timing, opacity …) are written as for any layer; the translated layers under it are lottie-ios's
    /// business and are not written. Every string goes through ``SwiftSourceText`` (docs/HOSTILE-INPUT.md rule 1).
    mutating func writeLottie(_ l: LottieSceneLayer) -> String {
        let v = variable(l.name, fallback: "animation")
        var file = PathText.lastComponent(l.source)
        if let name = BuiltinLottie.name(ofSource: l.source), let json = BuiltinLottie.json(named: name) {
            // A built-in animation becomes a file the app bundles, written beside the source.
            file = name + ".json"
            if !animations.contains(where: { $0.file == file }) { animations.append((file, json)) }
        }
        let resource = SwiftSourceText.stringLiteral(PathText.deletingPathExtension(file))
        let fileComment = SwiftSourceText.comment(file)
        if LottieFile.isDotLottie(l.source) {
            line("// lottie-ios: add \(fileComment) to the app's bundle. A dotLottie archive loads asynchronously.")
            line("let \(v) = LottieAnimationLayer(animation: nil)")
        } else {
            line("// lottie-ios: add \(fileComment) to the app's bundle.")
            line("let \(v) = LottieAnimationLayer(animation: LottieAnimation.named(\(resource)))")
        }
        if let n = l.name { line("\(v).name = \(SwiftSourceText.stringLiteral(n))") }
        writeCommon(l, fresh: Layer(), v)
        writeCompositing(l, fresh: Layer(), v)
        if l.animationSpeed != 1 { line("\(v).animationSpeed = \(SwiftLiteral.number(l.animationSpeed))") }
        let play = "\(v).play(fromProgress: \(SwiftLiteral.number(l.fromProgress)), toProgress: \(SwiftLiteral.number(l.toProgress)), "
            + "loopMode: \(Self.swiftLoopMode(l.loopMode)))"
        if LottieFile.isDotLottie(l.source) {
            line("DotLottieFile.named(\(resource)) { result in")
            line("guard case .success(let file) = result else { return }", indent: 2)
            line("\(v).loadAnimation(\(l.animationID.map(SwiftSourceText.stringLiteral) ?? "nil"), from: file)", indent: 2)
            line(play, indent: 2)
            line("}")
        } else {
            line(play)
        }
        if !l.animationKeys().isEmpty { pendingAnimations.append((v, l)) }
        return v
    }

    /// lottie-ios's spelling of a loop mode.
    static func swiftLoopMode(_ m: LottieLoopMode) -> String {
        switch m {
        case .playOnce: return ".playOnce"
        case .loop: return ".loop"
        case .autoReverse: return ".autoReverse"
        case .repeat(let n): return ".repeat(\(SwiftLiteral.number(n)))"
        case .repeatBackwards(let n): return ".repeatBackwards(\(SwiftLiteral.number(n)))"
        }
    }
}
