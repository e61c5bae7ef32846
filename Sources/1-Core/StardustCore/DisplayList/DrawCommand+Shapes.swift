extension DrawCommand {
    /// A filled rounded rectangle (a layer's background).
    public static func roundedRect(_ rect: Rect, cornerRadius: Double, color: Color,
                                   transform: Transform2D = .identity, opacity: Double = 1) -> DrawCommand {
        .path(PathDraw(path: Path(roundedRect: rect, cornerRadius: cornerRadius), transform: transform,
                       paint: .color(color), opacity: opacity))
    }

    /// A layer border: a band of `width` inside `rect`'s edge, following its rounded corners
    /// (Core Animation draws borders inside the bounds).
    public static func border(_ rect: Rect, cornerRadius: Double, width: Double, color: Color,
                              transform: Transform2D = .identity, opacity: Double = 1) -> DrawCommand {
        var p = Path(roundedRect: rect, cornerRadius: cornerRadius)
        let inner = rect.standardized.insetBy(dx: width, dy: width)
        if inner.width > 0 && inner.height > 0 {
            p.addPath(Path(roundedRect: inner, cornerRadius: max(0, cornerRadius - width)))
        }
        return .path(PathDraw(path: p, transform: transform, style: .fill(.evenOdd), paint: .color(color), opacity: opacity))
    }
}
