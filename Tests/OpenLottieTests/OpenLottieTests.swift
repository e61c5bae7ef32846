import Foundation
import OpenLottie
import OpenQuartzCore
import Stardust
import StardustLottie
import StardustTestSupport
import Testing

/// lottie-ios's names over the Lottie player: the launch screen written for iOS renders the frames
/// `LottieFile` renders, and playback follows Core Animation timing on the media clock (docs/LOTTIE.md,
/// "lottie-ios names"). Each test runs on a clock of its own (`StardustClock.withClock`).
@Suite struct OpenLottieTests {
    /// linear-position.json: 100×100, 10 fps, 20 frames (2 s); a red 20×20 square whose centre moves from
    /// x = 20 to x = 80 over frames 0…10, then stays.
    static let fixture = Fixtures.url("lottie", "linear-position.json").path

    /// The frame `LottieFile` draws at composition time `t` (the reference, without any view).
    static func reference(at t: Double, size: Size? = nil) throws -> Image {
        let c = try LottieFile.load(path: fixture)
        return try Renderer(threads: 1).render(c.root.displayList(size: size ?? c.size, scale: 1, at: t))
    }

    @Test func launchScreenRendersTheFramesLottieFileRenders() throws {
        try StardustClock.withClock {
            let screen = LaunchScreen(bounds: CGRect(x: 0, y: 0, width: 100, height: 100), animationPath: Self.fixture)
            #expect(screen.duration == 2)
            screen.start()
            for t in [0.0, 0.5, 1.2, 1.9] {
                StardustClock.advance(to: t)
                let picture = try screen.animationView.stardustImage()
                #expect(picture.pixels == (try Self.reference(at: t)).pixels, "at \(t) s")
            }
            #expect(!screen.didFinish)
            #expect(screen.animationView.isAnimationPlaying)
            StardustClock.advance(to: 2.5)
            #expect(screen.didFinish)
            #expect(!screen.animationView.isAnimationPlaying)
            #expect(screen.animationView.currentProgress == 1)
            // The end shows the last frame the file draws (frame op − 1), not the empty frame op.
            #expect(try screen.animationView.stardustImage().pixels == (try Self.reference(at: 1.9)).pixels)
        }
    }

    @Test func theSquareIsWhereTheFileSays() throws {
        try StardustClock.withClock {
            let view = LottieAnimationView(animation: .filepath(Self.fixture))
            #expect(view.frame == CGRect(x: 0, y: 0, width: 100, height: 100))
            view.play()
            StardustClock.advance(to: 0.5)  // frame 5: centre x = 20 + 6·5 = 50
            let picture = try view.stardustImage()
            #expect(Self.alpha(picture, 50, 50) == 255)
            #expect(Self.alpha(picture, 30, 50) == 0)
            #expect(view.currentFrame == 5)
        }
    }

    @Test func loopModesFollowCoreAnimationTiming() {
        StardustClock.withClock {
            let view = LottieAnimationView(animation: .filepath(Self.fixture))
            view.loopMode = .loop
            view.play()
            StardustClock.advance(to: 2.5)
            #expect(view.currentProgress == 0.25)
            #expect(view.isAnimationPlaying)

            view.play(fromProgress: 0, toProgress: 1, loopMode: .autoReverse)
            #expect(view.loopMode == .autoReverse)
            StardustClock.advance(to: 2.5 + 3.5)  // 1.75 cycles of 2 s: on the way back, at 0.25
            #expect(view.currentProgress == 0.25)

            var outcome: [Bool] = []
            view.play(fromProgress: 0, toProgress: 0.5, loopMode: .repeat(2)) { outcome.append($0) }
            #expect(outcome == [])  // replacing the auto-reverse play (no completion) calls nothing
            StardustClock.advance(to: 6 + 1.5)
            #expect(view.currentProgress == 0.25)
            StardustClock.advance(to: 6 + 2.5)
            #expect(outcome == [true])
            #expect(view.currentProgress == 0.5)
            #expect(!view.isAnimationPlaying)
        }
    }

    @Test func pauseStopSpeedAndBackwards() {
        StardustClock.withClock {
            let view = LottieAnimationView(animation: .filepath(Self.fixture))
            var outcome: [Bool] = []
            view.animationSpeed = 2
            view.play { outcome.append($0) }
            StardustClock.advance(to: 0.5)
            #expect(view.currentProgress == 0.5)
            view.pause()
            #expect(outcome == [false])
            StardustClock.advance(to: 3)
            #expect(view.currentProgress == 0.5)
            // play() resumes where it stands.
            view.play { outcome.append($0) }
            StardustClock.advance(to: 3.25)
            #expect(view.currentProgress == 0.75)
            view.stop()
            #expect(outcome == [false, false])
            #expect(view.currentProgress == 0)
            // A negative speed plays the range backwards.
            view.animationSpeed = -1
            view.play(fromProgress: 0, toProgress: 1, loopMode: .playOnce) { outcome.append($0) }
            StardustClock.advance(to: 3.75)
            #expect(view.currentProgress == 0.75)
            StardustClock.advance(to: 6)
            #expect(outcome == [false, false, true])
            #expect(view.currentProgress == 0)
            // Setting the progress by hand shows it.
            view.currentProgress = 0.5
            #expect(view.currentFrame == 10)
        }
    }

    @Test func contentModePlacesTheAnimationInTheView() throws {
        try StardustClock.withClock {
            let view = LottieAnimationView(animation: .filepath(Self.fixture))
            view.currentProgress = 0.25  // frame 5: the square's centre at (50, 50) of 100×100
            view.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
            view.contentMode = .scaleAspectFit  // 100×100 centred: x + 50
            var picture = try view.stardustImage()
            #expect(Self.alpha(picture, 100, 50) == 255)
            #expect(Self.alpha(picture, 70, 50) == 0)
            view.contentMode = .scaleToFill  // stretched ×2 horizontally: the square spans x 80…120
            picture = try view.stardustImage()
            #expect(Self.alpha(picture, 85, 50) == 255)
            #expect(Self.alpha(picture, 125, 50) == 0)
            view.contentMode = .left  // unscaled at the left edge
            picture = try view.stardustImage()
            #expect(Self.alpha(picture, 50, 50) == 255)
            #expect(Self.alpha(picture, 100, 50) == 0)
        }
    }

    @Test func aRenderOfTheLayerPlaysTheAnimation() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("openlottie-\(UUID().uuidString)").path + "/"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try StardustClock.withClock {
            let view = LottieAnimationView(animation: .filepath(Self.fixture))
            view.play()
            try view.layer.stardustRender(size: CGSize(width: 100, height: 100), duration: 2, fps: 10, scale: 1, to: folder, quiet: true)
            for frame in [0, 5, 12] {
                let png = try ImageDecoder.decodeFile(atPath: folder + PNGSequenceWriter.fileName(index: frame))
                #expect(png.pixels == (try Self.reference(at: Double(frame) / 10)).pixels, "frame \(frame)")
            }
        }
    }

    @Test func missingFilesAreNil() {
        #expect(LottieAnimation.filepath("/nonexistent/anim.json") == nil)
        #expect(LottieAnimation.named("no-such-animation") == nil)
        #expect(LottieAnimationView(animation: nil).animation == nil)
    }

    static func alpha(_ image: Image, _ x: Int, _ y: Int) -> UInt8 { image.pixels[(y * image.width + x) * 4 + 3] }
}
