import Foundation
import Testing
import StardustCore
@testable import StardustRender

/// The blend modes of composite groups against the W3C Compositing and Blending Level 1 formulas,
/// written here again independently (straight colors in Double, then the premultiplied composite).
@Suite struct CompositingFilterTests {
    typealias RGB = (Double, Double, Double)

    /// The W3C blend function B(Cb, Cs) of each mode, in Double.
    static func w3c(_ f: CompositingFilter, _ cb: RGB, _ cs: RGB) -> RGB {
        func sep(_ g: (Double, Double) -> Double) -> RGB { (g(cb.0, cs.0), g(cb.1, cs.1), g(cb.2, cs.2)) }
        func hardLight(_ b: Double, _ s: Double) -> Double { s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1) }
        func lum(_ c: RGB) -> Double { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }
        func clip(_ c: RGB) -> RGB {
            let l = lum(c), n = min(c.0, c.1, c.2), x = max(c.0, c.1, c.2)
            var r = c
            if n < 0 { r = (l + (r.0 - l) * l / (l - n), l + (r.1 - l) * l / (l - n), l + (r.2 - l) * l / (l - n)) }
            if x > 1 { r = (l + (r.0 - l) * (1 - l) / (x - l), l + (r.1 - l) * (1 - l) / (x - l), l + (r.2 - l) * (1 - l) / (x - l)) }
            return r
        }
        func setLum(_ c: RGB, _ l: Double) -> RGB { let d = l - lum(c); return clip((c.0 + d, c.1 + d, c.2 + d)) }
        func sat(_ c: RGB) -> Double { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }
        func setSat(_ c: RGB, _ s: Double) -> RGB {
            // The spec's max/mid/min form, written out by sorting the channel indices.
            var v = [c.0, c.1, c.2]
            let order = [0, 1, 2].sorted { v[$0] < v[$1] }
            let (lo, mid, hi) = (order[0], order[1], order[2])
            if v[hi] > v[lo] {
                v[mid] = (v[mid] - v[lo]) * s / (v[hi] - v[lo]); v[hi] = s
            } else {
                v[mid] = 0; v[hi] = 0
            }
            v[lo] = 0
            return (v[0], v[1], v[2])
        }
        switch f {
        case .normal, .additive: return cs
        case .multiply: return sep { $0 * $1 }
        case .screen: return sep { $0 + $1 - $0 * $1 }
        case .overlay: return sep { b, s in hardLight(s, b) }
        case .darken: return sep(min)
        case .lighten: return sep(max)
        case .colorDodge: return sep { b, s in b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s))) }
        case .colorBurn: return sep { b, s in b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s)) }
        case .hardLight: return sep(hardLight)
        case .softLight:
            return sep { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .difference: return sep { abs($0 - $1) }
        case .exclusion: return sep { $0 + $1 - 2 * $0 * $1 }
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        }
    }

    /// The expected 8-bit pixel of `source` (straight, alpha αs) composited over `backdrop` (straight, αb).
    static func expected(_ f: CompositingFilter, source s: Color, backdrop b: Color) -> [Double] {
        let αs = s.alpha, αb = b.alpha
        if f == .additive {
            return [s.red * αs + b.red * αb, s.green * αs + b.green * αb, s.blue * αs + b.blue * αb, αs + αb].map { min(1, $0) * 255 }
        }
        let m = w3c(f, (b.red, b.green, b.blue), (s.red, s.green, s.blue))
        func co(_ cs: Double, _ cb: Double, _ mix: Double) -> Double { cs * αs * (1 - αb) + cb * αb * (1 - αs) + αs * αb * mix }
        return [co(s.red, b.red, m.0), co(s.green, b.green, m.1), co(s.blue, b.blue, m.2), αs + αb * (1 - αs)].map { $0 * 255 }
    }

    /// A 4×4 frame of `backdrop` with a 4×4 square of `source` in a composite group with filter `f`.
    static func render(_ f: CompositingFilter, source: Color, backdrop: Color) throws -> [UInt8] {
        let square = DrawCommand.path(PathDraw(path: Path(rect: Rect(0, 0, 4, 4)), paint: .color(source)))
        let list = DisplayList(size: Size(4, 4), scale: 1, background: backdrop,
                               commands: [.beginCompositeGroup(CompositeGroup(filter: f)), square, .endCompositeGroup])
        let image = try Renderer(threads: 1).render(list)
        return Array(image.pixels[(4 * (2 * 4 + 2))..<(4 * (2 * 4 + 2) + 4)])
    }

    static let pairs: [(Color, Color)] = [
        (Color(red: 0.9, green: 0.4, blue: 0.1), Color(red: 0.2, green: 0.5, blue: 0.8)),
        (Color(red: 0.1, green: 0.8, blue: 0.6, alpha: 0.6), Color(red: 0.7, green: 0.3, blue: 0.2)),
        (Color(red: 0.3, green: 0.2, blue: 0.9, alpha: 0.8), Color(red: 0.6, green: 0.9, blue: 0.4, alpha: 0.5)),
        (Color(red: 1, green: 0, blue: 0.5), Color(red: 0, green: 1, blue: 0.25)),
    ]

    @Test("every filter matches the W3C formula on premultiplied color within one 8-bit step",
          arguments: CompositingFilter.allCases)
    func filterMatchesW3C(_ f: CompositingFilter) throws {
        for (source, backdrop) in Self.pairs {
            let got = try Self.render(f, source: source, backdrop: backdrop)
            let want = Self.expected(f, source: source, backdrop: backdrop)
            for c in 0..<4 {
                #expect(abs(Double(got[c]) - want[c]) <= 1.6, "\(f) channel \(c): got \(got), want \(want.map { ($0 * 10).rounded() / 10 })")
            }
        }
    }

    @Test("a transparent backdrop shows the source unchanged in every mode")
    func transparentBackdropShowsSource() throws {
        let source = Color(red: 0.4, green: 0.7, blue: 0.2, alpha: 0.75)
        for f in CompositingFilter.allCases {
            let got = try Self.render(f, source: source, backdrop: .clear)
            let want = [0.4 * 0.75, 0.7 * 0.75, 0.2 * 0.75, 0.75].map { $0 * 255 }
            for c in 0..<4 { #expect(abs(Double(got[c]) - want[c]) <= 1, "\(f)") }
        }
    }

    @Test("Core Animation's filter names parse, plusL is additive")
    func filterNames() {
        #expect(CompositingFilter(filterName: "multiplyBlendMode") == .multiply)
        #expect(CompositingFilter(filterName: "luminosityBlendMode") == .luminosity)
        #expect(CompositingFilter(filterName: "plusL") == .additive)
        #expect(CompositingFilter(filterName: "multiply") == nil)
    }
}
