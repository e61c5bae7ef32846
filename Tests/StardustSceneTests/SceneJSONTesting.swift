import Testing
@testable import Stardust
@testable import StardustScene

/// What the suites that read scene JSON share: loading a scene from text without files, and checking that
/// a refusal names the expected JSON path and says what is wrong.
protocol SceneJSONTesting {}

extension SceneJSONTesting {
    /// The scene of `json`; any file it names fails to load, since these tests read no files.
    func load(_ json: String) throws -> Scene {
        var loader = SceneLoader(baseDirectory: "/nonexistent") { _ in throw SceneError(path: "$", "no files in tests") }
        return try loader.scene(fromJSON: json)
    }

    /// Expects `json` to be refused with a ``SceneError`` at `path` whose message contains `text`.
    func expectError(_ json: String, path: String, containing text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        _ = #expect(throws: (any Error).self, sourceLocation: sourceLocation) { try load(json) }.map { e in
            guard let err = e as? SceneError else { Issue.record("expected a SceneError, got \(e)", sourceLocation: sourceLocation); return }
            #expect(err.path == path, sourceLocation: sourceLocation)
            #expect(err.message.contains(text), "message: \(err.message)", sourceLocation: sourceLocation)
        }
    }
}
