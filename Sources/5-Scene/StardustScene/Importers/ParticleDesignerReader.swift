import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A Particle Designer configuration: its values under their property-list names (`speed`,
/// `sourcePositionx`, `startColorRed`, `textureFileName`, …), whichever file form they came from.
struct ParticleDesignerConfig {
    struct Entry {
        /// The value as written (a number or a string).
        var text: String
        /// Where it was written, for error messages: `<speed value>` or `key speed`.
        var location: String
    }
    /// Entries by lower-cased key (the tools disagree on case: `particleLifeSpan`, `FinishParticleSizeVariance`).
    var entries: [String: Entry] = [:]

    func entry(_ keys: String...) -> Entry? {
        for k in keys { if let e = entries[k.lowercased()] { return e } }
        return nil
    }

    /// The number under the first of `keys` present; `fallback` when none is.
    func number(_ keys: String..., default fallback: Double? = 0) throws -> Double {
        for k in keys {
            guard let e = entries[k.lowercased()] else { continue }
            let t = e.text.trimmingCharacters(in: .whitespaces)
            guard let v = Double(t), v.isFinite else {
                throw SceneError(path: e.location, "expected a number, found \"\(t.prefix(40))\"")
            }
            return v
        }
        guard let fallback else { throw SceneError(path: "<\(keys[0])>", "this required value is missing") }
        return fallback
    }

    func string(_ key: String) -> String? { entries[key.lowercased()]?.text }
}

/// Reads the two file forms of Particle Designer into a ``ParticleDesignerConfig``.
enum ParticleDesignerReader {
    /// Elements whose attributes hold components: `<sourcePosition x=… y=…/>` → `sourcePositionx`, `sourcePositiony`.
    static let vectorElements = ["sourceposition", "sourcepositionvariance", "gravity"]
    /// Color elements: `<startColor red=… green=… blue=… alpha=…/>` → `startColorRed`, ….
    static let colorElements = ["startcolor", "startcolorvariance", "finishcolor", "finishcolorvariance"]

    /// `.pex`: `<particleEmitterConfig>` with one element per value, the value in a `value`
    /// attribute (vectors in `x`/`y`, colors in `red`/`green`/`blue`/`alpha`, the texture in
    /// `<texture name=… data=…/>`).
    static func readPEX(_ bytes: [UInt8]) throws -> ParticleDesignerConfig {
        let delegate = PEXDelegate()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        let ok = parser.parse()
        if let e = delegate.error { throw e }
        guard ok, parser.parserError == nil, delegate.depth == 0 else {
            let line = parser.lineNumber, column = parser.columnNumber
            let reason = parser.parserError.map { "\($0.localizedDescription)" } ?? "malformed XML"
            throw SceneError(path: "line \(line), column \(column)", "the .pex file is not well-formed XML (\(reason))")
        }
        guard delegate.sawRoot else {
            throw SceneError(path: "<particleEmitterConfig>", "the root element <particleEmitterConfig> is missing")
        }
        return delegate.config
    }

    /// `.plist`: a property-list dictionary with the same keys (XML or binary form).
    static func readPlist(_ data: Data) throws -> ParticleDesignerConfig {
        let any: Any
        do {
            any = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw SceneError(path: "$", "the .plist file is not a property list (\(error.localizedDescription))")
        }
        guard let dict = any as? [String: Any] else {
            throw SceneError(path: "$", "the property list's top level must be a dictionary of emitter keys")
        }
        var config = ParticleDesignerConfig()
        for (k, v) in dict {
            let text: String
            switch v {
            case let s as String: text = s
            case let b as Bool: text = b ? "1" : "0"
            case let n as NSNumber: text = n.stringValue
            case let i as Int: text = String(i)
            case let d as Double: text = String(d)
            case let data as Data: text = data.base64EncodedString()
            default: throw SceneError(path: "key \(k)", "expected a number or a string, found \(type(of: v))")
            }
            config.entries[k.lowercased()] = .init(text: text, location: "key \(k)")
        }
        return config
    }
}

/// Collects the flat `.pex` elements.
private final class PEXDelegate: NSObject, XMLParserDelegate {
    var config = ParticleDesignerConfig()
    var error: SceneError?
    var depth = 0
    var sawRoot = false

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        depth += 1
        if depth == 1 {
            if name != "particleEmitterConfig" {
                fail(parser, SceneError(path: "<\(name)>", "expected the root element <particleEmitterConfig>"))
            }
            sawRoot = true
            return
        }
        guard depth == 2 else { return }
        let lower = name.lowercased()
        func put(_ key: String, _ attribute: String) {
            guard let v = attributes[attribute] else {
                fail(parser, SceneError(path: "<\(name)>", "the attribute \"\(attribute)\" is missing"))
                return
            }
            config.entries[key.lowercased()] = .init(text: v, location: "<\(name) \(attribute)>")
        }
        if lower == "texture" {
            if let n = attributes["name"] { config.entries["texturefilename"] = .init(text: n, location: "<texture name>") }
            if let d = attributes["data"] { config.entries["textureimagedata"] = .init(text: d, location: "<texture data>") }
        } else if ParticleDesignerReader.vectorElements.contains(lower) {
            put(name + "x", "x"); put(name + "y", "y")
        } else if ParticleDesignerReader.colorElements.contains(lower) {
            put(name + "Red", "red"); put(name + "Green", "green"); put(name + "Blue", "blue"); put(name + "Alpha", "alpha")
        } else if attributes["value"] != nil {
            put(name, "value")
        }
        // Elements with no value attribute are unknown to every consumer of the format: ignored.
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
    }

    func fail(_ parser: XMLParser, _ e: SceneError) {
        if error == nil { error = e }
        parser.abortParsing()
    }
}
