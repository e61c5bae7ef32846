import Foundation
import Testing
import StardustCore

@Suite struct ColorTests {
    func expectColor(_ c: Color?, _ r: Double, _ g: Double, _ b: Double, _ a: Double,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        guard let c else { Issue.record("nil color", sourceLocation: sourceLocation); return }
        #expect(abs(c.red - r) <= 1e-12, sourceLocation: sourceLocation)
        #expect(abs(c.green - g) <= 1e-12, sourceLocation: sourceLocation)
        #expect(abs(c.blue - b) <= 1e-12, sourceLocation: sourceLocation)
        #expect(abs(c.alpha - a) <= 1e-12, sourceLocation: sourceLocation)
    }

    @Test func hexForms() {
        expectColor(Color(hex: "#F80"), 1, 0x88 / 255.0, 0, 1)
        expectColor(Color(hex: "f80"), 1, 0x88 / 255.0, 0, 1)
        expectColor(Color(hex: "#FF8000"), 1, 128 / 255.0, 0, 1)
        expectColor(Color(hex: "#ff8000"), 1, 128 / 255.0, 0, 1)
        expectColor(Color(hex: "11223344"), 0x11 / 255.0, 0x22 / 255.0, 0x33 / 255.0, 0x44 / 255.0)
        expectColor(Color(hex: "#000000FF"), 0, 0, 0, 1)
        for bad in ["", "#", "#12", "#1234", "#12345", "#1234567", "#GGG", "12 34 56", "#-12345", "0x123456",
                    "#１２３", "#ＦＦＦ", "#é12", "##123"] {
            #expect(Color(hex: bad) == nil, "\(bad) should be rejected")
        }
    }

    @Test func hexStringRoundTrip() {
        #expect(Color(hex: "#12AB9C80")?.hexString == "#12AB9C80")
        #expect(Color(red: 2, green: -1, blue: 0.5, alpha: 1).hexString == "#FF0080FF")
        for v in stride(from: 0, through: 255, by: 17) {
            let hex = String(format: "#%02X%02X%02X%02X", v, 255 - v, v / 2, 255)
            #expect(Color(hex: hex)?.hexString == hex)
        }
    }

    @Test func clampingKeepsOutOfRangeComponentsUntilAsked() {
        let c = Color(red: 1.5, green: -0.25, blue: 0.5, alpha: 2)
        #expect(c.red == 1.5, "components outside 0…1 are kept")
        expectColor(c.clamped, 1, 0, 0.5, 1)
    }

    @Test func premultiplication() {
        let p = Color(red: 0.5, green: 1, blue: 0, alpha: 0.5).premultiplied
        #expect(p == SIMD4<Float>(0.25, 0.5, 0, 0.5))
        // Clamped first: red 2 counts as 1, alpha 1.5 as 1.
        #expect(Color(red: 2, green: 0.5, blue: -1, alpha: 1.5).premultiplied == SIMD4<Float>(1, 0.5, 0, 1))
        #expect(Color.clear.premultiplied == .zero)
        // To 8 bits, rounding to nearest: 0.5·0.5·255 = 63.75 → 64, 0.5·255 = 127.5 → 128.
        #expect(PremultipliedPixel(Color(red: 0.5, green: 1, blue: 0, alpha: 0.5))
                == PremultipliedPixel(r: 64, g: 128, b: 0, a: 128))
    }

    @Test func arithmetic() {
        expectColor(Color(red: 0.5, green: 1, blue: 0.2, alpha: 0.8) * Color(red: 0.5, green: 0.5, blue: 2, alpha: 0.5),
                    0.25, 0.5, 0.4, 0.4)
        expectColor(Color.black.lerp(to: .white, 0.25), 0.25, 0.25, 0.25, 1)
        expectColor(Color.red.withAlphaMultiplied(by: 0.3), 1, 0, 0, 0.3)
        expectColor(Color(white: 0.7, alpha: 0.1), 0.7, 0.7, 0.7, 0.1)
    }
}
