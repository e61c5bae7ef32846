import Foundation
import StardustCodecs
import StardustCore

/// Translates a UIEffectDesigner `.ped` file (JSON, one cell, base64 PNG texture) the way its
/// loader, `UIEffectDesignerView.m`, builds a `CAEmitterLayer` (docs/IMPORTERS.md).
///
/// The loader places a view of `width × height` centred on (`x`, `y`) — measured from the top
/// left of the designer's preview (`previewRect`) — makes it the emitter, and on iOS flips the
/// view vertically because the designer is a Mac app (y up): inside the emitter, angles,
/// accelerations and spin are y-up. Stardust flips those to its y-down screen: longitude,
/// `yAcceleration` and `spin` change sign.
enum UIEffectDesignerImporter {
    /// Every key the loader reads, plus the designer's own bookkeeping (`previewRect`, `aux1…3`).
    static let keys = [
        "version", "x", "y", "width", "height", "emitterType", "emitterMode", "texture", "color", "alpha",
        "birthRate", "lifetime", "lifetimeRange", "velocity", "velocityRange", "latitude", "longitude",
        "xAcceleration", "yAcceleration", "zAcceleration", "scale", "scaleRange", "scaleSpeed", "spin", "spinRange",
        "redRange", "greenRange", "blueRange", "alphaRange", "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed",
        "previewRect", "aux1", "aux2", "aux3",
    ]
    /// `emitterType` → shape, in the loader's order.
    static let shapes = ["rectangle", "line", "point"]
    /// `emitterMode` → the loader's array, which holds render modes (see docs/IMPORTERS.md).
    static let renderModes = ["unordered", "additive", "oldestLast", "oldestFirst"]

    static func translate(_ bytes: [UInt8], source: EffectSource) throws -> EffectImport {
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch let e as JSONSyntaxError {
            throw SceneError(path: "line \(e.line), column \(e.column)", "the .ped file is not valid JSON: \(e.message)")
        }
        guard case .object(let members) = root else {
            throw SceneError(path: "$", "a .ped file is a JSON object of effect keys, found \(root.kindName)")
        }
        var result = EffectImport(format: .uiEffectDesigner, document: .null)
        var values: [String: JSONValue] = [:]
        for (k, v) in members {
            if keys.contains(k) { values[k] = v } else {
                result.warnings.append("\(source.name): key \"\(k)\" is not read by UIEffectDesignerView; ignored.")
            }
        }
        func number(_ k: String, _ fallback: Double = 0) throws -> Double {
            switch values[k] {
            case nil, .null?: return fallback
            case .number(let n)?: return n
            case .string(let s)?:
                if let n = Double(s.trimmingCharacters(in: .whitespaces)), n.isFinite { return n }
                throw SceneError(path: k, "expected a number, found \"\(s.prefix(40))\"")
            case let v?: throw SceneError(path: k, "expected a number, found \(v.kindName)")
            }
        }
        func index(_ k: String, _ count: Int) throws -> Int {
            let v = try number(k)
            guard v == v.rounded(), v >= 0, v < Double(count) else {
                throw SceneError(path: k, "expected an integer from 0 to \(count - 1), found \(JSONWriter.number(v))")
            }
            return Int(v)
        }
        let version = try number("version", 0.1)
        if version > 0.1 + 1e-9 {
            result.warnings.append("\(source.name): file format version \(JSONWriter.number(version)) is newer than 0.1, the version UIEffectDesignerView reads; importing it anyway.")
        }

        // Preview (scene) size from "{{x, y}, {w, h}}".
        var size = Size(320, 480)
        if case .string(let s)? = values["previewRect"] {
            let nums = s.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
            if nums.count == 4, nums[2] >= 1, nums[3] >= 1, nums[2] <= 20_000, nums[3] <= 20_000 { size = Size(nums[2], nums[3]) }
        }

        // Texture.
        var contents = EffectImport.fallbackTexture
        if case .string(let b64)? = values["texture"], !b64.isEmpty {
            guard let data = Data(base64Encoded: b64, options: .ignoreUnknownCharacters) else {
                throw SceneError(path: "texture", "expected a base64-encoded PNG image")
            }
            if (try? ImageDecoder.decode(Array(data))) != nil {
                let name = source.name + "_texture.png"
                result.embeddedTextures[name] = Array(data)
                contents = name
            } else {
                result.warnings.append("\(source.name): the embedded texture is not an image Stardust can read; particles use a soft dot (\(contents)) instead.")
            }
        } else {
            result.warnings.append("\(source.name): no texture in the file; particles use a soft dot (\(contents)) instead.")
        }

        // Color "#RRGGBB" + alpha.
        var rgb = [1.0, 1.0, 1.0]
        if case .string(let hex)? = values["color"] {
            guard let c = Color(hex: hex) else { throw SceneError(path: "color", "expected \"#RRGGBB\", found \"\(hex.prefix(20))\"") }
            rgb = [c.red, c.green, c.blue]
        } else if let v = values["color"], v != .null {
            throw SceneError(path: "color", "expected \"#RRGGBB\", found \(v.kindName)")
        }
        let alpha = try number("alpha", 1)

        var cell: [(key: String, value: JSONValue)] = [("name", .string("cell")), ("contents", .string(contents))]
        func put(_ k: String, _ v: Double) { cell.append((k, .number(v))) }
        put("birthRate", try number("birthRate"))
        put("lifetime", try number("lifetime"))
        put("lifetimeRange", try number("lifetimeRange"))
        put("velocity", try number("velocity"))
        put("velocityRange", try number("velocityRange"))
        cell.append(("color", .array((rgb + [alpha]).map { .number($0) })))
        for ch in ["red", "green", "blue", "alpha"] {
            put(ch + "Range", try number(ch + "Range"))
            put(ch + "Speed", try number(ch + "Speed"))
        }
        put("emissionLatitude", try number("latitude"))
        put("emissionLongitude", -(try number("longitude")))
        put("xAcceleration", try number("xAcceleration"))
        put("yAcceleration", -(try number("yAcceleration")))
        put("zAcceleration", try number("zAcceleration"))
        put("scale", try number("scale", 1))
        put("scaleRange", try number("scaleRange"))
        put("scaleSpeed", try number("scaleSpeed"))
        put("spin", -(try number("spin")))
        put("spinRange", try number("spinRange"))

        let layer: JSONValue = .object([
            ("type", .string("emitter")), ("name", .string("emitter")),
            ("emitterPosition", .array([.number(try number("x")), .number(try number("y"))])),
            ("emitterSize", .array([.number(abs(try number("width"))), .number(abs(try number("height")))])),
            ("emitterShape", .string(shapes[try index("emitterType", shapes.count)])),
            ("renderMode", .string(renderModes[try index("emitterMode", renderModes.count)])),
            ("emitterCells", .array([.object(cell)])),
        ])
        result.document = .object([
            ("name", .string(source.name)),
            ("size", .array([.number(size.width), .number(size.height)])),
            ("scale", .number(2)), ("duration", .number(4)), ("fps", .number(30)), ("seed", .number(1)),
            ("background", .string("#000000")),
            ("layers", .array([layer])),
        ])
        return result
    }
}
