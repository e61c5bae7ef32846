import Foundation
import OpenQuartzCore
import Stardust
import Testing

/// The OpenQuartzCore example of README.md compiles unchanged and writes a GIF with one call.
@Suite struct ReadmeExampleTests {
    @Test func readmeSnowRendersToAGIF() throws {
        try StardustClock.withClock {
            let snow = CAEmitterLayer()
            snow.emitterShape = .line
            snow.emitterPosition = CGPoint(x: 195, y: 0)
            snow.emitterSize = CGSize(width: 390, height: 0)
            let flake = CAEmitterCell()
            flake.contents = UIImage(named: "dot")?.cgImage      // registered images, NAME.png files, builtin images
            flake.birthRate = 30; flake.lifetime = 20; flake.velocity = 30; flake.yAcceleration = 30
            snow.emitterCells = [flake]

            let dir = try FrameFiles.folder("readme")
            defer { try? FileManager.default.removeItem(at: dir) }
            let path = dir.appendingPathComponent("snow.gif").path
            // The README renders 5 s at 30 fps and scale 2; a shorter, smaller render proves the same call.
            try snow.stardustRender(size: CGSize(width: 390, height: 844), duration: 2, fps: 5, scale: 0.25, to: path, quiet: true)
            let gif = try GIFDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            #expect(gif.frames.count == 10)
            #expect(CACurrentMediaTime() == 2)
            // Flakes born at 30/s falling at ≥ 30 pt/s are on screen by the last frame.
            let last = try #require(gif.frames.last).image
            #expect(stride(from: 3, to: last.pixels.count, by: 4).contains { last.pixels[$0] != 0 })
        }
    }

    @Test func badDurationsAreUsageErrors() {
        #expect(throws: RenderJobError.self) {
            try CALayer().stardustRender(size: CGSize(width: 10, height: 10), duration: 0, to: "/tmp/never.gif")
        }
        #expect(throws: RenderJobError.self) {
            try CALayer().stardustRender(size: CGSize(width: 10, height: 10), duration: 1, to: "/tmp/never.xyz")
        }
    }
}
