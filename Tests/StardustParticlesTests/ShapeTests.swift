import Foundation
import Testing
import StardustCore
@testable import StardustParticles

/// Birth positions for each shape × mode (docs/PARTICLE-MODEL.md §1.2–§1.3, decision P3), against the analytic
/// distributions. Particles do not move (velocity 0), so a position is the birth position.
@Suite struct ShapeTests {
    let center = SIMD3<Double>(100, 50, 5)

    func positions(_ shape: EmitterShape, _ mode: EmitterMode, size: Size, depth: Double = 0) -> [SIMD3<Double>] {
        let (layer, _) = singleCellLayer { c in c.birthRate = 1500; c.lifetime = 10 }
        layer.emitterShape = shape; layer.emitterMode = mode
        layer.emitterPosition = Point(center.x, center.y); layer.emitterZPosition = center.z
        layer.emitterSize = size; layer.emitterDepth = depth
        layer.seed = 3
        return layer.evaluate(at: 1).all.map { SIMD3<Double>($0.position) }
    }

    @Test("point emits from the center") func pointEmitsFromTheCenter() {
        for mode in EmitterMode.allCases {
            for p in positions(.point, mode, size: Size(40, 40)) { #expect(p == SIMD3<Double>(100, 50, 5)) }
        }
    }

    @Test("line volume and outline are uniform along the segment") func lineVolumeAndOutlineAreUniformAlongTheSegment() {
        for mode in [EmitterMode.volume, .surface, .outline] {
            let ps = positions(.line, mode, size: Size(80, 30))
            #expect(ps.allSatisfy { $0.y == 50 && $0.z == 5 })
            assertUniform(ps.map(\.x), 60, 140, "line \(mode) x")
        }
    }

    @Test("line points are the end points") func linePointsAreTheEndPoints() {
        let ps = positions(.line, .points, size: Size(80, 30))
        let left = ps.filter { abs($0.x - 60) < 1e-4 }.count, right = ps.filter { abs($0.x - 140) < 1e-4 }.count
        #expect(left + right == ps.count)
        #expect(abs((Double(left) / Double(ps.count)) - 0.5) <= 0.05)
    }

    @Test("rectangle surface is uniform") func rectangleSurfaceIsUniform() {
        for mode in [EmitterMode.surface, .volume] {
            let ps = positions(.rectangle, mode, size: Size(60, 20))
            assertUniform(ps.map(\.x), 70, 130, "rect x"); assertUniform(ps.map(\.y), 40, 60, "rect y")
        }
    }

    @Test("rectangle outline is uniform on the perimeter") func rectangleOutlineIsUniformOnThePerimeter() {
        let ps = positions(.rectangle, .outline, size: Size(60, 20))
        var horizontal = 0
        for p in ps {
            let onH = abs(p.y - 40) < 1e-3 || abs(p.y - 60) < 1e-3
            let onV = abs(p.x - 70) < 1e-3 || abs(p.x - 130) < 1e-3
            #expect(onH || onV, "\(p) not on the perimeter")
            if onH && !onV { horizontal += 1 }
        }
        // Arc length: the horizontal edges are 120 of 160 points of perimeter.
        #expect(abs((Double(horizontal) / Double(ps.count)) - 0.75) <= 0.03)
        assertUniform(ps.filter { abs($0.y - 40) < 1e-3 }.map(\.x), 70, 130, "top edge")
    }

    @Test("rectangle points are the corners") func rectanglePointsAreTheCorners() {
        let ps = positions(.rectangle, .points, size: Size(60, 20))
        let corners = Set(ps.map { [Int($0.x.rounded()), Int($0.y.rounded())] })
        #expect(corners == [[70, 40], [130, 40], [70, 60], [130, 60]])
    }

    @Test("cuboid points are the eight corners") func cuboidPointsAreTheEightCorners() {
        let ps = positions(.cuboid, .points, size: Size(60, 20), depth: 10)
        let corners = Set(ps.map { [Int($0.x.rounded()), Int($0.y.rounded()), Int($0.z.rounded())] })
        #expect(corners.count == 8)
        for c in corners { #expect([70, 130].contains(c[0]) && [40, 60].contains(c[1]) && [0, 10].contains(c[2])) }
    }

    @Test("cuboid volume edges and faces") func cuboidVolumeEdgesAndFaces() {
        let vol = positions(.cuboid, .volume, size: Size(60, 20), depth: 10)
        assertUniform(vol.map(\.x), 70, 130, "x"); assertUniform(vol.map(\.y), 40, 60, "y"); assertUniform(vol.map(\.z), 0, 10, "z")
        func extremes(_ p: SIMD3<Double>) -> Int {
            (abs(abs(p.x - 100) - 30) < 1e-3 ? 1 : 0) + (abs(abs(p.y - 50) - 10) < 1e-3 ? 1 : 0) + (abs(abs(p.z - 5) - 5) < 1e-3 ? 1 : 0)
        }
        #expect(positions(.cuboid, .outline, size: Size(60, 20), depth: 10).allSatisfy { extremes($0) >= 2 }, "edges")
        let faces = positions(.cuboid, .surface, size: Size(60, 20), depth: 10)
        #expect(faces.allSatisfy { extremes($0) >= 1 }, "faces")
        // Area weighting: the two x-y faces are 2·1200 of 2·(1200 + 600 + 200).
        let xy = faces.filter { abs(abs($0.z - 5) - 5) < 1e-3 }.count
        #expect(abs((Double(xy) / Double(faces.count)) - 0.6) <= 0.03)
    }

    @Test("circle surface is uniform by area") func circleSurfaceIsUniformByArea() {
        for mode in [EmitterMode.surface, .volume] {
            let ps = positions(.circle, mode, size: Size(30, 99))
            #expect(ps.allSatisfy { $0.z == 5 })
            // Radius CDF r²/R² (radius = emitterSize.width), angle uniform.
            assertUniform(ps.map { (($0.x - 100) * ($0.x - 100) + ($0.y - 50) * ($0.y - 50)) / 900 }, 0, 1, "r²/R²")
            assertUniform(ps.map { atan2($0.y - 50, $0.x - 100) }, -.pi, .pi, "angle")
        }
    }

    @Test("circle outline and points are on the circumference") func circleOutlineAndPointsAreOnTheCircumference() {
        for mode in [EmitterMode.outline, .points] {
            let ps = positions(.circle, mode, size: Size(30, 99))
            for p in ps { #expect(abs((simd_length(p - center)) - 30) <= 1e-3) }
            assertUniform(ps.map { atan2($0.y - 50, $0.x - 100) }, -.pi, .pi, "angle")
        }
    }

    @Test("sphere volume has cube root radius") func sphereVolumeHasCubeRootRadius() {
        let ps = positions(.sphere, .volume, size: Size(20, 0))
        assertUniform(ps.map { pow(simd_length($0 - center) / 20, 3) }, 0, 1, "(r/R)³")
    }

    @Test("sphere surface is uniform on the sphere") func sphereSurfaceIsUniformOnTheSphere() {
        let ps = positions(.sphere, .surface, size: Size(20, 0))
        for p in ps { #expect(abs((simd_length(p - center)) - 20) <= 1e-3) }
        // Archimedes: z is uniform on [−R, R] for a uniform point on a sphere.
        assertUniform(ps.map { $0.z - 5 }, -20, 20, "z")
    }
}
