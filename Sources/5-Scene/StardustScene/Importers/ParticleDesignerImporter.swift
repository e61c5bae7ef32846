import Foundation
import StardustCodecs
import StardustCore

/// Translates a Particle Designer configuration (`.pex`, `.plist`) into a Stardust scene
/// (docs/IMPORTERS.md has the table of every key).
///
/// The model of those tools, as Starling's and cocos2d's players implement it: a particle lives
/// `particleLifespan ± variance` seconds; `maxParticles / particleLifespan` are born per second;
/// in gravity mode it starts at the source position ± variance with `speed ± variance` along
/// `angle ± variance` (degrees) and accelerates by `gravity` plus radial and tangential
/// acceleration about the source position; in radius mode it circles the source position from
/// `maxRadius` to `minRadius` at `rotatePerSecond`; its size (points), color and rotation go
/// linearly from the start to the finish values over its life. What Core Animation can express
/// becomes CA values; the rest becomes ``CellExtensions`` keys.
enum ParticleDesignerImporter {
    /// Particle Designer's canvas (an iPhone screen in points): the scene size.
    static let canvas = Size(320, 480)

    static func translate(_ c: ParticleDesignerConfig, format: EffectFormat, yUp: Bool,
                          source: EffectSource) throws -> EffectImport {
        var result = EffectImport(format: format, document: .null)
        let sign = yUp ? -1.0 : 1.0
        func deg(_ v: Double) -> JSONValue { .string("\(JSONWriter.number(v))deg") }
        func rad(_ d: Double) -> Double { d * .pi / 180 }

        // Texture: embedded data, a file beside the effect, or the soft-dot fallback.
        let (contents, textureWidth) = try texture(c, source: source, result: &result)

        let maxParticles = try c.number("maxParticles", default: nil)
        guard maxParticles >= 0, maxParticles <= 1e6 else {
            throw SceneError(path: c.entry("maxParticles")!.location, "expected 0…1000000 particles, found \(maxParticles)")
        }
        let life = max(0.01, try c.number("particleLifespan", "particleLifeSpan", default: nil))
        let lifeVar = try c.number("particleLifespanVariance", "particleLifeSpanVariance")
        let emitterType = try c.number("emitterType")
        guard emitterType == 0 || emitterType == 1 else {
            throw SceneError(path: c.entry("emitterType")!.location, "expected 0 (gravity) or 1 (radius), found \(emitterType)")
        }
        let radial = emitterType == 1
        let duration = try c.number("duration", default: -1)
        let x = try c.number("sourcePositionx"), y0 = try c.number("sourcePositiony")
        let y = yUp ? canvas.height - y0 : y0
        let varX = abs(try c.number("sourcePositionVariancex")), varY = abs(try c.number("sourcePositionVariancey"))

        var cell: [(key: String, value: JSONValue)] = [("name", .string("particle")), ("contents", .string(contents))]
        func put(_ k: String, _ v: JSONValue) { cell.append((k, v)) }
        func put(_ k: String, _ v: Double) { cell.append((k, .number(v))) }
        put("birthRate", maxParticles / life)
        put("lifetime", life)
        if lifeVar != 0 { put("lifetimeRange", lifeVar) }
        if duration > 0 { put("duration", duration) }

        let angle = try c.number("angle"), angleVar = try c.number("angleVariance")
        if radial {
            // Starling/cocos2d: position = source − r·(cos θ, sin θ) = source + r·(cos(θ+π), sin(θ+π)).
            // Flipping y turns that into θ' = π − θ and reverses the turning direction.
            let theta = yUp ? 180 - angle : angle + 180
            put("emissionLongitude", deg(theta))
            if angleVar != 0 { put("emissionRange", deg(angleVar)) }
            let w = try c.number("rotatePerSecond"), wVar = try c.number("rotatePerSecondVariance")
            var orbit: [(key: String, value: JSONValue)] = [
                ("radius", .number(try c.number("maxRadius"))),
                ("radiusRange", .number(try c.number("maxRadiusVariance"))),
                ("finishRadius", .number(try c.number("minRadius"))),
                ("finishRadiusRange", .number(try c.number("minRadiusVariance"))),
                ("angularVelocity", deg(sign * w)),
            ]
            if wVar != 0 { orbit.append(("angularVelocityRange", deg(wVar))) }
            put("orbit", .object(orbit))
        } else {
            put("emissionLongitude", deg(sign * angle))
            if angleVar != 0 { put("emissionRange", deg(angleVar)) }
            put("velocity", try c.number("speed"))
            let speedVar = try c.number("speedVariance")
            if speedVar != 0 { put("velocityRange", speedVar) }
            let gx = try c.number("gravityx"), gy = sign * (try c.number("gravityy"))
            if gx != 0 { put("xAcceleration", gx) }
            if gy != 0 { put("yAcceleration", gy) }
            let ra = try c.number("radialAcceleration"), raVar = try c.number("radialAccelVariance", "radialAccelerationVariance")
            let ta = try c.number("tangentialAcceleration")
            let taVar = try c.number("tangentialAccelVariance", "tangentialAccelerationVariance")
            if ra != 0 { put("radialAcceleration", ra) }
            if raVar != 0 { put("radialAccelerationRange", raVar) }
            if ta != 0 { put("tangentialAcceleration", sign * ta) }
            if taVar != 0 { put("tangentialAccelerationRange", abs(taVar)) }
        }

        // Size in points → scale of the texture. Particle Designer interpolates start → finish over each
        // particle's life fraction, which is what an over-life curve is keyed to: without size variances the
        // finish is the curve [1 → finish/start] on the start scale, exact for any lifespan variance
        // (docs/IMPORTERS.md). With variances each particle has its own pair: the finishScale extension.
        let s0 = try c.number("startParticleSize"), s0Var = try c.number("startParticleSizeVariance")
        let s1 = try c.number("finishParticleSize"), s1Var = try c.number("finishParticleSizeVariance")
        put("scale", s0 / textureWidth)
        if s0Var != 0 { put("scaleRange", s0Var / textureWidth) }
        if s0Var == 0 && s1Var == 0 && s0 != 0 {
            if s1 != s0 { put("scaleOverLife", Self.lifeCurve(to: s1 / s0)) }
        } else if s1 != s0 || s1Var != 0 || s0Var != 0 {
            put("finishScale", s1 / textureWidth)
            if s1Var != 0 { put("finishScaleRange", s1Var / textureWidth) }
        }

        // Colors.
        let channels = ["Red", "Green", "Blue", "Alpha"]
        let start = try channels.map { try c.number("startColor" + $0) }
        let startVar = try channels.map { try c.number("startColorVariance" + $0) }
        let finish = try channels.map { try c.number("finishColor" + $0) }
        let finishVar = try channels.map { try c.number("finishColorVariance" + $0) }
        put("color", .array(start.map { .number($0) }))
        for (i, ch) in channels.enumerated() where startVar[i] != 0 { put(ch.lowercased() + "Range", startVar[i]) }
        // The same for colors: without variances, a color ramp of the finish ÷ start ratios and an alpha curve
        // (a channel that starts at 0 and changes has no ratio: then the finishColor extension, also exact).
        let ratios = zip(start, finish).map { s, f in f == s ? 1 : s == 0 ? nil : f / s }
        if startVar.allSatisfy({ $0 == 0 }) && finishVar.allSatisfy({ $0 == 0 }), ratios.allSatisfy({ $0 != nil }) {
            let r = ratios.map { $0! }
            if r[0..<3].contains(where: { $0 != 1 }) {
                put("colorOverLife", .array([.array([.number(0), .array([1, 1, 1, 1].map { .number($0) })]),
                                             .array([.number(1), .array([r[0], r[1], r[2], 1].map { .number($0) })])]))
            }
            if r[3] != 1 { put("alphaOverLife", Self.lifeCurve(to: r[3])) }
        } else if start != finish || finishVar.contains(where: { $0 != 0 }) || startVar.contains(where: { $0 != 0 }) {
            put("finishColor", .array(finish.map { .number($0) }))
            for (i, ch) in channels.enumerated() where finishVar[i] != 0 { put("finish" + ch + "Range", finishVar[i]) }
        }

        // Rotation (degrees, clockwise on screen in both Starling and cocos2d: never flipped).
        let r0 = try c.number("rotationStart"), r0Var = try c.number("rotationStartVariance")
        let r1 = try c.number("rotationEnd"), r1Var = try c.number("rotationEndVariance")
        if r0 != 0 { put("rotation", deg(r0)) }
        if r0Var != 0 { put("rotationRange", deg(r0Var)) }
        if r0Var == 0 && r1Var == 0 && lifeVar == 0 {
            if r1 != r0 { put("spin", deg((r1 - r0) / life)) }
        } else if r1 != r0 || r1Var != 0 || r0Var != 0 {
            put("finishRotation", deg(r1))
            if r1Var != 0 { put("finishRotationRange", deg(r1Var)) }
        }
        if let e = c.entry("rotationIsDir"), let v = Double(e.text), v != 0 {
            result.warnings.append("\(source.name): rotationIsDir (particles turned along their motion) is not supported; particles keep their own rotation.")
        }

        // Blending: GL_ONE (1) or GL_DST_ALPHA (772, ONE over the opaque backgrounds these tools
        // preview on) as the destination factor adds light; anything else is normal compositing.
        let dst = try c.number("blendFuncDestination", default: 771)
        let additive = dst == 1 || dst == 772

        var layer: [(key: String, value: JSONValue)] = [
            ("type", .string("emitter")), ("name", .string("emitter")),
            ("emitterPosition", .array([.number(x), .number(y)])),
        ]
        if radial || (varX == 0 && varY == 0) {
            layer.append(("emitterShape", .string("point")))
        } else {
            layer.append(("emitterShape", .string("rectangle")))
            layer.append(("emitterMode", .string("surface")))
            layer.append(("emitterSize", .array([.number(2 * varX), .number(2 * varY)])))
        }
        layer.append(("renderMode", .string(additive ? "additive" : "unordered")))
        layer.append(("emitterCells", .array([.object(cell)])))

        result.document = .object([
            ("name", .string(source.name)),
            ("size", .array([.number(canvas.width), .number(canvas.height)])),
            ("scale", .number(2)), ("duration", .number(4)), ("fps", .number(30)), ("seed", .number(1)),
            ("background", .string("#000000")),
            ("layers", .array([.object(layer)])),
        ])
        return result
    }

