import Foundation
import Testing
@testable import Stardust
@testable import StardustScene
import StardustCodecs
import StardustTestSupport

/// The effect files of other tools (docs/IMPORTERS.md): our own fixtures in each format (Tests/Fixtures/effects,
/// always run), hand-written files with known numbers, and, when `STARDUST_SAMPLES` names it, the corpus of real
/// files written by other tools and other people.
@Suite struct ImporterTests {
    /// Our fixtures: gravity mode with a texture beside the file, gravity mode with a missing texture, radius mode
    /// with a gzip+base64 texture in `<texture data>`, a cocos2d plist with every key, a UIEffectDesigner file.
    static let fixtureNames = ["comet.pex", "embers.pex", "halo.pex", "spark.plist", "glow.ped"]
    /// The third-party corpus (`$STARDUST_SAMPLES/effects`).
    static let sampleNames = ["drugs.pex", "fire.pex", "jellyfish.pex", "sun.pex", "redorange.ped"]

    static func emitter(_ s: Scene) throws -> EmitterLayer {
        try #require(s.allLayers.compactMap { $0 as? EmitterLayer }.first)
    }

    /// Writes `text` to a fresh temporary file named `name` and returns its path.
    static func temp(_ name: String, _ text: String) throws -> String {
        let dir = try ScratchFolder.make("import")
        let p = dir.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: p))
        return p
    }

    @Test(arguments: fixtureNames)
    func everyFixtureRendersVisibleMovingParticles(_ name: String) throws {
        try Self.rendersVisibleMovingParticles(Fixtures.effect(name))
    }

    @Test(.enabled(if: Fixtures.hasSamples, Comment(rawValue: Fixtures.samplesSkipReason)), arguments: sampleNames)
    func everyCorpusFileRendersVisibleMovingParticles(_ name: String) throws {
        try Self.rendersVisibleMovingParticles(Fixtures.sample(name))
    }

    /// At 2 s: more than 20 particles, more than 10 of them (by id) moved in 0.1 s, and more than 1/50 of the
    /// half-scale frame lit. A missing texture gives at most one warning line, never a failure.
    static func rendersVisibleMovingParticles(_ path: String) throws {
        var warnings: [String] = []
        let scene = try EffectImporter.load(path: path) { warnings.append($0) }
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
        let imported = try EffectImporter.importFile(atPath: Fixtures.effect("embers.pex"))
        #expect(imported.warnings.count == 1)
        #expect(imported.warnings[0].contains("embers_particle.png"))
        #expect(imported.jsonText.contains("builtin:blurry-dot"))
        let comet = try EffectImporter.importFile(atPath: Fixtures.effect("comet.pex"))
        #expect(comet.warnings.isEmpty)
        #expect(comet.referencedTextures["comet_particle.png"] == Fixtures.effect("comet_particle.png"))
        let c = try #require(try Self.emitter(comet.scene()).emitterCells.first)
        #expect(c.contents?.width == 24)
        #expect(abs(c.scale - 1) < 1e-12)  // 24 pt on a 24 pt texture
    }

    @Test(.enabled(if: Fixtures.hasSamples, Comment(rawValue: Fixtures.samplesSkipReason)))
    func missingTextureInTheCorpusWarnsOnce() throws {
        let imported = try EffectImporter.importFile(atPath: Fixtures.sample("fire.pex"))
        #expect(imported.warnings.count == 1)
        #expect(imported.warnings[0].contains("fire_particle.png"))
        #expect(imported.jsonText.contains("builtin:blurry-dot"))
        let jelly = try EffectImporter.importFile(atPath: Fixtures.sample("jellyfish.pex"))
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
        // Size 32 → 16 pt on the 32 pt fallback dot: scale 1 × a life curve 1 → 0.5 (Particle Designer interpolates
        // over the life fraction; docs/IMPORTERS.md), not a CA scale speed.
        let x = try #require(c.extensions)
        #expect(close(c.scale, 1) && c.scaleSpeed == 0)
        #expect(x.scaleOverLife?.times == [0, 1] && x.scaleOverLife?.values == [1, 0.5] && x.scaleOverLife?.interpolation == .linear)
        // Blue starts at 0 and changes: no ratio for a multiplying ramp, so the color keeps the exact finishColor extension.
        #expect(c.color == Color(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(x.finishColor == Color(red: 0, green: 0.5, blue: 1, alpha: 0) && x.colorOverLife == nil)
        #expect(c.redSpeed == 0 && c.blueSpeed == 0 && c.alphaSpeed == 0)
        // Rotation start → end without variances stays a CA spin (an angle is not a multiplier; docs/IMPORTERS.md).
        #expect(close(c.spin, Double.pi / 2))
        #expect(e.renderMode == .additive)
    }

    @Test func finishValuesWithoutVariancesBecomeLifeCurvesThatMatchParticleDesignersInterpolation() throws {
        // Lifespan variance: CA speeds could not express this (a speed is per second, the interpolation per life).
        let pex = """
        <particleEmitterConfig>
          <sourcePosition x="160" y="240"/><speed value="0"/>
          <particleLifeSpan value="2"/><particleLifespanVariance value="1"/><maxParticles value="60"/>
          <startParticleSize value="32"/><finishParticleSize value="8"/>
          <startColor red="1" green="0.8" blue="0.4" alpha="1"/><finishColor red="0.5" green="0.2" blue="0.4" alpha="0"/>
        </particleEmitterConfig>
        """
        let scene = try EffectImporter.load(path: try Self.temp("life.pex", pex))
        let e = try Self.emitter(scene)
        let x = try #require(e.emitterCells.first?.extensions)
        #expect(x.finishColor == nil && x.finishScale == nil)
        #expect(x.colorOverLife != nil && x.alphaOverLife?.values == [1, 0] && x.scaleOverLife?.values == [1, 0.25])
        // Every particle has Particle Designer's linear start → finish value at its own life fraction f.
        let s = e.evaluate(at: 3.3, sceneSeed: scene.seed)
        #expect(s.count > 50)
        let start = SIMD4<Double>(1, 0.8, 0.4, 1), finish = SIMD4<Double>(0.5, 0.2, 0.4, 0)
        for i in 0..<s.count {
            let f = Double(s.age[i] / s.lifetime[i])
            let pd = start + (finish - start) * f
            let got = SIMD4<Double>(Double(s.red[i]), Double(s.green[i]), Double(s.blue[i]), Double(s.alpha[i]))
            #expect(((got - pd) * (got - pd)).max() < 1e-8, "f \(f): \(got) vs \(pd)")
            let size = Double(s.scale[i]) * 32  // the 32 pt fallback dot
            #expect(abs(size - (32 + (8 - 32) * f)) < 1e-3, "size \(size) at f \(f)")
        }
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
        // Sizes without variance: a life curve (64 → 32 pt is × 0.5), even with a lifespan variance; the color has a
        // start variance, so each particle keeps its own start → finish pair (the finishColor extension).
        #expect(x.finishScale == nil && x.scaleOverLife?.values == [1, 0.5])
        #expect(x.finishColor == Color(red: 0, green: 0, blue: 0, alpha: 0))
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
        let scene = try EffectImporter.load(path: Fixtures.effect("comet.pex"))  // radial and tangential acceleration: integrated
        let e = try Self.emitter(scene)
        let one = e.evaluate(at: 3.7, sceneSeed: scene.seed, threads: 1)
        let two = e.evaluate(at: 3.7, sceneSeed: scene.seed, threads: 2)
        #expect(one.isIdentical(to: two))
        #expect(e.evaluate(at: 600, sceneSeed: scene.seed, threads: 2).count > 100)
    }

    @Test(arguments: fixtureNames)
    func importedFixtureRoundTripsToTheSamePixels(_ name: String) throws {
        try Self.roundTripsToTheSamePixels(Fixtures.effect(name))
    }

    @Test(.enabled(if: Fixtures.hasSamples, Comment(rawValue: Fixtures.samplesSkipReason)), arguments: sampleNames)
    func importedCorpusFileRoundTripsToTheSamePixels(_ name: String) throws {
        try Self.roundTripsToTheSamePixels(Fixtures.sample(name))
    }

    /// The import written as scene JSON and loaded back renders the same pixels as the import itself.
    static func roundTripsToTheSamePixels(_ path: String) throws {
        let imported = try EffectImporter.importFile(atPath: path)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-rt-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/scene.json"
        try imported.write(to: path)
        let direct = try imported.scene(), reloaded = try SceneLoader.load(path: path)
        direct.scale = 0.5; reloaded.scale = 0.5
        #expect(try RenderJob(scene: direct, threads: 1).renderFrame(at: 1.5) == RenderJob(scene: reloaded, threads: 2).renderFrame(at: 1.5))
    }

    @Test func embeddedGzipTextureInAPlistIsDecoded() throws {
        // spark.plist embeds a 16×16 PNG, gzipped and base64-encoded, as cocos2d writes `textureImageData`.
        let imported = try EffectImporter.importFile(atPath: Fixtures.effect("spark.plist"))
        #expect(imported.warnings.isEmpty)
        let png = try #require(imported.embeddedTextures["spark.png"])
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let c = try #require(try Self.emitter(imported.scene()).emitterCells.first)
        #expect(c.contents?.width == 16)
        #expect(abs(c.scale - 2) < 1e-12)  // 32 pt on a 16 pt texture
        // Every Core Animation key of the plist, y flipped: angle 90° (up) → −π/2, gravity y −30 → +30.
        #expect(abs(c.emissionLongitude + Double.pi / 2) < 1e-12 && abs(c.emissionRange - 10 * Double.pi / 180) < 1e-12)
        #expect(c.velocity == 100 && c.velocityRange == 20 && c.birthRate == 100)
        #expect(c.xAcceleration == 5 && c.yAcceleration == 30)
        #expect(abs(c.spin - Double.pi / 2) < 1e-12)  // 0° → 180° over 2 s
    }

    @Test func radiusModeWithAnEmbeddedTextureOrbitsItsSource() throws {
        // halo.pex: emitterType 1, maxRadius 90 ± 10 → minRadius 20 at 90 ± 10 °/s, the texture in <texture data>.
        let imported = try EffectImporter.importFile(atPath: Fixtures.effect("halo.pex"))
        #expect(imported.warnings.isEmpty)
        #expect(imported.embeddedTextures["halo.png"] != nil)
        let scene = try imported.scene()
        let e = try Self.emitter(scene)
        #expect(e.emitterPosition == Point(160, 240) && e.emitterShape == .point)
        let c = try #require(e.emitterCells.first)
        #expect(c.contents?.width == 16)
        let orbit = try #require(c.extensions?.orbit)
        #expect(orbit.radius == 90 && orbit.radiusRange == 10 && orbit.finishRadius == 20)
        #expect(abs(orbit.angularVelocity - Double.pi / 2) < 1e-12 && abs(orbit.angularVelocityRange - Double.pi / 18) < 1e-12)
        // Every particle is within [20 − 0, 90 + 10] pt of the source (the radius goes linearly from start to finish).
        let s = e.evaluate(at: 2, sceneSeed: scene.seed)
        #expect(s.count > 100)
        for i in 0..<s.count {
            let p = s[i].position
            let r = ((Double(p.x) - 160) * (Double(p.x) - 160) + (Double(p.y) - 240) * (Double(p.y) - 240)).squareRoot()
            #expect(r >= 20 - 1e-3 && r <= 100 + 1e-3)
        }
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
