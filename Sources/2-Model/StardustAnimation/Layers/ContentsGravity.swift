import StardustCore

/// How a layer's contents are placed in its bounds (`CALayerContentsGravity`).
///
/// Names are visual on Stardust's y-down screen: `top` is the top edge of
/// the bounds as seen (minimum y). Core Animation names its constants for a
/// y-up (unflipped) layer geometry, so iOS code may rely on `top` and
/// `bottom` landing at the opposite edges; such a port swaps them.
public enum ContentsGravity: String, Hashable, Sendable, Codable, CaseIterable {
    /// Placed at natural size, `(texture size × contentsRect size) / contentsScale` points: centered, or touching the
    /// named edge or corner of the bounds as seen on the y-down screen (`top` = minimum y).
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
    /// Stretched to fill the bounds (the default).
    case resize
    /// Scaled to fit inside the bounds keeping its aspect ratio, centered.
    case resizeAspect
    /// Scaled to cover the bounds keeping its aspect ratio, centered (overflows unless masked).
    case resizeAspectFill

    /// The rectangle, in the bounds' coordinates, that contents of natural size `size` (points) occupy in `bounds`.
    public func rect(forContentSize size: Size, in bounds: Rect) -> Rect {
        let b = bounds.standardized
        let w = size.width, h = size.height
        switch self {
        case .resize:
            return b
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return Rect(origin: b.center, size: .zero) }
            let sx = b.width / w, sy = b.height / h
            let s = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
            return Rect(x: b.midX - w * s / 2, y: b.midY - h * s / 2, width: w * s, height: h * s)
        default:
            let x: Double, y: Double
            switch self {
            case .left, .topLeft, .bottomLeft: x = b.minX
            case .right, .topRight, .bottomRight: x = b.maxX - w
            default: x = b.midX - w / 2
            }
            switch self {
            case .top, .topLeft, .topRight: y = b.minY
            case .bottom, .bottomLeft, .bottomRight: y = b.maxY - h
            default: y = b.midY - h / 2
            }
            return Rect(x: x, y: y, width: w, height: h)
        }
    }
}
