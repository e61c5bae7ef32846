import StardustAnimation
import StardustCore

/// The per-pixel dust (``PixelDust``): every pixel of `texture` drawn as a one-pixel speck (a sprite of a
/// white texel tinted with the pixel's color) where its closed-form flight has carried it at the layer's
/// time. An ordinary ``Layer`` otherwise; it keeps no per-frame state, so any time is drawn alone.
///
/// Its bounds are the picture's frame (``PixelDust/size``). Specks that have faded away (progress 1)
/// and fully transparent pixels are not drawn; the rest are drawn in row order. The display list holds
/// one ``SpriteInstance`` (48 bytes) per drawn pixel for the frame being rendered.
public final class PixelDustLayer: Layer {
    /// The picture (premultiplied RGBA8, level 0 is read).
    public let texture: Texture
    /// The flight law.
    public let law: PixelDust

    /// Worker threads that evaluate the law for a frame (0 = every core, the default; 1 = the calling thread only).
    /// The rows are split in chunks of about 4096 pixels; each chunk writes its own slots and the specks keep row
    /// order, so the display list (and every frame) is identical for any count.
    public var threads: Int = 0

    /// The dust of `texture` under `law` (whose width and height are the texture's).
    public init(texture: Texture, law: PixelDust) {
        self.texture = texture; self.law = law
        super.init()
    }

    /// One white texel: each speck's color is its tint.
    static let speck = Texture(Image(width: 1, height: 1, pixels: [255, 255, 255, 255]))

    public override func drawContents(into list: inout [DrawCommand], time: Double, transform: Transform2D) {
        let w = law.width, h = law.height
        guard w > 0, h > 0, texture.width == w, texture.height == h else { return }
        let m = SIMD4<Float>(Float(transform.a), Float(transform.b), Float(transform.c), Float(transform.d))
        let law = self.law
        let rowsPerChunk = max(1, 4096 / w)
        let chunks = (h + rowsPerChunk - 1) / rowsPerChunk
        // Each chunk fills the slots of its own rows (at most one speck per pixel), then the chunks are closed up in
        // order: the specks stay in row order whichever thread evaluated which chunk.
        let sprites = texture.levels[0].pixels.withUnsafeBufferPointer { px in
            [SpriteInstance](unsafeUninitializedCapacity: w * h) { buffer, initialized in
                let slots = buffer.baseAddress!
                let counts = UnsafeMutablePointer<Int>.allocate(capacity: chunks)
                defer { counts.deallocate() }
                parallelFor(chunks, threads: threads) { c in
                    let y0 = c * rowsPerChunk, y1 = min(h, y0 + rowsPerChunk)
                    counts[c] = Self.specks(law, pixels: px, rows: y0..<y1, time: time, transform: transform, m: m,
                                            into: slots + y0 * w)
                }
                var n = 0
                for c in 0..<chunks {
                    let from = slots + c * rowsPerChunk * w
                    if from != slots + n { (slots + n).moveInitialize(from: from, count: counts[c]) }
                    n += counts[c]
                }
                initialized = n
            }
        }
        if sprites.isEmpty { return }
        let quad = Size(law.size.width / Double(w), law.size.height / Double(h))
        list.append(.sprites(SpriteBatch(texture: Self.speck, quadSize: quad, sprites: sprites,
                                         minificationFilter: .nearest, magnificationFilter: .nearest)))
    }

    /// Writes the specks of `rows` (in row order) from `out` on and returns how many: pixels that are transparent or
    /// have faded away (progress 1) are left out.
    private static func specks(_ law: PixelDust, pixels px: UnsafeBufferPointer<UInt8>, rows: Range<Int>, time: Double,
                               transform: Transform2D, m: SIMD4<Float>, into out: UnsafeMutablePointer<SpriteInstance>) -> Int {
        let w = law.width
        var n = 0
        for y in rows {
            for x in 0..<w {
                let o = 4 * (y * w + x)
                let alpha = px[o + 3]
                if alpha == 0 { continue }
                let s = law.progress(order: law.order(x: x, y: y), at: time)
                if s >= 1 { continue }
                let p: Point
                if s <= 0 {
                    p = law.position(x: x, y: y, jitter: PixelDust.Jitter(order: 0, a: 0, rotation: 0, offset: .zero), progress: 0)
                } else {
                    p = law.position(x: x, y: y, jitter: law.jitter(x: x, y: y), progress: s)
                }
                let c = transform.apply(to: p)
                let k = Float(1 - s) / 255
                let color = SIMD4<Float>(Float(px[o]), Float(px[o + 1]), Float(px[o + 2]), Float(alpha)) * k
                (out + n).initialize(to: SpriteInstance(m: m, t: SIMD2(Float(c.x), Float(c.y)), color: color))
                n += 1
            }
        }
        return n
    }
}
