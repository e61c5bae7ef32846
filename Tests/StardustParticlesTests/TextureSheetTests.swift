import StardustAnimation
import StardustCore
import StardustRender
import StardustTestSupport
import Foundation
import Testing
@testable import StardustParticles

/// Texture sheets (docs/PARTICLE-MODEL.md §2.13): the frame a particle shows, read back from rendered
/// pixels of a sheet whose frames are solid, different colours.
@Suite struct TextureSheetTests {
    /// Eight solid frames of 8 × 8 texels in 4 columns × 2 rows, numbered row by row.
    static let palette: [(UInt8, UInt8, UInt8)] = [
        (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255), (255, 0, 255), (255, 128, 0), (128, 0, 255),
    ]
    static let sheetTexture: Texture = {
        var rgba = [UInt8](repeating: 255, count: 32 * 16 * 4)
        for y in 0..<16 {
            for x in 0..<32 {
                let (r, g, b) = palette[(y / 8) * 4 + x / 8]
                let o = (y * 32 + x) * 4
                rgba[o] = r; rgba[o + 1] = g; rgba[o + 2] = b
            }
        }
        return Texture(Image(width: 32, height: 16, straightRGBA: rgba))
    }()

    /// The frame (palette index) whose colour the pixel at `(x, y)` has, or nil when it is none of them.
    static func frame(at x: Int, _ y: Int, of image: Image) -> Int? {
        let p = image[x, y]
        return palette.firstIndex { abs(Int($0.0) - Int(p.r)) <= 2 && abs(Int($0.1) - Int(p.g)) <= 2 && abs(Int($0.2) - Int(p.b)) <= 2 && p.a == 255 }
    }

    /// One particle born at t = 0 at (20, 20) moving along +x at `velocity`, rendered at `t` on a 80 × 40 canvas.
    static func render(_ sheet: TextureSheet, lifetime: Double = 7, velocity: Double = 0, at t: Double) throws -> Image {
        let e = EmitterLayer()
        e.emitterPosition = Point(20, 20)
        let c = EmitterCell()
        c.birthRate = 0.001          // births at k / rate: one at t = 0, the next after 1000 s
        c.lifetime = lifetime
        c.velocity = velocity
        c.contents = sheetTexture
        var x = CellExtensions()
        x.textureSheet = sheet
        c.extensions = x
        e.emitterCells = [c]
        var list: [DrawCommand] = []
        e.render(into: &list, parentTime: t, parentTransform: .identity)
        return try Renderer(threads: 1).render(DisplayList(size: Size(80, 40), scale: 1, background: .black, commands: list))
    }

    @Test("over the life, frame k shows during the k-th of frameCount equal parts of the life")
    func overLifeFrameFollowsTheAge() throws {
        let sheet = TextureSheet(columns: 4, rows: 2, frameCount: 7)
        for k in 0..<7 {
            let t = Double(k) + 0.5    // lifetime 7 s, 7 frames: frame ⌊age⌋
            let image = try Self.render(sheet, at: t)
            #expect(Self.frame(at: 20, 20, of: image) == k, "age \(t)")
        }
    }

    @Test("cycles play the sheet several times per life and the start frame shifts it")
    func cyclesAndStartFrame() throws {
        let sheet = TextureSheet(columns: 4, rows: 2, frameCount: 7, startFrame: 3, timing: .overLife(cycles: 2))
        for age in [0.2, 1.2, 2.2, 3.6, 5.1, 6.9] {
            let expected = (3 + Int(age / 7 * 2 * 7)) % 7
            #expect(Self.frame(at: 20, 20, of: try Self.render(sheet, at: age)) == expected, "age \(age)")
        }
    }

    @Test("by speed, the frame is the speed's place in the range, clamped to the first and last frames")
    func bySpeedFrameFollowsTheSpeed() throws {
        let sheet = TextureSheet(columns: 4, rows: 2, frameCount: 7, timing: .bySpeed(minimum: 10, maximum: 80))
        for (v, expected) in [(0.0, 0), (15.0, 0), (25.0, 1), (45.0, 3), (75.0, 6), (200.0, 6)] {
            // At t = 0.1 s the particle is at x = 20 + 0.1·v.
            let image = try Self.render(sheet, velocity: v, at: 0.1)
            #expect(Self.frame(at: 20 + Int(0.1 * v), 20, of: image) == expected, "speed \(v)")
        }
    }

    @Test("the drawn quad is one frame: 8 × 8 points of a 32 × 16 sheet of 4 × 2")
    func quadIsOneFrame() throws {
        let image = try Self.render(TextureSheet(columns: 4, rows: 2), at: 0.5)
        #expect(Self.frame(at: 16, 16, of: image) == 0 && Self.frame(at: 23, 23, of: image) == 0)
        #expect(image[15, 20].r == 0 && image[24, 20].r == 0, "nothing drawn outside the 8 × 8 quad")
    }

    @Test("random start frames are uniform over startFrame ± startFrameRange (chi-square over four seeds)")
    func randomStartFramesAreUniform() throws {
        var chi2 = 0.0
        for seed in UInt32(1)...4 {
            let e = EmitterLayer()
            e.seed = seed
            let c = EmitterCell()
            c.birthRate = 3000; c.lifetime = 100
            c.contents = Self.sheetTexture
            var x = CellExtensions()
            // Start 0 ± 1 wraps to frames 7, 0 and 1 of 8; 100 s lives: no particle has moved a frame on by t = 1.
            x.textureSheet = TextureSheet(columns: 4, rows: 2, startFrame: 0, startFrameRange: 1)
            c.extensions = x
            e.emitterCells = [c]
            var list: [DrawCommand] = []
            e.render(into: &list, parentTime: 1, parentTransform: .identity)
            var counts = [Int](repeating: 0, count: 8)
            for case .sprites(let batch) in list {
                let col = Int((batch.contentsRect.origin.x * 4).rounded()), row = Int((batch.contentsRect.origin.y * 2).rounded())
                #expect(abs(batch.contentsRect.width - 0.25) < 1e-12 && abs(batch.contentsRect.height - 0.5) < 1e-12)
                counts[row * 4 + col] += batch.sprites.count
            }
            let n = counts.reduce(0, +)
            #expect(n == 3001)
            #expect(counts[2...6].allSatisfy { $0 == 0 }, "seed \(seed): \(counts)")
            let expected = Double(n) / 3
            chi2 += [counts[7], counts[0], counts[1]].map { (Double($0) - expected) * (Double($0) - expected) / expected }.reduce(0, +)
        }
        #expect(chi2 < 20.09, "χ² = \(chi2) with 8 degrees of freedom (1 % level 20.09)")
    }

    @Test("an invalid sheet is reported") func invalidSheetsAreReported() {
        #expect(TextureSheet(columns: 0, rows: 1).problem != nil)
        #expect(TextureSheet(columns: 2, rows: 2, frameCount: 5).problem != nil)
        #expect(TextureSheet(columns: 2, rows: 2, startFrame: 4).problem != nil)
        #expect(TextureSheet(columns: 2, rows: 2, timing: .bySpeed(minimum: 5, maximum: 5)).problem != nil)
        #expect(TextureSheet(columns: 2, rows: 2, frameCount: 3, startFrame: 2, startFrameRange: 1).problem == nil)
    }
}
