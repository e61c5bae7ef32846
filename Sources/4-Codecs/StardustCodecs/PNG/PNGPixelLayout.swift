/// A validated PNG pixel layout for one image, and the packing of straight RGBA8 rows into it.
struct PNGPixelLayout {
    let colorType: Int
    let bitDepth: Int
    /// Palette entries as `r << 24 | g << 16 | b << 8 | a`, translucent entries first.
    let palette: [UInt32]
    let paletteIndex: [UInt32: UInt8]

    var bitsPerPixel: Int {
        switch colorType {
        case 0, 3: return bitDepth
        case 2: return 3 * bitDepth
        case 4: return 2 * bitDepth
        default: return 4 * bitDepth
        }
    }

    /// 8-bit RGBA, the layout APNG frames use.
    static let rgba8 = PNGPixelLayout(colorType: 6, bitDepth: 8, palette: [], paletteIndex: [:])

    private init(colorType: Int, bitDepth: Int, palette: [UInt32], paletteIndex: [UInt32: UInt8]) {
        self.colorType = colorType; self.bitDepth = bitDepth; self.palette = palette; self.paletteIndex = paletteIndex
    }

    /// Validates that `straight` (RGBA8) can be stored exactly in `format`.
    init(format: PNGPixelFormat, straight: [UInt8], opaque: Bool) throws {
        func isGray() -> Bool {
            var i = 0
            while i < straight.count {
                if straight[i] != straight[i + 1] || straight[i] != straight[i + 2] { return false }
                i += 4
            }
            return true
        }
        func check(_ depth: Int, _ allowed: [Int], _ name: String) throws {
            guard allowed.contains(depth) else { throw CodecError.cannotRepresent(reason: "bit depth \(depth) is not valid for \(name) PNG") }
        }
        var palette: [UInt32] = []
        var index: [UInt32: UInt8] = [:]
        switch format {
        case .automatic:
            colorType = opaque ? 2 : 6; bitDepth = 8
        case let .gray(d):
            try check(d, [1, 2, 4, 8, 16], "gray")
            guard opaque else { throw CodecError.cannotRepresent(reason: "a gray PNG has no alpha but the image is translucent") }
            guard isGray() else { throw CodecError.cannotRepresent(reason: "the image has colored pixels but the format is gray") }
            if d < 8 {
                let step = 255 / ((1 << d) - 1)
                var i = 0
                while i < straight.count {
                    guard Int(straight[i]) % step == 0 else {
                        throw CodecError.cannotRepresent(reason: "gray level \(straight[i]) does not fit in \(d) bits")
                    }
                    i += 4
                }
            }
            colorType = 0; bitDepth = d
        case let .grayAlpha(d):
            try check(d, [8, 16], "gray+alpha")
            guard isGray() else { throw CodecError.cannotRepresent(reason: "the image has colored pixels but the format is gray") }
            colorType = 4; bitDepth = d
        case let .rgb(d):
            try check(d, [8, 16], "RGB")
            guard opaque else { throw CodecError.cannotRepresent(reason: "an RGB PNG has no alpha but the image is translucent") }
            colorType = 2; bitDepth = d
        case let .rgba(d):
            try check(d, [8, 16], "RGBA")
            colorType = 6; bitDepth = d
        case let .palette(d):
            try check(d, [1, 2, 4, 8], "palette")
            var colors = Set<UInt32>()
            var i = 0
            while i < straight.count {
                colors.insert(UInt32(straight[i]) << 24 | UInt32(straight[i + 1]) << 16 | UInt32(straight[i + 2]) << 8 | UInt32(straight[i + 3]))
                guard colors.count <= 1 << d else {
                    throw CodecError.cannotRepresent(reason: "the image has more than \(1 << d) colors, too many for a \(d)-bit palette")
                }
                i += 4
            }
            // Translucent entries first so that tRNS stays short; then by value for determinism.
            palette = colors.sorted { ($0 & 0xFF == 0xFF ? 1 : 0, $0) < ($1 & 0xFF == 0xFF ? 1 : 0, $1) }
            for (k, c) in palette.enumerated() { index[c] = UInt8(k) }
            colorType = 3; bitDepth = d
        }
        self.palette = palette
        self.paletteIndex = index
    }

    /// Packs `count` straight RGBA8 pixels from `src` into one unfiltered PNG row at `dst`. O(count).
    func pack(_ src: UnsafePointer<UInt8>, count: Int, into dst: UnsafeMutablePointer<UInt8>) {
        switch (colorType, bitDepth) {
        case (6, 8):
            dst.update(from: src, count: 4 * count)
        case (2, 8):
            var s = src, d = dst
            for _ in 0..<count { d[0] = s[0]; d[1] = s[1]; d[2] = s[2]; s += 4; d += 3 }
        case (4, 8):
            var s = src, d = dst
            for _ in 0..<count { d[0] = s[0]; d[1] = s[3]; s += 4; d += 2 }
        case (0, 8):
            for x in 0..<count { dst[x] = src[4 * x] }
        case (_, 16):
            // v8 · 257 maps 0…255 onto 0…65535 exactly; the reader's rounding inverts it.
            let channels: [Int]
            switch colorType {
            case 0: channels = [0]
            case 2: channels = [0, 1, 2]
            case 4: channels = [0, 3]
            default: channels = [0, 1, 2, 3]
            }
            var d = dst
            for x in 0..<count {
                for c in channels { d[0] = src[4 * x + c]; d[1] = src[4 * x + c]; d += 2 }
            }
        default:
            // Gray or palette below 8 bits (and 8-bit palette): pack samples MSB first.
            let rowBytes = (count * bitDepth + 7) / 8
            dst.update(repeating: 0, count: rowBytes)
            let step = colorType == 0 ? 255 / ((1 << bitDepth) - 1) : 1
            for x in 0..<count {
                let s = src + 4 * x
                let v: Int
                if colorType == 3 {
                    let key = UInt32(s[0]) << 24 | UInt32(s[1]) << 16 | UInt32(s[2]) << 8 | UInt32(s[3])
                    v = Int(paletteIndex[key] ?? 0)
                } else {
                    v = Int(s[0]) / step
                }
                let bit = x * bitDepth
                dst[bit >> 3] |= UInt8(v << (8 - bitDepth - (bit & 7)))
            }
        }
    }
}
