import Foundation
import StardustCore
import StardustLottie
import StardustScene
import StardustTestSupport
import Testing

/// docs/HOSTILE-INPUT.md rule 1 for the lottie-ios code `export-swift` writes: a `lottie` layer's name, its source
/// file name and its dotLottie animation id come from strangers; whatever they hold, the export's syntax tree is the
/// one of benign names (every string stays a literal or a comment).
@Suite("LottieExportInjectionTests")
struct LottieExportInjectionTests {
    static func scene(_ name: (Int) -> String) throws -> Scene {
        let scene = Scene(name: name(0), size: Size(100, 100))
        let json = try LottieFile.load(path: Fixtures.url("lottie", "linear-position.json").path)
        let plain = LottieSceneLayer(source: name(1) + ".json", composition: json, loopMode: .loop)
        plain.name = name(2)
        let dot = try LottieFile.load(path: Fixtures.url("lottie", "two-animations.lottie").path)
        let archive = LottieSceneLayer(source: name(3) + ".lottie", animationID: name(4), composition: dot, loopMode: .repeat(2))
        archive.name = name(5)
        scene.root.addSublayer(plain)
        scene.root.addSublayer(archive)
        return scene
    }

    @Test func everyHostileLottieNameStaysALiteralOrAComment() throws {
        let swiftc = try #require(SwiftCompiler.path, "no swiftc on PATH (or STARDUST_SWIFTC)")
        var rng = SeededGenerator(seed: 31)
        let benign = try SwiftCompiler.syntaxNodes(of: SwiftExporter.export(Self.scene { "n\($0)" }).source, swiftc: swiftc)
        #expect(benign["func_decl", default: 0] >= 1)
        for iteration in 0..<max(1, SwiftExportInjectionTests.iterations / 2) {
            let names = (0..<6).map { _ in SwiftExportInjectionTests.hostileString(&rng) }
            let export = SwiftExporter.export(try Self.scene { names[$0] })
            let nodes = try SwiftCompiler.syntaxNodes(of: export.source, swiftc: swiftc)
            #expect(nodes == benign, "iteration \(iteration) (seed 31): names \(names.map { $0.debugDescription })")
        }
    }
}
