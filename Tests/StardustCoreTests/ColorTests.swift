import XCTest
import StardustCore

final class ColorTests: XCTestCase {
    func assertColor(_ c: Color?, _ r: Double, _ g: Double, _ b: Double, _ a: Double,
                     file: StaticString = #filePath, line: UInt = #line) {
        guard let c else { return XCTFail("nil color", file: file, line: line) }
        XCTAssertEqual(c.red, r, accuracy: 1e-12, file: file, line: line)
        XCTAssertEqual(c.green, g, accuracy: 1e-12, file: file, line: line)
        XCTAssertEqual(c.blue, b, accuracy: 1e-12, file: file, line: line)
        XCTAssertEqual(c.alpha, a, accuracy: 1e-12, file: file, line: line)
    }

    func testHexForms() {
        assertColor(Color(hex: "#F80"), 1, 0x88 / 255.0, 0, 1)
        assertColor(Color(hex: "f80"), 1, 0x88 / 255.0, 0, 1)
        assertColor(Color(hex: "#FF8000"), 1, 128 / 255.0, 0, 1)
        assertColor(Color(hex: "#ff8000"), 1, 128 / 255.0, 0, 1)
        assertColor(Color(hex: "11223344"), 0x11 / 255.0, 0x22 / 255.0, 0x33 / 255.0, 0x44 / 255.0)
        assertColor(Color(hex: "#000000FF"), 0, 0, 0, 1)
        for bad in ["", "#", "#12", "#1234", "#12345", "#1234567", "#GGG", "12 34 56", "#-12345", "0x123456",
                    "#１２３", "#ＦＦＦ", "#é12", "##123"] {
            XCTAssertNil(Color(hex: bad), "\(bad) should be rejected")
        }
    }

    func testHexStringRoundTrip() {
        XCTAssertEqual(Color(hex: "#12AB9C80")?.hexString, "#12AB9C80")
        XCTAssertEqual(Color(red: 2, green: -1, blue: 0.5, alpha: 1).hexString, "#FF0080FF")
        for v in stride(from: 0, through: 255, by: 17) {
            let hex = String(format: "#%02X%02X%02X%02X", v, 255 - v, v / 2, 255)
            XCTAssertEqual(Color(hex: hex)?.hexString, hex)
        }
    }

    func testClampingKeepsOutOfRangeComponentsUntilAsked() {
        let c = Color(red: 1.5, green: -0.25, blue: 0.5, alpha: 2)
        XCTAssertEqual(c.red, 1.5, "components outside 0…1 are kept")
        assertColor(c.clamped, 1, 0, 0.5, 1)
    }

    func testPremultiplication() {
        let p = Color(red: 0.5, green: 1, blue: 0, alpha: 0.5).premultiplied
        XCTAssertEqual(p, SIMD4<Float>(0.25, 0.5, 0, 0.5))
        // Clamped first: red 2 counts as 1, alpha 1.5 as 1.
        XCTAssertEqual(Color(red: 2, green: 0.5, blue: -1, alpha: 1.5).premultiplied, SIMD4<Float>(1, 0.5, 0, 1))
        XCTAssertEqual(Color.clear.premultiplied, .zero)
        // To 8 bits, rounding to nearest: 0.5·0.5·255 = 63.75 → 64, 0.5·255 = 127.5 → 128.
        XCTAssertEqual(PremultipliedPixel(Color(red: 0.5, green: 1, blue: 0, alpha: 0.5)),
                       PremultipliedPixel(r: 64, g: 128, b: 0, a: 128))
    }

    func testArithmetic() {
        assertColor(Color(red: 0.5, green: 1, blue: 0.2, alpha: 0.8) * Color(red: 0.5, green: 0.5, blue: 2, alpha: 0.5),
                    0.25, 0.5, 0.4, 0.4)
        assertColor(Color.black.lerp(to: .white, 0.25), 0.25, 0.25, 0.25, 1)
        assertColor(Color.red.withAlphaMultiplied(by: 0.3), 1, 0, 0, 0.3)
        assertColor(Color(white: 0.7, alpha: 0.1), 0.7, 0.7, 0.7, 0.1)
    }
}
