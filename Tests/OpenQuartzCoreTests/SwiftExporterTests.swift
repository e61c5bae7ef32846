import Foundation
import OpenQuartzCore
import Stardust
import Testing

/// The exporter writes names and numbers that Swift reads back exactly.
@Suite struct SwiftExporterTests {
    @Test func namesAreSwiftIdentifiersAndStringsAreEscaped() {
        let scene = Scene(name: "my scene", size: Size(100, 100))
        let a = Layer()
        a.name = #"class "x""#
        let b = Layer()
        b.name = "root"
        let c = Layer()
        c.name = "3 stars"
        for l in [a, b, c] { scene.root.addSublayer(l) }
        let source = SwiftExporter.export(scene).source
        #expect(source.contains("func makeMySceneScene() -> CALayer {"))
        #expect(source.contains(#"let classX = CALayer()"#))
        #expect(source.contains(#"classX.name = "class \"x\"""#))
        #expect(source.contains("let root2 = CALayer()"))
        #expect(source.contains("let _3Stars = CALayer()"))
    }

    /// Dust drawn as specks has no Core Animation drawing: the export's image layers say so above the split; dust drawn
    /// as image layers (the `thanos` preset's) is exported without that remark.
    @Test(arguments: [true, false])
    func anExportOfSpeckDustSaysCoreAnimationResamplesIt(specks: Bool) {
        let scene = Scene(name: "dust", size: Size(40, 30))
        let picture = Texture(Image(width: 8, height: 6, straightRGBA: [UInt8](repeating: 200, count: 8 * 6 * 4)))
        var p = DustParameters(layerCount: 4, seed: 3)
        p.drawsSpecks = specks
        let effect = DustEffect(texture: picture, frame: Rect(x: 10, y: 10, width: 8, height: 6), parameters: p, snapTime: 0.5)
        scene.root.addSublayer(effect.container)
        let export = SwiftExporter.export(scene)
        #expect(export.omissions.isEmpty)
        #expect(export.source.contains("dustSplit(UIImage(named:"))
        #expect(export.source.contains("Core Animation resamples them") == specks)
    }

    @Test func anglesUseExactPiSpellingsAndOtherNumbersTheirShortestDecimal() {
        let scene = Scene(name: "angles", size: Size(10, 10))
        let e = EmitterLayer()
        let cell = EmitterCell()
        cell.emissionLongitude = -Double.pi / 3
        cell.emissionRange = 5 * Double.pi / 180
        cell.spin = 0.1 + 0.2
        cell.velocity = 30
        e.emitterCells = [cell]
        scene.root.addSublayer(e)
        let source = SwiftExporter.export(scene).source
        #expect(source.contains("cell1.emissionLongitude = -.pi / 3"))
        #expect(source.contains("cell1.emissionRange = .pi / 36"))
        #expect(source.contains("cell1.spin = 0.30000000000000004"))
        #expect(source.contains("cell1.velocity = 30\n"))
        // The spellings evaluate to exactly the engine's values.
        #expect(-CGFloat.pi / 3 == -Double.pi / 3 && CGFloat.pi / 36 == 5 * Double.pi / 180)
    }
}
