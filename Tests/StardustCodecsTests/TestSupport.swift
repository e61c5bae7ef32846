import Foundation
import StardustCore
import XCTest

/// Fixture access and deterministic test images.
enum TestSupport {
    struct FixtureEntry: Decodable {
        let file: String
        let width: Int
        let height: Int
        let kind: String
        let tolerance: Int
        let frames: Int
        let delays: [Int]?
        let loop: Int?
    }

    static var fixturesDirectory: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixturesDirectory.appendingPathComponent(name)))
    }

    static func manifest() throws -> [FixtureEntry] {
        try JSONDecoder().decode([FixtureEntry].self, from: Data(contentsOf: fixturesDirectory.appendingPathComponent("manifest.json")))
    }

    /// A fresh empty temporary directory.
    static func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stardust-codecs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// An image from straight RGBA computed per pixel.
    static func image(width: Int, height: Int, _ f: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> Image {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = f(x, y)
                let i = 4 * (y * width + x)
                px[i] = c.0; px[i + 1] = c.1; px[i + 2] = c.2; px[i + 3] = c.3
            }
        }
        return Image(width: width, height: height, straightRGBA: px)
    }

    /// PSNR (dB) between two RGBA byte arrays over the RGB channels.
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        var se = 0.0
        var n = 0
        for i in 0..<a.count where i % 4 != 3 {
            let d = Double(a[i]) - Double(b[i])
            se += d * d
            n += 1
        }
        let mse = se / Double(max(n, 1))
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}

/// SplitMix64: a fixed-seed generator for fuzzing.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
