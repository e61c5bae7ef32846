import Foundation

/// Reads Lottie JSON into the typed ``LottieAnimation`` model, checking ``LottieLimits`` as it goes.
///
/// Every error names the JSON path of the value (`$.layers[3].ks.p.k[2].s`). Unknown members are ignored, as
/// the players do; unknown layer and shape types are kept as such so that translation can warn about them.
public final class LottieParser {
    let limits: LottieLimits
    /// Keyframes read so far (the file-wide budget).
    var keyframeCount = 0
    var layerCount = 0

    init(limits: LottieLimits) { self.limits = limits }

    /// Parses a Lottie document from its UTF-8 JSON bytes.
    /// - Throws: ``LottieError`` with the JSON path of the first problem (`$` for syntax errors).
    public static func parse(_ bytes: [UInt8], limits: LottieLimits = LottieLimits()) throws -> LottieAnimation {
        guard bytes.count <= limits.maxJSONBytes else {
            throw LottieError(path: "$", "the JSON text is \(bytes.count) bytes, more than the limit of \(limits.maxJSONBytes)")
        }
        return try LottieParser(limits: limits).animation(LottieJSON(try LottieJSONReader.read(bytes)))
    }

    /// Whether JSON text looks like a Lottie animation rather than a Stardust scene: its top-level object has the
    /// members `v`, `fr`, `ip`, `op` and `layers`.
    ///
    /// Only the top level's member names are read (``LottieJSONReader/topLevelKeys(_:)``), not the values, so a file
    /// is parsed once, by the loader, which reports any error in the rest of the text with its place.
    public static func looksLikeLottie(_ bytes: [UInt8]) -> Bool {
        guard let keys = LottieJSONReader.topLevelKeys(bytes) else { return false }
        return ["v", "fr", "ip", "op", "layers"].allSatisfy { keys.contains($0) }
    }

    func animation(_ j: LottieJSON) throws -> LottieAnimation {
        guard j.isObject else { throw j.fail("expected a Lottie animation object, found \(j.kind)") }
        let fr = try frameRate(j)
        let ip = try frame(j, "ip", default: 0)
        let op = try frame(j, "op", default: nil)
        guard op > ip else { throw LottieError(path: "$.op", "the out point \(op) must be after the in point \(ip)") }
        let w = try side(j, "w"), h = try side(j, "h")
        var precomps: [String: [LottieLayer]] = [:]
        var images: [String: LottieImageAsset] = [:]
        if let assets = j["assets"] {
            for a in try assets.elements() {
                guard let id = try a["id"].map({ try idString($0) }) else { continue }
                if let layers = a["layers"] {
                    precomps[id] = try self.layers(layers)
                } else if a["p"] != nil {
                    images[id] = try imageAsset(a, id: id)
                }
            }
        }
        guard let layersNode = j["layers"] else { throw j.fail("missing \"layers\"") }
        let layers = try self.layers(layersNode)
        var markers: [LottieMarker] = []
        if let m = j["markers"] {
            for e in try m.elements() {
                markers.append(LottieMarker(name: try e.string("cm") ?? "", frame: try e.number("tm", default: 0), duration: try e.number("dr", default: 0)))
            }
        }
        var fonts: [String: String] = [:], fontList: [String: LottieFont] = [:]
        if let list = j["fonts"]?["list"] {
            for f in try list.elements() {
                guard let name = try f.string("fName") else { continue }
                let family = try f.string("fFamily") ?? name
                fonts[name] = family
                fontList[name] = LottieFont(name: name, family: family, style: try f.string("fStyle") ?? "",
                                            ascent: try f.number("ascent", default: 75))
            }
        }
        var anim = LottieAnimation(version: try j.string("v") ?? "", frameRate: fr, inPoint: ip, outPoint: op, width: w, height: h,
                                   name: try j.string("nm"), layers: layers, precomps: precomps, images: images,
                                   markers: markers, fonts: fonts)
        anim.fontList = fontList
        anim.glyphs = try glyphs(j["chars"])
        try LottieStructureCheck(animation: anim, limits: limits).run()
        return anim
    }

    func frameRate(_ j: LottieJSON) throws -> Double {
        guard let node = j["fr"] else { throw j.fail("missing \"fr\" (frame rate)") }
        let fr = try node.number()
        guard fr > 0, fr <= 1000 else { throw node.fail("the frame rate must be in (0, 1000], found \(fr)") }
        return fr
    }

    func frame(_ j: LottieJSON, _ key: LottieJSONName, default d: Double?) throws -> Double {
        guard let node = j[key] else {
            if let d { return d }
            throw j.fail("missing \"\(key)\"")
        }
        return try checkedFrame(node)
    }

    func checkedFrame(_ node: LottieJSON) throws -> Double {
        let f = try node.number()
        guard abs(f) <= limits.maxFrame else {
            throw node.fail("frame \(f) is beyond the limit of \(Int(limits.maxFrame)) frames")
        }
        return f
    }

    func side(_ j: LottieJSON, _ key: LottieJSONName) throws -> Double {
        guard let node = j[key] else { throw j.fail("missing \"\(key)\"") }
        return try checkedSide(node)
    }

    func checkedSide(_ node: LottieJSON) throws -> Double {
        let v = try node.number()
        guard v >= 0, v <= limits.maxSide else {
            throw node.fail("size \(v) is outside 0…\(Int(limits.maxSide))")
        }
        return v
    }

    /// Asset ids are strings; some exporters write numbers.
    func idString(_ j: LottieJSON) throws -> String {
        if let s = j.stringValue { return s }
        return String(try j.integer())
    }

    func imageAsset(_ a: LottieJSON, id: String) throws -> LottieImageAsset {
        let file = try a["p"]!.string()
        let embedded = try a.flag("e") || file.hasPrefix("data:")
        if embedded {
            // A base64 text of n characters decodes to about 3n/4 bytes: refuse a bomb before decoding it.
            let payload = file.firstIndex(of: ",").map { file.utf8.count - file[...$0].utf8.count } ?? file.utf8.count
            let decoded = payload / 4 * 3
            guard decoded <= limits.maxImageBytes else {
                throw LottieError(path: "\(a.path).p", "the embedded image is about \(decoded) bytes, more than the limit of \(limits.maxImageBytes)")
            }
        }
        return LottieImageAsset(id: id, width: try a["w"].map(checkedSide) ?? 0, height: try a["h"].map(checkedSide) ?? 0,
                                folder: try a.string("u") ?? "", file: file, embedded: embedded, path: a.path)
    }
}
