import Foundation
import StardustCodecs
import StardustCore
import ZIPFoundation

/// dotLottie (`.lottie`): a ZIP holding `manifest.json`, one or more animations under `animations/` (or `a/`)
/// and their images under `images/` (or `i/`). Read through ZIPFoundation with guards before anything is
/// inflated: the entry count, each entry's and the total declared size, names that leave the archive (`..`,
/// absolute paths), and — while inflating — the bytes actually produced (a lying header is cut off).
public enum DotLottie {
    /// The animation ids the manifest lists, in order (the first is the default).
    public static func animationIDs(path: String, limits: LottieLimits = LottieLimits()) throws -> [String] {
        try Contents(path: path, limits: limits).animationIDs
    }

    /// Reads, parses and translates animation `id` (default: the manifest's first) of the `.lottie` file at `path`.
    public static func load(path: String, animation id: String? = nil, limits: LottieLimits = LottieLimits()) throws -> LottieComposition {
        let contents = try Contents(path: path, limits: limits)
        guard let chosen = id ?? contents.animationIDs.first else { throw LottieError(path: path, "the archive holds no animation") }
        guard let entry = contents.animationEntry(chosen) else {
            let known = contents.animationIDs.map { "\"\($0)\"" }.joined(separator: ", ")
            throw LottieError(path: path, "the archive holds no animation \"\(chosen)\" (it has \(known.isEmpty ? "none" : known))")
        }
        let bytes = try LottieFile.jsonBytes(try contents.bytes(of: entry), name: "\(path):\(entry)", limits: limits)
        let animation = try LottieParser.parse(bytes, limits: limits)
        var images: [String: Texture] = [:]
        var warnings: [LottieWarning] = []
        let drawn = LottieFile.drawnImageIDs(animation)
        for (assetID, asset) in animation.images.sorted(by: { $0.key < $1.key }) where !asset.embedded {
            let name = asset.file
            guard let imageEntry = contents.imageEntry(name) else {
                warnings.append(LottieWarning(path: "\(asset.path).p", "the image \"\(name)\" is not in the archive; not drawn"))
                continue
            }
            let data = try contents.bytes(of: imageEntry)
            if let t = try LottieFile.decodeImage(data, asset: asset, limits: limits, texture: drawn.contains(assetID),
                                                  warn: { warnings.append($0) }) { images[assetID] = t }
        }
        let embedded = try LottieFile.loadImages(animation, folder: nil, limits: limits) { warnings.append($0) }
        images.merge(embedded) { a, _ in a }
        let c = LottieTranslator.translate(animation, images: images)
        return LottieComposition(root: c.root, size: c.size, frameRate: c.frameRate, duration: c.duration,
                                 warnings: warnings + c.warnings, animation: c.animation)
    }

    /// The checked table of contents of an archive.
    struct Contents {
        let archive: Archive
        let path: String
        let limits: LottieLimits
        /// Entry paths → entries (files only).
        var files: [String: Entry] = [:]
        var animationIDs: [String] = []

        init(path: String, limits: LottieLimits) throws {
            self.path = path
            self.limits = limits
            // FileReader first: a FIFO, a device or a folder is refused without blocking, a file over the limit
            // unread. Then ZIPFoundation opens the (regular) file itself: its in-memory archive traps on some
            // malformed archives (a range check in MemoryFile.readData, found by LottieFuzzTests), its file
            // reader does not.
            do { _ = try FileReader.readPrefix(path, maxBytes: 4) } catch let error as CodecError {
                throw LottieError(path: path, "cannot read the file: \(error.readFailure ?? "\(error)")")
            }
            if let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil, size > limits.maxZipBytes {
                throw LottieError(path: path, "the archive is \(size) bytes, more than the limit of \(limits.maxZipBytes)")
            }
            do {
                archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
            } catch {
                throw LottieError(path: path, "not a readable ZIP archive (\(error))")
            }
            var count = 0
            var total: UInt64 = 0
            for entry in archive {
                count += 1
                guard count <= limits.maxZipEntries else {
                    throw LottieError(path: path, "more than \(limits.maxZipEntries) entries in the archive")
                }
                let name = entry.path
                let parts = name.split(separator: "/", omittingEmptySubsequences: false)
                guard !name.hasPrefix("/"), !name.contains("\\"), !parts.contains(".."), !name.contains(":") else {
                    throw LottieError(path: path, "the entry \"\(name)\" would leave the archive")
                }
                total += entry.uncompressedSize
                guard entry.uncompressedSize <= UInt64(limits.maxZipBytes), total <= UInt64(limits.maxZipBytes) else {
                    throw LottieError(path: path, "the entries inflate to more than \(limits.maxZipBytes) bytes (entry \"\(name)\")")
                }
                if entry.type == .file { files[name] = entry }
            }
            animationIDs = try manifestIDs()
        }

        /// The ids of `manifest.json`'s `animations`, or the JSON files under `animations/` when there is no manifest.
        func manifestIDs() throws -> [String] {
            if let m = files["manifest.json"] {
                let json: [String: Any]?
                do { json = try JSONSerialization.jsonObject(with: Data(try bytes(of: m))) as? [String: Any] } catch let e as LottieError {
                    throw e
                } catch {
                    throw LottieError(path: path, "manifest.json is not valid JSON")
                }
                let list = (json?["animations"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
                if !list.isEmpty { return list }
            }
            return files.keys.filter { ($0.hasPrefix("animations/") || $0.hasPrefix("a/")) && $0.hasSuffix(".json") }
                .map { String(PathText.lastComponent($0).dropLast(5)) }.sorted()
        }

        func animationEntry(_ id: String) -> Entry? { files["animations/\(id).json"] ?? files["a/\(id).json"] }

        func imageEntry(_ name: String) -> Entry? { files["images/\(name)"] ?? files["i/\(name)"] }

        /// An entry's bytes, inflated within its declared size and the archive limit.
        func bytes(of entry: Entry) throws -> [UInt8] {
            var out: [UInt8] = []
            let cap = Int(min(entry.uncompressedSize, UInt64(limits.maxZipBytes)))
            out.reserveCapacity(cap)
            do {
                _ = try archive.extract(entry, skipCRC32: false) { chunk in
                    guard out.count + chunk.count <= cap else {
                        throw LottieError(path: self.path, "the entry \"\(entry.path)\" inflates to more than it declares")
                    }
                    out.append(contentsOf: chunk)
                }
            } catch let e as LottieError {
                throw e
            } catch {
                throw LottieError(path: path, "the entry \"\(entry.path)\" could not be read (\(error))")
            }
            return out
        }
    }
}
