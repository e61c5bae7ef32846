import Foundation
import StardustAnimation
import StardustCore
import StardustScene
import StardustParticles

/// `celebration` (docs/DESIGN.md §12): the reward screen of an arithmetic-practice app.
///
/// Timeline: 0–2 s a plane (from the right) and a race car (from the left) fly
/// to the center with ease-in-out while rotating +30° and −30°; 2–5 s they fade
/// out while a trophy fades in and grows to 1.5×; a five-frame character
/// (poses 1-2-3-2-1, 1 s) dances throughout; snow and maple leaves fall in
/// front, fireworks burst behind.
enum CelebrationPreset {
    @Sendable static func scene(_ size: Size) -> Scene {
        let scene = Scene(name: "celebration", size: size, scale: 1, duration: 6, fps: 20, seed: 1,
                          background: Color(hex: "#14213D")!)
        let w = size.width, h = size.height
        let center = Point(w / 2, h * 0.42)

        scene.root.addSublayer(FireworksClassicPreset.emitter(size: size))

        let plane = imageLayer("plane", CelebrationArt.plane(), at: Point(w + 80, center.y - 40))
        let car = imageLayer("raceCar", CelebrationArt.raceCar(), at: Point(-80, center.y + 40))
        for (layer, target, angle) in [(plane, Point(center.x + 40, center.y - 40), 30.0), (car, Point(center.x - 40, center.y + 40), -30.0)] {
            layer.position = target // the model holds the end state; animations show the flight
            layer.transform = Transform3D(rotationAngle: angle * .pi / 180, x: 0, y: 0, z: 1)
            layer.opacity = 0
            let start = layer === plane ? Point(w + 80, center.y - 40) : Point(-80, center.y + 40)
            layer.add(basic("position", .point(start), .point(target), begin: 0, duration: 2, curve: .easeInEaseOut), forKey: "fly")
            layer.add(basic("transform.rotation", .number(0), .number(angle * .pi / 180), begin: 0, duration: 2, curve: .easeInEaseOut), forKey: "turn")
            layer.add(basic("opacity", .number(1), .number(0), begin: 2, duration: 3, curve: .linear, fillBackwards: true), forKey: "fade")
            scene.root.addSublayer(layer)
        }

        let trophy = imageLayer("trophy", CelebrationArt.trophy(), at: center)
        trophy.opacity = 1
        trophy.transform = Transform3D(scaleX: 1.5, y: 1.5, z: 1)
        trophy.add(basic("opacity", .number(0), .number(1), begin: 2, duration: 3, curve: .linear, fillBackwards: true), forKey: "fadeIn")
        trophy.add(basic("transform.scale", .number(1), .number(1.5), begin: 2, duration: 3, curve: .easeInEaseOut, fillBackwards: true), forKey: "grow")
        scene.root.addSublayer(trophy)

        let dancer = Layer()
        dancer.name = "dancer"
        let frames = CelebrationArt.dancerFrames()
        dancer.animatedContents = try? AnimatedImage(frames: frames, duration: 1)
        dancer.contents = frames[0]
        dancer.bounds = Rect(0, 0, 60, 100)
        dancer.position = Point(w / 2, h * 0.78)
        scene.root.addSublayer(dancer)

        let snow = SnowPreset.emitter(size: size)
        snow.timing.timeOffset = 0
        scene.root.addSublayer(snow)
        scene.root.addSublayer(MapleLeavesPreset.emitter(size: size))
        return scene
    }

    static func imageLayer(_ name: String, _ texture: Texture, at p: Point) -> Layer {
        let l = Layer()
        l.name = name
        l.contents = texture
        l.contentsScale = CelebrationArt.pixelsPerPoint
        l.bounds = Rect(0, 0, Double(texture.width) / CelebrationArt.pixelsPerPoint, Double(texture.height) / CelebrationArt.pixelsPerPoint)
        l.position = p
        return l
    }

    static func basic(_ keyPath: String, _ from: AnimatableValue, _ to: AnimatableValue, begin: Double, duration: Double,
                      curve: TimingFunction.Name, fillBackwards: Bool = false) -> BasicAnimation {
        let a = BasicAnimation(keyPath: keyPath, from: from, to: to)
        a.timing.beginTime = begin
        a.timing.duration = duration
        a.timing.fillMode = fillBackwards ? .both : .forwards
        a.isRemovedOnCompletion = false
        a.timingFunction = TimingFunction(name: curve)
        return a
    }
}
