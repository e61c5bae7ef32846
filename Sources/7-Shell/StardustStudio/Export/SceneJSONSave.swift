import Foundation
import Stardust

/// Saving the edited scene as scene JSON. A scene file or an imported effect is saved as its own JSON with
/// each edited property written where the loader read it (``Scene/sourcePaths`` names the object), then read
/// back and checked property by property; a preset, built in Swift, is built with its edits and written by
/// ``SceneJSONWriter`` (refused, with the writer's reason, when it holds what scene JSON cannot).
enum SceneJSONSave {
    /// The edited scene's JSON text (pretty-printed, newline-terminated), or an error saying why not.
    static func json(source: StudioSource, edits: [StudioEdit], limits: SceneLimits) throws -> String {
        if edits.contains(where: { if case .snap = $0.target { return true }; return false }) {
            throw StudioEditError("snap to dust has no key in scene JSON (\"effects\" is reserved), so a scene with a snapped layer cannot be saved as JSON; undo the snap or export a GIF, APNG, MP4 or Swift.")
        }
        guard var doc = source.jsonDocument else {
            // A preset, built in Swift: the built scene (edits applied) written by StardustScene's writer.
            let scene = try StudioDocument.build(source: source, edits: edits, limits: limits)
            do {
                return try SceneJSONWriter.string(scene)
            } catch let e as SceneJSONWriterError {
                throw StudioEditError("the \(source.label) preset cannot be written as scene JSON: \(e.description).")
            }
        }
        // The unedited scene, to find where each edited object came from.
        let original = try source.makeScene(limits: limits)
        var touches: [JSONValue] = []
        for edit in edits {
            switch edit.target {
            case .pointer(let events):
                touches += events.map { e in
                    .object([("t", .number(e.time)), ("phase", .string(e.phase.rawValue)),
                             ("point", .array([.number(e.point.x), .number(e.point.y)]))])
                }
                continue
            case .snap:
                throw StudioEditError("snap to dust has no key in scene JSON (\"effects\" is reserved), so a scene with a snapped layer cannot be saved as JSON; undo the snap or export a GIF, APNG, MP4 or Swift.")
            case .source(let jsonPath):
                doc = try StudioSourceEdits.write(edit.value, path: jsonPath, in: doc)
                continue
            case .sourceItem(let jsonPath, let item):
                doc = try StudioSourceItems.write(item, path: jsonPath, in: doc)
                continue
            default: break
            }
            guard let (path, key) = location(of: edit, in: original) else {
                throw StudioEditError("\(edit.targetDescription) has no place in the scene file, so it cannot be saved as JSON.")
            }
            let components = try parse(path)
            doc = try set(StudioValueCoding.json(edit.value), key: key, at: components[...], in: doc)
        }
        if !touches.isEmpty {
            // The page's touches follow the file's own scripted ones (the track sorts them by time).
            guard case .object(var members) = doc, members.contains(where: { $0.key == "physics" }) else {
                throw StudioEditError("touches move the scene's \"physics\", and this scene file has none.")
            }
            if let i = members.firstIndex(where: { $0.key == "pointer" }) {
                guard case .array(let old) = members[i].value else { throw StudioEditError("the scene's \"pointer\" is not an array.") }
                members[i].value = .array(old + touches)
            } else {
                members.append(("pointer", .array(touches)))
            }
            doc = .object(members)
        }
        // Read back: every edited property must load as the edited value.
        let baked = StudioSource.sceneFileSource(like: source, document: doc)
        let reloaded = try baked.makeScene(limits: limits)
        for edit in edits {
            switch edit.target {
            case .pointer, .snap, .source, .sourceItem: continue  // written as they are; the build above loaded them
            default: break
            }
            guard let v = value(of: edit, in: reloaded), v == edit.value else {
                throw StudioEditError("\(edit.targetDescription) did not read back as \(StudioValueCoding.json(edit.value)); not saved.")
            }
        }
        return JSONWriter.string(doc) + "\n"
    }

    /// The JSON path of the object the edit changes and the key to write there.
    static func location(of edit: StudioEdit, in scene: Scene) -> (String, String)? {
        switch edit.target {
        case .emitter(let lp, let keyPath):
            guard let emitter = lp.layer(in: scene.root) as? EmitterLayer else { return nil }
            let parts = keyPath.split(separator: ".").map(String.init)
            if parts.count == 1 { return scene.sourcePaths[ObjectIdentifier(emitter)].map { ($0, parts[0]) } }
            var cells = emitter.emitterCells
            var cell: EmitterCell?
            var i = 0
            while i + 1 < parts.count, parts[i] == "emitterCells" {
                guard let c = cells.first(where: { $0.name == parts[i + 1] }) else { return nil }
                cell = c; cells = c.emitterCells; i += 2
            }
            guard let c = cell, i == parts.count - 1 else { return nil }
            let key = parts[i] == "isEnabled" ? "enabled" : parts[i]
            return scene.sourcePaths[ObjectIdentifier(c)].map { ($0, key) }
        case .layer(let lp, let keyPath):
            guard let layer = lp.layer(in: scene.root) else { return nil }
            return scene.sourcePaths[ObjectIdentifier(layer)].map { ($0, keyPath == "isHidden" ? "hidden" : keyPath) }
        case .animation, .pointer, .snap, .source, .sourceItem:
            return nil
        }
    }

