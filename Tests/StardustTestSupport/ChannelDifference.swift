/// The mean and maximum absolute difference between two RGBA8 frames of the same size, channel by channel: the
/// tolerance measure for comparisons with a second rasterizer (``SkiaReference``).
public struct ChannelDifference: Sendable, CustomStringConvertible {
    /// Mean of |a − b| over every channel of every pixel.
    public let mean: Double
    /// Largest |a − b| over every channel of every pixel.
    public let max: Int
    /// The first pixel (x, y) where the maximum occurs, for messages.
    public let worstPixel: (x: Int, y: Int)

    /// Compares `a` and `b`, both `width * height * 4` bytes, rows top to bottom.
    public init(_ a: [UInt8], _ b: [UInt8], width: Int) {
        precondition(a.count == b.count && width > 0 && a.count % (width * 4) == 0, "frames of the same size")
        var sum = 0, worst = 0, worstIndex = 0
        for i in 0..<a.count {
            let d = abs(Int(a[i]) - Int(b[i]))
            sum += d
            if d > worst { worst = d; worstIndex = i }
        }
        mean = a.isEmpty ? 0 : Double(sum) / Double(a.count)
        max = worst
        worstPixel = ((worstIndex / 4) % width, (worstIndex / 4) / width)
    }

    public var description: String {
        "mean \(mean), max \(max) at (\(worstPixel.x), \(worstPixel.y))"
    }
}
