import Foundation
import OpenQuartzCore
import Stardust
import Testing

/// Renders façade layers and scenes to PNG frame folders and reads the files back, so that tests
/// compare what a user gets on disk, byte for byte.
enum FrameFiles {
    /// A fresh empty folder under the system temporary directory.
    static func folder(_ tag: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("oqc-\(tag)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The bytes of every file in `folder`, in name order.
    static func read(_ folder: URL) throws -> [[UInt8]] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return try names.map { [UInt8](try Data(contentsOf: folder.appendingPathComponent($0))) }
    }

    /// Builds a layer with `build` on a fresh media clock (time 0) and renders it with `stardustRender`.
    static func render(size: CGSize, duration: Double, fps: Double, scale: CGFloat = 1, seed: UInt64 = 1,
                       frames: RenderJob.Frames = .all, _ build: () -> CALayer) throws -> [[UInt8]] {
        try StardustClock.withClock {
            let layer = build()
            let dir = try folder("facade")
            defer { try? FileManager.default.removeItem(at: dir) }
            try layer.stardustRender(size: size, duration: duration, fps: fps, scale: scale, seed: seed, frames: frames,
                                     to: dir.path + "/", quiet: true)
            return try read(dir)
        }
    }

    /// Loads a scene from JSON text and renders it with `RenderJob` (what `stardust render` does).
    static func render(sceneJSON: String, frames: RenderJob.Frames = .all) throws -> [[UInt8]] {
        var loader = SceneLoader(baseDirectory: "/") { _ in throw SceneError(path: "$", "no files in these tests") }
        let scene = try loader.scene(fromJSON: sceneJSON)
        return try render(scene: scene, frames: frames)
    }

    /// Renders a scene with `RenderJob`.
    static func render(scene: Scene, frames: RenderJob.Frames = .all) throws -> [[UInt8]] {
        let dir = try folder("scene")
        defer { try? FileManager.default.removeItem(at: dir) }
        var job = RenderJob(scene: scene)
        job.frames = frames
        try job.write(to: dir.path + "/")
        return try read(dir)
    }

    /// How many frames show at least one non-transparent pixel (decoded with the PNG decoder).
    static func nonEmptyCount(_ files: [[UInt8]]) throws -> Int {
        try files.filter { bytes in
            let image = try ImageDecoder.decode(bytes)
            return stride(from: 3, to: image.pixels.count, by: 4).contains { image.pixels[$0] != 0 }
        }.count
    }

    /// Expects two renders to have the same number of frames, byte-identical, and at least `minimumDrawn` frames that draw something.
    static func expectIdentical(_ a: [[UInt8]], _ b: [[UInt8]], minimumDrawn: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(a.count == b.count, "frame counts differ", sourceLocation: sourceLocation)
        #expect(!a.isEmpty, sourceLocation: sourceLocation)
        let differing = zip(a, b).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differing.isEmpty, "frames \(differing) differ", sourceLocation: sourceLocation)
        #expect(try nonEmptyCount(a) >= minimumDrawn, "too few frames draw anything", sourceLocation: sourceLocation)
    }
}
