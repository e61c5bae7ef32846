/// How a frame is split into horizontal bands of `bandHeight` rows (the last one may be shorter).
struct BandLayout: Sendable {
    let width: Int
    let height: Int
    let bandHeight: Int

    var count: Int { (height + bandHeight - 1) / bandHeight }

    /// Rows `y0 ..< y1` of band `b`.
    func rows(_ b: Int) -> (y0: Int, y1: Int) { (b * bandHeight, min(height, (b + 1) * bandHeight)) }
}
