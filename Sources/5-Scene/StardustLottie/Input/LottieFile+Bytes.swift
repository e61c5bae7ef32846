import StardustCore

extension LottieFile {
    /// Parses and translates a Lottie file held in memory (JSON, or gzipped JSON as in a `.tgs`): what a server
    /// receives as a request body. Only embedded images (data URLs) are drawn: images named as files beside the
    /// JSON have no folder here and are named in a warning (docs/BATCH.md, "From a server").
    /// - Throws: ``LottieError`` naming the JSON path (or `name`) of the first problem.
    public static func load(bytes: [UInt8], name: String, limits: LottieLimits = LottieLimits()) throws -> LottieComposition {
        let json = try jsonBytes(bytes, name: name, limits: limits)
        let animation = try LottieParser.parse(json, limits: limits)
        var warnings: [LottieWarning] = []
        var embeddedOnly = animation
        embeddedOnly.images = animation.images.filter { $0.value.embedded }
        for (_, asset) in animation.images.sorted(by: { $0.key < $1.key }) where !asset.embedded {
            warnings.append(LottieWarning(path: "\(asset.path).p", "the image \"\(asset.folder + asset.file)\" is a file, and a file in memory has no folder; not drawn"))
        }
        let images = try loadImages(embeddedOnly, folder: "", limits: limits) { warnings.append($0) }
        let c = LottieTranslator.translate(animation, images: images)
        return LottieComposition(root: c.root, size: c.size, frameRate: c.frameRate, duration: c.duration,
                                 warnings: warnings + c.warnings, animation: c.animation)
    }
}