    /// A linear over-life curve from 1 at birth to `finish` at death (scene-file form: `[[0, 1], [1, finish]]`).
    static func lifeCurve(to finish: Double) -> JSONValue {
        .array([.array([.number(0), .number(1)]), .array([.number(1), .number(finish)])])
    }

    /// The cell's `contents` reference and the texture's width in points.
    static func texture(_ c: ParticleDesignerConfig, source: EffectSource,
                        result: inout EffectImport) throws -> (String, Double) {
        let fileName = c.string("textureFileName").map { PathText.lastComponent($0) } ?? ""
        if let data = c.entry("textureImageData"), !data.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            guard let raw = Data(base64Encoded: data.text, options: .ignoreUnknownCharacters) else {
                throw SceneError(path: data.location, "expected base64 data")
            }
            var bytes = Array(raw)
            if bytes.count >= 2, (bytes[0] == 0x1F && bytes[1] == 0x8B) || bytes[0] == 0x78 {
                do { bytes = try Gunzip.decompress(bytes, maxOutput: 64 << 20) } catch {
                    throw SceneError(path: data.location, "the embedded texture is not valid gzip data (\(error))")
                }
            }
            if let image = try? ImageDecoder.decode(bytes) {
                let base = fileName.isEmpty ? source.name + "_texture.png" : PathText.deletingPathExtension(fileName) + ".png"
                result.embeddedTextures[base] = bytes
                return (base, Double(image.width))
            }
            result.warnings.append("\(source.name): the embedded texture is not a PNG or JPEG image Stardust can read; particles use a soft dot (\(EffectImport.fallbackTexture)) instead.")
            return (EffectImport.fallbackTexture, EffectImport.fallbackTextureWidth)
        }
        guard !fileName.isEmpty else {
            result.warnings.append("\(source.name): no texture is named; particles use a soft dot (\(EffectImport.fallbackTexture)).")
            return (EffectImport.fallbackTexture, EffectImport.fallbackTextureWidth)
        }
        let path = (source.folder as NSString).appendingPathComponent(fileName)
        if FileManager.default.fileExists(atPath: path), let image = try? ImageDecoder.decodeFile(atPath: path) {
            result.referencedTextures[fileName] = path
            return (fileName, Double(image.width))
        }
        result.warnings.append("\(source.name): texture \(fileName) not found next to the effect file; particles use a soft dot (\(EffectImport.fallbackTexture)) instead.")
        return (EffectImport.fallbackTexture, EffectImport.fallbackTextureWidth)
    }
}
