import Testing
import StardustCore
import StardustAnimation
import StardustDynamics

@Suite("PoseAnimation: a simulation shown on a layer")
struct PoseAnimationTests {
    @Test("position, rotation and hidden follow the pose function of time")
    func followsPose() {
        let layer = Layer()
        layer.position = Point(x: 5, y: 5)
        layer.add(PoseAnimation { t in
            t < 1 ? Pose(position: Point(x: 10 * t, y: 20), rotation: t, isHidden: t > 0.75) : nil
        }, forKey: "physics")
        let half = layer.presentation(at: 0.5)
        #expect(half.position == Point(x: 5, y: 20))
        #expect(abs((layer.presentationValue(forKeyPath: "transform.rotation.z", at: 0.5)?.doubleValue ?? .nan) - 0.5) < 1e-12)
        #expect(half.isHidden == false)
        #expect(layer.presentation(at: 0.8).isHidden == true)
        // Where the pose is nil the model shows.
        #expect(layer.presentation(at: 2).position == Point(x: 5, y: 5))
    }
}
