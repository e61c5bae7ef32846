import Foundation
import Testing
import StardustCore
import StardustTestSupport
@testable import StardustRender

/// Masks, blend modes and shadows against Skia (skia-python, CPU raster) drawing the same geometry:
/// a second rasterizer we did not write. Tolerances are the mean and largest channel difference.
@Suite(.enabled(if: SkiaReference.isAvailable, Comment(rawValue: SkiaReference.skipReason)))
struct CompositingSkiaTests {
    static let skiaModes: [CompositingFilter: String] = [
        .multiply: "kMultiply", .screen: "kScreen", .overlay: "kOverlay", .darken: "kDarken", .lighten: "kLighten",
        .colorDodge: "kColorDodge", .colorBurn: "kColorBurn", .hardLight: "kHardLight", .softLight: "kSoftLight",
        .difference: "kDifference", .exclusion: "kExclusion", .hue: "kHue", .saturation: "kSaturation",
        .color: "kColor", .luminosity: "kLuminosity", .additive: "kPlus", .normal: "kSrcOver",
    ]

    static func rect(_ r: Rect, _ c: Color) -> DrawCommand { .path(PathDraw(path: Path(rect: r), paint: .color(c))) }

    static func skiaColor(_ c: Color) -> String { "skia.Color4f(\(c.red), \(c.green), \(c.blue), \(c.alpha))" }

    @Test("every blend mode agrees with Skia's on pixel-aligned squares (mean ≤ 0.25, max ≤ 2: 8-bit rounding)",
          arguments: CompositingFilter.allCases)
    func blendModes(_ f: CompositingFilter) throws {
        let back = Color(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.8), front = Color(red: 0.9, green: 0.5, blue: 0.1, alpha: 0.7)
        let back2 = Color(red: 0.95, green: 0.9, blue: 0.1), front2 = Color(red: 0.1, green: 0.3, blue: 0.8, alpha: 0.4)
        let list = DisplayList(size: Size(40, 20), scale: 1, commands: [
            Self.rect(Rect(0, 0, 30, 10), back), Self.rect(Rect(0, 10, 30, 10), back2),
            .beginCompositeGroup(CompositeGroup(filter: f)),
            Self.rect(Rect(10, 0, 30, 10), front), Self.rect(Rect(10, 10, 30, 10), front2),
            .endCompositeGroup,
        ])
        let ours = try Renderer(threads: 1).render(list).pixels
        let skia = try SkiaReference.render(width: 40, height: 20, script: """
        def fill(x, y, w, h, c, mode=skia.BlendMode.kSrcOver):
            canvas.drawRect(skia.Rect.MakeXYWH(x, y, w, h), skia.Paint(Color4f=c, BlendMode=mode))
        fill(0, 0, 30, 10, \(Self.skiaColor(back))); fill(0, 10, 30, 10, \(Self.skiaColor(back2)))
        canvas.saveLayer(None, skia.Paint(BlendMode=skia.BlendMode.\(Self.skiaModes[f]!)))
        fill(10, 0, 30, 10, \(Self.skiaColor(front))); fill(10, 10, 30, 10, \(Self.skiaColor(front2)))
        canvas.restore()
        """)
        let d = ChannelDifference(ours, skia, width: 40)
        #expect(d.mean <= 0.25 && d.max <= 2, "\(f): \(d)")
    }

    @Test("a shadow agrees with Skia's DropShadow of the same σ and offset (mean ≤ 0.3; max ≤ 6 off the shape's anti-aliased outline)",
          arguments: [1.5, 4.0, 9.0])
    func shadow(sigma: Double) throws {
        let shape = PathDraw(path: Path(ellipseIn: Rect(30, 25, 50, 35)), paint: .color(Color(red: 0.9, green: 0.2, blue: 0.3)))
        let group = CompositeGroup(shadow: ShadowDraw(color: Color(red: 0, green: 0, blue: 0, alpha: 0.6), offset: Point(6, 8), sigma: sigma))
        let list = DisplayList(size: Size(120, 100), scale: 1, background: .white,
                               commands: [.beginCompositeGroup(group), .path(shape), .endCompositeGroup])
        let ours = try Renderer(threads: 1).render(list).pixels
        let skia = try SkiaReference.render(width: 120, height: 100, script: """
        canvas.clear(skia.ColorWHITE)
        p = skia.Paint(ImageFilter=skia.ImageFilters.DropShadow(6, 8, \(sigma), \(sigma), skia.Color4f(0, 0, 0, 0.6).toColor()))
        canvas.saveLayer(None, p)
        canvas.drawOval(skia.Rect.MakeXYWH(30, 25, 50, 35), skia.Paint(AntiAlias=True, Color4f=skia.Color4f(0.9, 0.2, 0.3, 1)))
        canvas.restore()
        """)
        let d = ChannelDifference(ours, skia, width: 120)
        #expect(d.mean <= 0.3, "σ = \(sigma): \(d)")
        // The blur itself, away from the ellipse's outline (where the two rasterizers' edge coverage differs
        // and the red shape over its dark shadow turns a small coverage difference into a large channel one).
        var worst = 0
        for y in 0..<100 {
            for x in 0..<120 {
                let u = (Double(x) + 0.5 - 55) / 25, v = (Double(y) + 0.5 - 42.5) / 17.5
                if abs((u * u + v * v).squareRoot() - 1) < 0.1 { continue }
                for c in 0..<4 { worst = max(worst, abs(Int(ours[4 * (y * 120 + x) + c]) - Int(skia[4 * (y * 120 + x) + c]))) }
            }
        }
        #expect(worst <= 6, "σ = \(sigma): largest difference off the outline \(worst)")
    }

    @Test("a mask agrees with Skia's destination-in layer (mean ≤ 0.3, max ≤ 24 at anti-aliased edges)")
    func mask() throws {
        let t = Transform2D(rotationAngle: 0.4).concatenating(Transform2D(translationX: 40, y: 10))
        let list = DisplayList(size: Size(100, 80), scale: 1, commands: [
            .beginCompositeGroup(CompositeGroup(mask: .alpha)),
            .path(PathDraw(path: Path(ellipseIn: Rect(10, 10, 80, 60)), paint: .color(Color(red: 0.1, green: 0.7, blue: 0.4)))),
            .beginGroupMask,
            .path(PathDraw(path: Path(rect: Rect(0, 0, 40, 50)), transform: t, paint: .color(Color(white: 1, alpha: 0.6)))),
            .endCompositeGroup,
        ])
        let ours = try Renderer(threads: 1).render(list).pixels
        let skia = try SkiaReference.render(width: 100, height: 80, script: """
        canvas.saveLayer(None, None)
        canvas.drawOval(skia.Rect.MakeXYWH(10, 10, 80, 60), skia.Paint(AntiAlias=True, Color4f=skia.Color4f(0.1, 0.7, 0.4, 1)))
        canvas.saveLayer(None, skia.Paint(BlendMode=skia.BlendMode.kDstIn))
        canvas.translate(40, 10); canvas.rotate(0.4 * 180 / 3.141592653589793)
        canvas.drawRect(skia.Rect.MakeWH(40, 50), skia.Paint(AntiAlias=True, Color4f=skia.Color4f(1, 1, 1, 0.6)))
        canvas.restore()
        canvas.restore()
        """)
        let d = ChannelDifference(ours, skia, width: 100)
        #expect(d.mean <= 0.3 && d.max <= 24, "\(d)")
    }
}
