import Foundation
import StardustCodecs
import StardustCore

/// Opens Lottie files: Bodymovin JSON (`.json`), Telegram stickers (`.tgs`, gzipped JSON) and dotLottie
/// (`.lottie`, see ``DotLottie``), with their
/// images (embedded data URLs, or files beside the JSON that stay inside its folder).
public enum LottieFile {
    /// The file kinds that are Lottie by their extension (`.tgs`, dotLottie `.lottie`).
    public static func isLottiePath(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".tgs") || lower.hasSuffix(".lottie")
    }

    /// Whether `path` names a dotLottie archive (by its extension).
    public static func isDotLottie(_ path: String) -> Bool { path.lowercased().hasSuffix(".lottie") }

    /// Reads, parses and translates the file at `path`; for a dotLottie archive, its animation `animation` (an id
    /// of its manifest; default: the first).
    /// - Throws: ``LottieError`` naming the JSON path (or the file) of the first problem.
    ///
    /// Text in a font named by the file is drawn from a font file (`.ttf`, `.otf`) with that name in the file's
    /// folder, its `fonts` or `Fonts` subfolder, or `fontFolders` (see ``LottieFontFiles``); else from fontconfig's
    /// match for the family.
    public static func load(path: String, animation: String? = nil, limits: LottieLimits = LottieLimits(),
                            fontFolders: [String] = []) throws -> LottieComposition {
        if isDotLottie(path) { return try DotLottie.load(path: path, animation: animation, limits: limits) }
        if let animation {
            throw LottieError(path: path, "only a dotLottie (.lottie) archive holds several animations; there is no animation \"\(animation)\" to choose")
        }
        let bytes = try read(path: path, limits: limits)
        let animation = try LottieParser.parse(bytes, limits: limits)
        let folder = PathText.deletingLastComponent(path)
        var imageWarnings: [LottieWarning] = []
        let images = try loadImages(animation, folder: folder, limits: limits) { imageWarnings.append($0) }
        let folders = [folder, (folder as NSString).appendingPathComponent("fonts"), (folder as NSString).appendingPathComponent("Fonts")]
        let fontFiles = LottieFontFiles.match(animation.fontList.values.sorted { $0.name < $1.name }, in: fontFolders + folders.map { $0.isEmpty ? "." : $0 })
        let c = LottieTranslator.translate(animation, images: images, fontFiles: fontFiles)
        return LottieComposition(root: c.root, size: c.size, frameRate: c.frameRate, duration: c.duration,
                                 warnings: imageWarnings + c.warnings, animation: c.animation)
    }

    /// Parses and translates a Lottie file held in memory (JSON, or gzipped JSON as in a `.tgs`): an animation
    /// shipped inside a program, or what a server receives as a request body. Only embedded images (data URLs) are
    /// drawn: an image named as a file has no folder here and is named in a warning (docs/BATCH.md, "From a server").
    /// `name` names the animation in errors.
    /// - Throws: ``LottieError`` naming the JSON path (or `name`) of the first problem.
    public static func load(bytes: [UInt8], name: String, limits: LottieLimits = LottieLimits()) throws -> LottieComposition {
        let animation = try LottieParser.parse(try jsonBytes(bytes, name: name, limits: limits), limits: limits)
        var warnings: [LottieWarning] = []
        for (_, asset) in animation.images.sorted(by: { $0.key < $1.key }) where !asset.embedded {
            warnings.append(LottieWarning(path: "\(asset.path).p", "the image \"\(asset.folder + asset.file)\" is a file, and a file in memory has no folder; not drawn"))
        }
        let images = try loadImages(animation, folder: nil, limits: limits) { warnings.append($0) }
        let c = LottieTranslator.translate(animation, images: images)
        return LottieComposition(root: c.root, size: c.size, frameRate: c.frameRate, duration: c.duration,
                                 warnings: warnings + c.warnings, animation: c.animation)
    }

    /// The JSON bytes of a `.json` or `.tgs` file (gzip detected by its magic bytes, inflated within
    /// ``LottieLimits/maxJSONBytes``: a gzip bomb is refused).
    public static func read(path: String, limits: LottieLimits = LottieLimits()) throws -> [UInt8] {
        // FileReader refuses a FIFO, a device or a folder before anything blocks on it.
        let data: [UInt8]
        do { data = try FileReader.readAll(path, maxBytes: limits.maxJSONBytes) } catch let error as CodecError {
            throw LottieError(path: "$", "cannot read the file: \(error.readFailure ?? "\(error)")")
        }
        return try jsonBytes(data, name: path, limits: limits)
    }

    /// Inflates gzip data (`.tgs`) within the JSON limit; other data is returned as it is.
    public static func jsonBytes(_ bytes: [UInt8], name: String, limits: LottieLimits = LottieLimits()) throws -> [UInt8] {
        guard bytes.count >= 2, bytes[0] == 0x1f, bytes[1] == 0x8b else { return bytes }
        do {
            return try Gunzip.decompress(bytes, maxOutput: limits.maxJSONBytes)
        } catch {
            throw LottieError(path: name, "the gzip data could not be inflated within \(limits.maxJSONBytes) bytes (\(error))")
        }
    }

    /// Whether the file at `path` is Lottie JSON (or a `.tgs`): its top-level object has `v`, `fr`, `ip`, `op` and
    /// `layers`, which a Stardust scene never has together.
    public static func looksLikeLottie(path: String) -> Bool {
        if isLottiePath(path) { return true }
        guard path.lowercased().hasSuffix(".json"), let bytes = try? read(path: path) else { return false }
        return LottieParser.looksLikeLottie(bytes)
    }

    /// Decodes the image assets: data URLs, or files named by `u` + `p` relative to `folder`. A name that leaves
    /// the folder (`..`, an absolute path) is refused; an image that cannot be read is a warning. Only the assets an
    /// image layer names get a texture (``drawnImageIDs(_:)``); the others are decoded all the same, for the same
    /// errors and warnings, and dropped.
    static func loadImages(_ a: LottieAnimation, folder: String?, limits: LottieLimits,
                           warn: (LottieWarning) -> Void) throws -> [String: Texture] {
        var result: [String: Texture] = [:]
        let drawn = drawnImageIDs(a)
        for (id, asset) in a.images.sorted(by: { $0.key < $1.key }) {
            let bytes: [UInt8]
            if asset.embedded {
                guard let comma = asset.file.firstIndex(of: ","), let data = Data(base64Encoded: String(asset.file[asset.file.index(after: comma)...]),
                                                                                  options: .ignoreUnknownCharacters) else {
                    warn(LottieWarning(path: "\(asset.path).p", "the embedded image is not a base64 data URL; not drawn"))
                    continue
                }
                bytes = [UInt8](data)
            } else {
                guard let folder else { continue }  // a dotLottie's own images are read from the archive
                let relative = asset.folder + asset.file
                let parts = relative.split(separator: "/")
                guard !relative.hasPrefix("/"), !parts.contains(".."), !relative.contains("\\") else {
                    throw LottieError(path: "\(asset.path).p", "the image name \"\(relative)\" leaves the animation's folder")
                }
                let full = (folder as NSString).appendingPathComponent(relative)
                guard FileManager.default.fileExists(atPath: full) else {
                    warn(LottieWarning(path: "\(asset.path).p", "the image \"\(relative)\" is not beside the file; not drawn"))
                    continue
                }
                // FileReader refuses a FIFO or a device without blocking, and a file over the limit unread.
                do { bytes = try FileReader.readAll(full, maxBytes: limits.maxImageBytes) } catch let error as CodecError {
                    throw LottieError(path: "\(asset.path).p", "cannot read \"\(relative)\": \(error.readFailure ?? "\(error)")")
                }
            }
            if let t = try decodeImage(bytes, asset: asset, limits: limits, texture: drawn.contains(id), warn: warn) { result[id] = t }
        }
        return result
    }

    /// The ids of the image assets some image layer names — among the top layers or any precomp's, used or not —:
    /// the translator asks for no other texture (``LottieTranslator``'s image layers look theirs up by `refId`).
    /// Why: a texture is the image's mip chain, a third more pixels averaged and held, and files carry images no
    /// layer draws (the largest image of the lottie-ios samples, 1166 × 1671 in `issue_2545.json`, is one).
    static func drawnImageIDs(_ a: LottieAnimation) -> Set<String> {
        var ids = Set<String>()
        for layer in a.layers { if case .image(let ref) = layer.kind { ids.insert(ref) } }
        for layers in a.precomps.values {
            for layer in layers { if case .image(let ref) = layer.kind { ids.insert(ref) } }
        }
        return ids
    }

    /// Decodes an image asset's bytes: its header is checked against ``LottieLimits/maxImagePixels`` first (refused
    /// with the asset's path); an undecodable image is a warning. Without `texture` (an asset no layer draws) the
    /// image is decoded all the same — the same checks, errors and warnings — and nil returned instead of its
    /// texture and mip chain.
    static func decodeImage(_ bytes: [UInt8], asset: LottieImageAsset, limits: LottieLimits, texture: Bool = true,
                            warn: (LottieWarning) -> Void) throws -> Texture? {
        do {
            let header = try ImageDecoder.header(of: bytes)
            guard header.width.multipliedReportingOverflow(by: header.height).partialValue <= limits.maxImagePixels,
                  header.width > 0, header.height > 0 else {
                throw LottieError(path: "\(asset.path).p", "the image is \(header.width)×\(header.height) pixels, more than the limit of \(limits.maxImagePixels)")
            }
            let image = try ImageDecoder.decode(bytes, maxPixels: limits.maxImagePixels)
            return texture ? Texture(image) : nil
        } catch let e as LottieError {
            throw e
        } catch {
            warn(LottieWarning(path: "\(asset.path).p", "the image could not be decoded (\(error)); not drawn"))
            return nil
        }
    }
}
