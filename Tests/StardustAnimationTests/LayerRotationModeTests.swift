import Foundation
import StardustCore
import Testing
@testable import StardustAnimation

/// A keyframe animation along a path with `rotationMode = auto` turns the layer to the path's tangent.
@Suite struct LayerRotationModeTests {
    @Test func autoRotationFollowsTheTangentOfAStraightPath() throws {
        let layer = Layer()
        layer.bounds = Rect(0, 0, 10, 10)
        let anim = KeyframeAnimation(keyPath: "position")
        var path = Path()
        path.move(to: Point(0, 0))
        path.addLine(to: Point(100, 100)) // heading 45° (down-right on screen)
        anim.path = path
        anim.rotationMode = .auto
        anim.timing.duration = 1
        layer.add(anim, forKey: "follow")
        guard case .number(let r)? = layer.presentationValue(forKeyPath: "transform.rotation", at: 0.5) else { Issue.record(); return }
        #expect(abs(r - .pi / 4) <= 1e-6)
        guard case .point(let p)? = layer.presentationValue(forKeyPath: "position", at: 0.5) else { Issue.record(); return }
        #expect(abs(p.x - 50) <= 1e-6)
        // autoReverse adds half a turn; after the animation ends (removed fill) nothing is added.
        anim.rotationMode = .autoReverse
        guard case .number(let r2)? = layer.presentationValue(forKeyPath: "transform.rotation", at: 0.5) else { Issue.record(); return }
        #expect(abs(cos(r2) - cos(.pi / 4 + .pi)) <= 1e-6)
        #expect(abs(sin(r2) - sin(.pi / 4 + .pi)) <= 1e-6)
        #expect(layer.presentationValue(forKeyPath: "transform.rotation", at: 2) == .number(0))
    }
}
