import StardustAnimation
import StardustCore
import StardustDynamics

/// The `photoWall` key (docs/DESIGN.md §7): a grid of photos, each a physical card when touched, moved by
/// the scene's `pointer` track (docs/SCENES.md, docs/DYNAMICS.md).
///
/// `{"photos": ["beach.jpg", {"contents": "dog.png", "name": "dog"}, "builtin:star"], "columns": 3,
/// "photoSize": [110, 110], "spacing": 16, "origin": [14, 118]}` makes one layer per photo, named
/// `photoINDEX` unless the entry names it, laid out row by row `columns` wide from `origin` (the
/// grid's top-left corner; default: the grid centred in the scene), and drawn above the scene's
/// `layers`. Photo files are PNG or JPEG paths relative to the scene file (or `builtin:` images),
/// decoded like every other image, within the scene's image budget. The physical constants are
/// ``PhotoWallSettings``' properties under the same names.
extension SceneLoader {
    static let photoWallKeys = ["photos", "columns", "photoSize", "spacing", "origin", "visibleBounds",
                                "returnDistance", "gravity", "gripStrength", "gripAngularDamping", "airDamping",
                                "returnFrequency", "returnDampingRatio", "settleDistance", "settleAngle", "settleSpeed", "timeStep"]
    static let photoKeys = ["contents", "name"]
    /// Most photos a wall may hold.
    static let maxPhotos = 1000

    /// Builds the photo layers (added to `scene.root` and to `names`) and the wall.
    mutating func photoWall(_ node: JSONNode, scene: Scene, names: inout [String: Layer]) throws -> PhotoWall {
        let k = try node.object(allowedKeys: Self.photoWallKeys)
        guard let list = k["photos"] else { throw SceneError(path: node.path, "missing \"photos\": the photos' image files, in grid order") }
        let entries = try list.array()
        guard (1...Self.maxPhotos).contains(entries.count) else {
            throw SceneError(path: list.path, "expected 1 to \(Self.maxPhotos) photos, found \(entries.count)")
        }
        let columns = try k["columns"].map { try $0.integer(in: 1...Self.maxPhotos) } ?? 3
        let size = try k["photoSize"].map { try $0.size() } ?? Size(110, 110)
        if let n = k["photoSize"], !(size.width >= 1 && size.height >= 1 && size.width <= 20_000 && size.height <= 20_000) {
            throw SceneError(path: n.path, "expected a width and height between 1 and 20000 points")
        }
        let spacing = try k["spacing"].map { try $0.number(in: 0...20_000) } ?? 16
        let rows = (entries.count + columns - 1) / columns
        let usedColumns = min(columns, entries.count)
        let gridWidth = Double(usedColumns) * size.width + Double(usedColumns - 1) * spacing
        let gridHeight = Double(rows) * size.height + Double(rows - 1) * spacing
        let origin = try k["origin"].map { try vector($0) }
            ?? Vec2((scene.size.width - gridWidth) / 2, (scene.size.height - gridHeight) / 2)
        var visible = Rect(origin: .zero, size: scene.size)
        if let b = k["visibleBounds"] {
            let v = try b.numbers(count: 4)
            guard v[2] > 0, v[3] > 0, v[2] <= 1e6, v[3] <= 1e6, Self.coordinateRange.contains(v[0]), Self.coordinateRange.contains(v[1]) else {
                throw SceneError(path: b.path, "expected a rectangle [x, y, width, height] with a positive width and height up to 1000000")
            }
            visible = Rect(v[0], v[1], v[2], v[3])
        }

        var settings = PhotoWallSettings()
        func setting(_ key: String, _ range: ClosedRange<Double>, _ apply: (Double) -> Void) throws {
            if let n = k[key] { apply(try n.number(in: range)) }
        }
        try setting("returnDistance", 0...1e6) { settings.returnDistance = $0 }
        try setting("gravity", -1e6...1e6) { settings.gravity = $0 }
        try setting("gripStrength", 0...1e6) { settings.gripStrength = $0 }
        try setting("gripAngularDamping", 0...1e4) { settings.gripAngularDamping = $0 }
        try setting("airDamping", 0...1e4) { settings.airDamping = $0 }
        try setting("returnFrequency", 0.01...100) { settings.returnFrequency = $0 }
        try setting("returnDampingRatio", 0...100) { settings.returnDampingRatio = $0 }
        try setting("settleDistance", 0...1e6) { settings.settleDistance = $0 }
        try setting("settleAngle", 0...Double.pi) { settings.settleAngle = $0 }
        try setting("settleSpeed", 0...1e6) { settings.settleSpeed = $0 }
        try setting("timeStep", 0.0001...0.1) { settings.timeStep = $0 }

        var photos: [Layer] = []
        for (i, entry) in entries.enumerated() {
            let contents: JSONNode
            var name = "photo\(i)"
            if case .string = entry.value {
                contents = entry
            } else {
                let p = try entry.object(allowedKeys: Self.photoKeys)
                guard let c = p["contents"] else {
                    throw SceneError(path: entry.path, "missing \"contents\": the photo's image file (PNG or JPEG, relative to the scene file) or builtin:NAME")
                }
                contents = c
                if let n = p["name"] { name = try n.string() }
            }
            let nameNode = entry.child("name") ?? entry
            guard names[name] == nil else {
                throw SceneError(path: nameNode.path, "a layer named \"\(quoted(name))\" is already defined; photos are named photoINDEX unless given a \"name\"")
            }
            let layer = Layer()
            layer.name = name
            layer.bounds = Rect(origin: .zero, size: size)
            let row = i / columns, column = i % columns
            layer.position = Point(origin.x + size.width / 2 + Double(column) * (size.width + spacing),
                                   origin.y + size.height / 2 + Double(row) * (size.height + spacing))
            let texture = try self.texture(contents)
            layer.contents = texture
            // Pixels per point of the picture as it fills its slot (2 for a 220-pixel photo in a 110-point slot).
            layer.contentsScale = Double(texture.width) / size.width
            scene.root.addSublayer(layer)
            names[name] = layer
            sourcePaths[ObjectIdentifier(layer)] = entry.path
            photos.append(layer)
        }
        return PhotoWall(photos: photos, visibleBounds: visible, settings: settings)
    }
}
