import StardustAnimation
import StardustCore
import StardustEffects

extension SwiftExportWriter {
    /// The seeds tried when recovering the seed of a dust split from its assignment.
    static let dustSeedSearch: Range<UInt64> = 0..<4096

    /// The variable holding the split images of `layer`'s assignment, writing the `dustSplit(_:layerCount:seed:)`
    /// call the first time; `nil` when the assignment is not a ``DustSplit`` of the layer's picture under a seed in
    /// ``dustSeedSearch`` (the layer is then left out).
    mutating func dustImages(for layer: DustLayer) -> String? {
        let a = layer.assignment
        if let known = dustSplits[ObjectIdentifier(a)] { return known }
        guard let seed = Self.seed(of: a) else { return nil }
        let v = variable("dust images", fallback: "dustImages")
        let name = imageName(layer.texture, hint: "picture")
        line("// The picture split into \(a.layerCount) images of its pixels (`dustSplit`, below), one per dust layer.")
        if layer.drawsSpecks {
            line("// Stardust drew these layers in flight as specks (each pixel placed whole); Core Animation resamples them")
            line("// as images. Stardust previews this look with `DustParameters.drawsSpecks = false`.")
        }
        line("let \(v) = dustSplit(UIImage(named: \(SwiftSourceText.stringLiteral(name)))!.cgImage!, layerCount: \(a.layerCount), seed: \(seed))")
        dustSplits[ObjectIdentifier(a)] = v
        return v
    }

    /// The seed whose ``DustSplit`` is `a`: candidates must match the first texels' draws, then the whole split.
    static func seed(of a: LayerAssignment) -> UInt64? {
        let probe = min(64, a.width * a.height)
        guard probe > 0 else { return nil }
        for seed in dustSeedSearch {
            let matches = (0..<probe).allSatisfy { i in
                let (r0, r1) = DustSplit.draws(seed: seed, index: i)
                let x = i % a.width
                return a.draws[2 * i] == UInt8(DustSplit.layer(x: x, width: a.width, r: r0, layerCount: a.layerCount))
                    && a.draws[2 * i + 1] == UInt8(DustSplit.layer(x: x, width: a.width, r: r1, layerCount: a.layerCount))
            }
            if matches, DustSplit.split(width: a.width, height: a.height, layerCount: a.layerCount, seed: seed).draws == a.draws {
                return seed
            }
        }
        return nil
    }

    /// The helper the dust layers' images come from, written after the scene's function when used: Stardust's
    /// split in plain Swift over a bitmap `CGContext`.
    mutating func writeDustSplitHelper() {
        let text = """

        /// Stardust's dust split (docs/DESIGN.md §8): every pixel of `image` is assigned twice, by two independent draws r in
        /// [0, 1), to image ⌊N · (r + 2x / w) / 3⌋ of `layerCount` (N) images of the same size, so pixels on the left
        /// go to early images and those on the right to late ones. The draws are SplitMix64 hashes of the pixel index
        /// keyed by `seed`: the same split as Stardust's.
        /// (File-private, so that several exports can live in one module.)
        private func dustSplit(_ image: CGImage, layerCount: Int, seed: UInt64) -> [CGImage] {
            let w = image.width, h = image.height
            let space = CGColorSpaceCreateDeviceRGB(), info = CGImageAlphaInfo.premultipliedLast.rawValue
            func bitmap() -> CGContext? {
                CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 4 * w, space: space, bitmapInfo: info)
            }
            guard let source = bitmap(), let pixels = source.data?.assumingMemoryBound(to: UInt8.self) else { return [] }
            source.draw(image, in: CGRect(x: 0, y: 0, width: w, height: h))
            let layers = (0..<layerCount).compactMap { _ in bitmap() }
            let targets = layers.compactMap { $0.data?.assumingMemoryBound(to: UInt8.self) }
            guard targets.count == layerCount else { return [] }
            func mix(_ z0: UInt64) -> UInt64 {
                var z = z0
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
            let key = mix(seed &+ 0x6A09_E667_F3BC_C909)
            let scale = Double(layerCount) / 3, cx = 2 / Double(w)
            for y in 0..<h {
                for x in 0..<w {
                    let index = y * w + x
                    let hash = mix(key &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
                    let c = Double(x) * cx
                    for r in [Double(hash >> 32) * 0x1p-32, Double(hash & 0xFFFF_FFFF) * 0x1p-32] {
                        let target = targets[min(layerCount - 1, Int(scale * (r + c)))]
                        for byte in 4 * index..<4 * index + 4 { target[byte] = pixels[byte] }
                    }
                }
            }
            return layers.compactMap { $0.makeImage() }
        }
        """
        for l in text.split(separator: "\n", omittingEmptySubsequences: false) { line(String(l), indent: 0) }
    }
}
