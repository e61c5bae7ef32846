import Foundation
import Testing
@testable import Stardust
@testable import StardustScene
import StardustCodecs

/// The effect files of other tools (docs/IMPORTERS.md): the real samples in ../shared/samples/effects
/// and hand-written files with known numbers.
@Suite struct ImporterTests {
    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/samples/effects").standardized.path
    static let sampleNames = ["drugs.pex", "fire.pex", "jellyfish.pex", "sun.pex", "redorange.ped"]

    static func emitter(_ s: Scene) throws -> EmitterLayer {
        try #require(s.allLayers.compactMap { $0 as? EmitterLayer }.first)
    }

    /// Writes `text` to a fresh temporary file named `name` and returns its path.
    static func temp(_ name: String, _ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let p = dir.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: p))
        return p
    }

    @Test(arguments: sampleNames)
    func everySampleRendersVisibleMovingParticles(_ name: String) throws {
        let path = Self.samples + "/" + name
        var warnings: [String] = []
        let scene = try EffectImporter.load(path: path) { warnings.append($0) }
        // Missing textures: at most one warning line, never a failure.
        #expect(warnings.count <= 1)
        let e = try Self.emitter(scene)
        let a = e.evaluate(at: 2, sceneSeed: scene.seed), b = e.evaluate(at: 2.1, sceneSeed: scene.seed)
        #expect(a.count > 20)
        // The same particles (by id) moved.
        var posA: [UInt64: SIMD3<Float>] = [:]
        for i in 0..<a.count { posA[a.particleID[i]] = a[i].position }
        var moved = 0
        for i in 0..<b.count { if let p = posA[b.particleID[i]], p != b[i].position { moved += 1 } }
        #expect(moved > 10)
        // Visible: a good share of the small frame is lit.
        scene.scale = 0.5
        let img = try RenderJob(scene: scene, threads: 1).renderFrame(at: 2)
        var lit = 0
        for y in 0..<img.height { for x in 0..<img.width { let p = img[x, y]; if Int(p.r) + Int(p.g) + Int(p.b) > 60 { lit += 1 } } }
        #expect(lit > img.pixelCount / 50, "lit \(lit) of \(img.pixelCount)")
    }

    @Test func missingTextureWarnsOnceAndFallsBackToASoftDot() throws {
        let imported = try EffectImporter.importFile(atPath: Self.samples + "/fire.pex")
        #expect(imported.warnings.count == 1)
        #expect(imported.warnings[0].contains("fire_particle.png"))
        #expect(imported.jsonText.contains("builtin:blurry-dot"))
        let jelly = try EffectImporter.importFile(atPath: Self.samples + "/jellyfish.pex")
        #expect(jelly.warnings.isEmpty)
        #expect(jelly.referencedTextures["jellyfish_particle.png"] != nil)
    }

    static let knownPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0"><dict>
      <key>maxParticles</key><integer>200</integer>
      <key>particleLifespan</key><real>2</real>
      <key>particleLifespanVariance</key><real>0</real>
      <key>speed</key><real>100</real>
      <key>speedVariance</key><real>20</real>
      <key>angle</key><real>90</real>
      <key>angleVariance</key><real>10</real>
      <key>gravityx</key><real>5</real>
      <key>gravityy</key><real>-30</real>
      <key>sourcePositionx</key><real>100</real>
      <key>sourcePositiony</key><real>80</real>
      <key>sourcePositionVariancex</key><real>10</real>
      <key>sourcePositionVariancey</key><real>4</real>
      <key>startParticleSize</key><real>32</real>
      <key>startParticleSizeVariance</key><real>0</real>
      <key>finishParticleSize</key><real>16</real>
      <key>finishParticleSizeVariance</key><real>0</real>
      <key>startColorRed</key><real>1</real><key>startColorGreen</key><real>0.5</real>
      <key>startColorBlue</key><real>0</real><key>startColorAlpha</key><real>1</real>
      <key>finishColorRed</key><real>0</real><key>finishColorGreen</key><real>0.5</real>
      <key>finishColorBlue</key><real>1</real><key>finishColorAlpha</key><real>0</real>
      <key>rotationStart</key><real>0</real><key>rotationEnd</key><real>180</real>
      <key>emitterType</key><integer>0</integer>
      <key>duration</key><real>-1</real>
      <key>blendFuncSource</key><integer>770</integer>
      <key>blendFuncDestination</key><integer>1</integer>
      <key>textureFileName</key><string>absent.png</string>
    </dict></plist>
    """

    @Test func handWrittenPlistMapsToDocumentedCoreAnimationValues() throws {
        let path = try Self.temp("known.plist", Self.knownPlist)
        let imported = try EffectImporter.importFile(atPath: path)
        let scene = try imported.scene()
        let e = try Self.emitter(scene)
        let c = try #require(e.emitterCells.first)
        let close = { (a: Double, b: Double) in abs(a - b) < 1e-9 }
        // cocos2d plists are y-up: angle 90° (up) → −π/2, gravity y and position y flipped.
        #expect(close(c.emissionLongitude, -Double.pi / 2))
        #expect(close(c.emissionRange, 10 * Double.pi / 180))
        #expect(c.velocity == 100 && c.velocityRange == 20)
        #expect(c.lifetime == 2 && c.lifetimeRange == 0)
        #expect(c.birthRate == 100)  // maxParticles / lifespan
        #expect(c.xAcceleration == 5 && c.yAcceleration == 30)
        #expect(e.emitterPosition == Point(100, 480 - 80))
        #expect(e.emitterShape == .rectangle && e.emitterSize == Size(20, 8))
        // Size 32 → 16 pt on the 32 pt fallback dot: scale 1 → 0.5 over 2 s.
        #expect(close(c.scale, 1) && close(c.scaleSpeed, -0.25))
        // Start → finish color without variances: CA speeds.
        #expect(c.color == Color(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(close(c.redSpeed, -0.5) && close(c.blueSpeed, 0.5) && close(c.alphaSpeed, -0.5) && c.greenSpeed == 0)
        #expect(close(c.spin, Double.pi / 2))
        #expect(c.extensions == nil)  // everything here is Core Animation
        #expect(e.renderMode == .additive)
    }

    @Test func pexIsYDownAndVariancesBecomeExtensions() throws {
        let pex = """
        <particleEmitterConfig>
          <sourcePosition x="50" y="60"/><sourcePositionVariance x="0" y="0"/>
          <speed value="10"/><angle value="90"/><gravity x="0" y="7"/>
          <particleLifeSpan value="1"/><particleLifespanVariance value="0.5"/>
          <maxParticles value="10"/>
          <startParticleSize value="64"/><finishParticleSize value="32"/>
          <startColor red="1" green="1" blue="1" alpha="1"/><startColorVariance red="0.1" green="0" blue="0" alpha="0"/>
          <finishColor red="0" green="0" blue="0" alpha="0"/>
          <radialAcceleration value="-5"/><tangentialAcceleration value="3"/>
          <blendFuncSource value="770"/><blendFuncDestination value="771"/>
        </particleEmitterConfig>
        """
        let scene = try EffectImporter.load(path: try Self.temp("k.pex", pex))
        let e = try Self.emitter(scene)
        let c = try #require(e.emitterCells.first)
        #expect(abs(c.emissionLongitude - Double.pi / 2) < 1e-12)
        #expect(c.yAcceleration == 7 && e.emitterPosition == Point(50, 60) && e.emitterShape == .point)
        #expect(e.renderMode == .unordered)
        let x = try #require(c.extensions)
        #expect(x.finishScale == 1 && x.finishColor == Color(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(x.radialAcceleration == -5 && x.tangentialAcceleration == 3)
        #expect(c.redRange == 0.1)
    }

    @Test func orbitingParticleStaysOnItsCircle() throws {
        let json = """
        {"size": [200, 200], "layers": [{"type": "emitter", "emitterPosition": [100, 100],
          "emitterCells": [{"name": "o", "contents": "builtin:dot", "birthRate": 20, "lifetime": 5, "emissionRange": "180deg",
            "orbit": {"radius": 50, "angularVelocity": "90deg"}}]}]}
        """
        var loader = SceneLoader(baseDirectory: "/") { _ in throw SceneError(path: "$", "no files") }
        let scene = try loader.scene(fromJSON: json)
        let e = try Self.emitter(scene)
        for t in [0.5, 3.0, 47.3] {
            let s = e.evaluate(at: t)
            #expect(s.count > 5)
            for i in 0..<s.count {
                let p = s[i].position
                let r = ((Double(p.x) - 100) * (Double(p.x) - 100) + (Double(p.y) - 100) * (Double(p.y) - 100)).squareRoot()
                #expect(abs(r - 50) < 0.5)
            }
        }
    }

    @Test func integratedParticlesAreIdenticalForAnyThreadCountAndSeekTime() throws {
        let scene = try EffectImporter.load(path: Self.samples + "/sun.pex")
        let e = try Self.emitter(scene)
        let one = e.evaluate(at: 3.7, sceneSeed: scene.seed, threads: 1)
        let two = e.evaluate(at: 3.7, sceneSeed: scene.seed, threads: 2)
        #expect(one.isIdentical(to: two))
        #expect(e.evaluate(at: 600, sceneSeed: scene.seed, threads: 2).count > 100)
    }

    @Test(arguments: sampleNames)
    func importedSceneRoundTripsToTheSamePixels(_ name: String) throws {
        let imported = try EffectImporter.importFile(atPath: Self.samples + "/" + name)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-rt-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/scene.json"
        try imported.write(to: path)
        let direct = try imported.scene(), reloaded = try SceneLoader.load(path: path)
        direct.scale = 0.5; reloaded.scale = 0.5
        #expect(try RenderJob(scene: direct, threads: 1).renderFrame(at: 1.5) == RenderJob(scene: reloaded, threads: 2).renderFrame(at: 1.5))
    }

    @Test func embeddedGzipTextureInAPlistIsDecoded() throws {
        let png = try Data(contentsOf: URL(fileURLWithPath: Self.samples + "/jellyfish_particle.png"))
        let b64 = Data(Gunzip.compress(Array(png))).base64EncodedString()
        let plist = Self.knownPlist.replacingOccurrences(of: "<key>textureFileName</key><string>absent.png</string>",
            with: "<key>textureFileName</key><string>j.png</string><key>textureImageData</key><string>\(b64)</string>")
        let imported = try EffectImporter.importFile(atPath: try Self.temp("e.plist", plist))
        #expect(imported.warnings.isEmpty)
        #expect(imported.embeddedTextures["j.png"] == Array(png))
        let c = try #require(try Self.emitter(imported.scene()).emitterCells.first)
        #expect(c.contents?.width == 64)
        #expect(abs(c.scale - 0.5) < 1e-12)  // 32 pt on a 64 pt texture
    }

    @Test(arguments: [
        ("a.pex", "<particleEmitterConfig><maxParticles value=\"5\"/><particleLifeSpan value=\"1\"/><speed value=\"fast\"/></particleEmitterConfig>", "<speed value>"),
        ("b.pex", "<emitter><speed value=\"1\"/></emitter>", "<emitter>"),
        ("c.pex", "<particleEmitterConfig><speed value=\"1\"></particleEmitterConfig>", "line"),
        ("d.pex", "<particleEmitterConfig><gravity x=\"1\"/></particleEmitterConfig>", "<gravity>"),
        ("e.ped", "{\"birthRate\": \"many\"}", "birthRate"),
        ("f.ped", "{\"emitterType\": 7}", "emitterType"),
        ("g.ped", "[1, 2]", "$"),
        ("h.plist", "not a plist", "$"),
    ])
    func malformedFilesNameTheElementOrKey(_ name: String, _ text: String, _ location: String) throws {
        let path = try Self.temp(name, text)
        do {
            _ = try EffectImporter.load(path: path)
            Issue.record("expected an error")
        } catch let e as SceneError {
            #expect(e.path.contains(location), "\(e)")
        }
    }

    @Test func caScenesCarryNoExtensions() throws {
        var loader = SceneLoader(baseDirectory: "/") { _ in throw SceneError(path: "$", "no files") }
        let s = try loader.scene(fromJSON: #"{"layers": [{"type": "emitter", "emitterCells": [{"birthRate": 1}]}]}"#)
        #expect(try Self.emitter(s).emitterCells[0].extensions == nil)
    }
}