    static func value(of edit: StudioEdit, in scene: Scene) -> AnimatableValue? {
        switch edit.target {
        case .emitter(let lp, let keyPath): return (lp.layer(in: scene.root) as? EmitterLayer)?.emitterValue(forKeyPath: keyPath)
        case .layer(let lp, let keyPath):
            guard let l = lp.layer(in: scene.root) else { return nil }
            if let v = StudioDrawingControls.value(keyPath, of: l) { return v }
            if let v = StudioCompositingControls.value(l, keyPath) {
                if keyPath == "compositingFilter", case .string(StudioCompositingControls.noFilter) = v { return nil }
                return v
            }
            return keyPath == "opacity" ? .number(l.opacity) : .bool(l.isHidden)
        case .animation, .pointer, .snap, .source, .sourceItem: return nil
        }
    }

    /// A path component: an object key, then array indices.
    struct Component { var key: String; var indices: [Int] }

    /// Parses `layers[2].emitterCells[0]`.
    static func parse(_ path: String) throws -> [Component] {
        try path.split(separator: ".").map { part in
            var s = Substring(part)
            var indices: [Int] = []
            guard let open = s.firstIndex(of: "[") else { return Component(key: String(s), indices: []) }
            let key = String(s[..<open])
            s = s[open...]
            while s.hasPrefix("[") {
                guard let close = s.firstIndex(of: "]"), let i = Int(s[s.index(after: s.startIndex)..<close]) else {
                    throw StudioEditError("cannot follow the JSON path \(path).")
                }
                indices.append(i)
                s = s[s.index(after: close)...]
            }
            return Component(key: key, indices: indices)
        }
    }

    /// `layers[2].emitterCells[0]` from its components (``parse(_:)`` read back).
    static func path(_ parts: some Collection<Component>) -> String {
        parts.map { c in c.key + c.indices.map { "[\($0)]" }.joined() }.joined(separator: ".")
    }

    /// The JSON at `path` in `doc`, or nil when the path leads nowhere.
    static func value(at path: ArraySlice<Component>, in doc: JSONValue) -> JSONValue? {
        guard let first = path.first else { return doc }
        guard case .object(let members) = doc, var v = members.first(where: { $0.key == first.key })?.value else { return nil }
        for i in first.indices {
            guard case .array(let items) = v, items.indices.contains(i) else { return nil }
            v = items[i]
        }
        return value(at: path.dropFirst(), in: v)
    }

    /// `doc` with `value` under `key` of the object at `path` (added at the end when absent; removed when `value` is nil).
    static func set(_ value: JSONValue?, key: String, at path: ArraySlice<Component>, in doc: JSONValue) throws -> JSONValue {
        guard let first = path.first else {
            guard case .object(var members) = doc else { throw StudioEditError("the JSON at the edited path is not an object.") }
            let i = members.firstIndex(where: { $0.key == key })
            switch (i, value) {
            case (let i?, let v?): members[i].value = v
            case (nil, let v?): members.append((key, v))
            case (let i?, nil): members.remove(at: i)
            case (nil, nil): break
            }
            return .object(members)
        }
        guard case .object(var members) = doc, let m = members.firstIndex(where: { $0.key == first.key }) else {
            throw StudioEditError("the JSON has no \"\(first.key)\" where the loader read it.")
        }
        members[m].value = try setIndexed(value, key: key, indices: first.indices[...], rest: path.dropFirst(), in: members[m].value)
        return .object(members)
    }

    static func setIndexed(_ value: JSONValue?, key: String, indices: ArraySlice<Int>, rest: ArraySlice<Component>,
                           in doc: JSONValue) throws -> JSONValue {
        guard let i = indices.first else { return try set(value, key: key, at: rest, in: doc) }
        guard case .array(var items) = doc, i < items.count else { throw StudioEditError("the JSON array is shorter than the loader saw.") }
        items[i] = try setIndexed(value, key: key, indices: indices.dropFirst(), rest: rest, in: items[i])
        return .array(items)
    }
}

extension StudioSource {
    /// `source` with its JSON replaced by `document` (same folder for images, same textures for effects).
    static func sceneFileSource(like source: StudioSource, document: JSONValue) -> StudioSource {
        switch source {
        case .sceneFile(let path, _): return .sceneFile(path: path, document: document)
        case .effect(let path, let imported):
            var copy = imported.value
            copy.document = document
            return .effect(path: path, imported: EffectImportBox(copy))
        case .preset, .lottie: return source
        }
    }
}
