import Foundation
import StardustCore
import StardustTestSupport

/// The codec tests' fixtures (files written by Pillow and by hand, in `Fixtures/`).
extension TestSupport {
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
}
