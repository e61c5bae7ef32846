import StardustAnimation
import StardustCore
import StardustParticles
import StardustRender
import StardustScene
import Testing
@testable import StardustPresets

/// The presets carry docs/DESIGN.md §12's exact values and behave as the spec describes.
@Suite struct PresetsTests {
    func preset(_ name: String) throws -> Scene { try #require(Presets.named(name)).make() }

    @Test func thePresetList() throws {
        #expect(Presets.all.map(\.name) == ["snow", "snow-classic", "fireworks", "fireworks-classic", "snowdrift", "maple-leaves", "celebration", "thanos", "photo-wall",
                                               "confetti", "rain", "fire", "smoke", "sparks", "fireflies"])
    }

    @Test func snowHasTheSpecCellsAndStartsFull() throws {
        let scene = try preset("snow")
        let e = try #require(scene.layer(named: "snow") as? EmitterLayer)
        #expect(e.emitterShape == .line)
        #expect(e.emitterPosition == Point(195, 0))
        #expect(e.emitterSize == Size(390, 0))
        #expect(e.timing.timeOffset == 10)
        #expect(e.emitterCells.map(\.name) == ["flake", "blurryFlake"])
        for (c, v) in zip(e.emitterCells, [30.0, 40.0]) {
            #expect([c.emissionRange, c.lifetime, c.birthRate, c.scale, c.scaleRange, c.velocity, c.velocityRange,
                     c.spin, c.spinRange, c.yAcceleration, c.xAcceleration]
                    == [.pi, 20, 30, 0.15, 0.6, v, 20, -0.5, 1.0, 30, 5])
        }
        // Pre-warmed by 10 s: at the first frame flakes have already reached the lower half of the screen.
        let s = e.evaluate(at: 0)
        #expect(s.count > 500)
        #expect((0..<s.count).contains { s.y[$0] > 422 })
    }

    @Test func snowClassicAndMapleLeavesCarryTheSpecValues() throws {
        let classic = try #require(try preset("snow-classic").layer(named: "snow") as? EmitterLayer)
        let f = try #require(classic.emitterCells.first)
        #expect(f.name == "snowFlake")
        #expect([f.birthRate, f.lifetime, f.lifetimeRange, f.emissionLongitude, f.emissionRange, f.velocity,
                 f.velocityRange, f.xAcceleration, f.yAcceleration, f.scale, f.scaleRange, f.scaleSpeed, f.spin,
                 f.spinRange, f.redRange, f.greenRange, f.blueRange, f.alphaRange, f.alphaSpeed]
                == [25, 15, 1, .pi / 2, .pi / 2, 30, 100, 5, 80, 0.9, 1, -0.15, 1, .pi, 0.1, 0.1, 0.1, 0.75, -0.15])
        #expect(f.color == Color(red: 0.9, green: 1.0, blue: 1.0, alpha: 0.5))

        let leaves = try #require(try preset("maple-leaves").layer(named: "leaves") as? EmitterLayer)
        #expect(leaves.emitterShape == .line)
        let deg = Double.pi / 180
        let red = leaves.emitterCells[0], yellow = leaves.emitterCells[1]
        #expect([red.birthRate, red.lifetime, red.lifetimeRange, red.emissionRange, red.velocity, red.velocityRange,
                 red.xAcceleration, red.yAcceleration, red.scale, red.scaleRange, red.scaleSpeed, red.spin,
                 red.spinRange, red.alphaRange, red.alphaSpeed]
                == [3, 10, 3, 5 * deg, 30, 100, 5, 80, 1.2, 1, -0.15, 1, .pi, 0.8, -0.2])
        #expect(abs(red.emissionLongitude - (-60 * deg)) <= 1e-12)
        #expect([yellow.birthRate, yellow.lifetime, yellow.lifetimeRange, yellow.emissionRange, yellow.redRange,
                 yellow.greenRange, yellow.spinRange, yellow.alphaSpeed]
                == [2, 5, 3, 10 * deg, 0.2, 0.3, -.pi, -0.1])
        #expect(yellow.color == Color(red: 8.0, green: 7.0, blue: 0, alpha: 0.5))
        // Out-of-range components clamp when drawn: the tint is (1, 1, 0) at half alpha.
        #expect(yellow.color.clamped == Color(red: 1, green: 1, blue: 0, alpha: 0.5))
    }

    @Test func fireworksExplosionFollowsItsRocket() throws {
        let e = try #require(try preset("fireworks-classic").layer(named: "fireworks") as? EmitterLayer)
        #expect(e.renderMode == .oldestFirst)
        let rocket = try #require(e.emitterCells.first)
        #expect(rocket.contents == nil)
        #expect(rocket.emitterCells.map(\.name) == ["trail", "explosion"])
        let explosion = rocket.emitterCells[1]
        #expect([explosion.birthRate, explosion.timing.beginTime, explosion.timing.duration] == [9999, 1.5, 1])
        // The first rocket (born at t = 0) explodes between its age 1.5 and its death at 1.6.
        let cells = e.allCells
        let explosionIndex = try #require(cells.firstIndex { $0 === explosion })
        func explosions(at t: Double) -> Int {
            let s = e.evaluate(at: t)
            return (0..<s.count).filter { Int(s.cellIndex[$0]) == explosionIndex }.count
        }
        #expect(explosions(at: 1.45) == 0)
        #expect(explosions(at: 1.62) > 500)
    }

    @Test func celebrationTimeline() throws {
        let scene = try preset("celebration")
        let plane = try #require(scene.layer(named: "plane"))
        let trophy = try #require(scene.layer(named: "trophy"))
        func value(_ l: Layer, _ k: String, _ t: Double) -> Double {
            l.presentationValue(forKeyPath: k, at: t)?.doubleValue ?? .nan
        }
        guard case .point(let start)? = plane.presentationValue(forKeyPath: "position", at: 0),
              case .point(let end)? = plane.presentationValue(forKeyPath: "position", at: 2) else {
            Issue.record("the plane's position at 0 s and 2 s is not a point")
            return
        }
        #expect(start.x > scene.size.width) // from the right, off screen
        #expect(abs(end.x - (scene.size.width / 2 + 40)) <= 1e-6)
        #expect(abs(value(plane, "transform.rotation", 2) - .pi / 6) <= 1e-6)
        #expect(abs(value(plane, "opacity", 1) - 1) <= 1e-9)
        #expect(abs(value(plane, "opacity", 3.5) - 0.5) <= 1e-9)
        #expect(abs(value(trophy, "opacity", 1) - 0) <= 1e-9)
        #expect(abs(value(trophy, "opacity", 5) - 1) <= 1e-9)
        #expect(abs(value(trophy, "transform.scale", 1) - 1) <= 1e-6)
        #expect(abs(value(trophy, "transform.scale", 5) - 1.5) <= 1e-6)
        // The dancer plays poses 1-2-3-2-1 in one second.
        let dancer = try #require(scene.layer(named: "dancer")?.animatedContents)
        #expect([0.1, 0.3, 0.5, 0.7, 0.9].map { dancer.frameIndex(at: $0) } == [0, 1, 2, 3, 4])
        #expect(dancer.frames[1] === dancer.frames[3] && dancer.frames[0] === dancer.frames[4])
    }
}

/// The scene's seed reaches every emitter: same seed, same particles; another seed, other particles.
@Suite struct SceneSeedTests {
    func positions(seed: UInt64) throws -> [Float] {
        let scene = try #require(Presets.named("snow-classic")).make()
        scene.seed = seed
        let e = try #require(scene.layer(named: "snow") as? EmitterLayer)
        let s = e.evaluate(at: 3, sceneSeed: scene.seed)
        return Array(s.x)
    }

    @Test func seedSelectsTheParticles() throws {
        #expect(try positions(seed: 5) == positions(seed: 5))
        #expect(try positions(seed: 5) != positions(seed: 6))
    }
}
