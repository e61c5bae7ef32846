import Foundation
import OpenQuartzCore
import Stardust
import Testing

/// The source material's effect functions, written as iOS code (iOSEffects/), render byte for byte
/// the same frames as the equivalent scene files written with the documented JSON keys.
@Suite struct EffectEquivalenceTests {
    let pi = Double.pi

    @Test func snowfallMatchesItsSceneFile() throws {
        let facade = try FrameFiles.render(size: CGSize(width: 160, height: 240), duration: 1.5, fps: 10) {
            makeSnowfallLayer(size: CGSize(width: 160, height: 240))
        }
        func cell(_ name: String, _ image: String, _ velocity: Int) -> String {
            """
            { "name": "\(name)", "contents": "builtin:\(image)", "emissionRange": \(pi), "lifetime": 20, "birthRate": 30,
              "scale": 0.15, "scaleRange": 0.6, "velocity": \(velocity), "velocityRange": 20, "spin": -0.5, "spinRange": 1.0,
              "yAcceleration": 30, "xAcceleration": 5 }
            """
        }
        let scene = try FrameFiles.render(sceneJSON: """
            { "size": [160, 240], "scale": 1, "duration": 1.5, "fps": 10,
              "layers": [ { "type": "emitter", "emitterShape": "line", "emitterPosition": [80, 0], "emitterSize": [160, 0],
                            "beginTime": 0, "timeOffset": 10,
                            "emitterCells": [ \(cell("flake", "dot", 30)), \(cell("blurryFlake", "blurry-dot", 40)) ] } ] }
            """)
        try FrameFiles.expectIdentical(facade, scene, minimumDrawn: 15)
    }

    @Test func nestedCellFireworksMatchTheirSceneFile() throws {
        let facade = try FrameFiles.render(size: CGSize(width: 200, height: 300), duration: 2.5, fps: 4) {
            makeFireworksLayer(size: CGSize(width: 200, height: 300))
        }
        let scene = try FrameFiles.render(sceneJSON: """
            { "size": [200, 300], "scale": 1, "duration": 2.5, "fps": 4,
              "layers": [ { "type": "emitter", "emitterPosition": [100, 300], "emitterSize": [200, 300], "renderMode": "oldestFirst",
                "emitterCells": [ { "emissionLongitude": \(-pi / 2), "emissionLatitude": 0, "lifetime": 1.6, "birthRate": 1,
                  "velocity": 400, "velocityRange": 100, "yAcceleration": 0, "emissionRange": \(-pi / 4), "color": [0.7, 0.5, 0.7, 0.5],
                  "redRange": 0.3, "redSpeed": -0.1, "greenRange": 0.3, "greenSpeed": 0.1, "blueRange": 0.3, "blueSpeed": 0.2,
                  "emitterCells": [
                    { "contents": "builtin:snowflake", "emissionLongitude": \(2 * pi), "scale": 0.4, "velocity": 100, "birthRate": 200,
                      "lifetime": 1.5, "yAcceleration": 150, "emissionRange": \(pi / 7), "alphaSpeed": -0.7, "scaleSpeed": -0.1,
                      "scaleRange": 0.1, "beginTime": 0.01, "duration": 1.5 },
                    { "contents": "builtin:snowflake", "birthRate": 9999, "scale": 0.6, "velocity": 130, "lifetime": 1.5,
                      "alphaSpeed": -0.2, "yAcceleration": 80, "beginTime": 1.5, "duration": 1, "emissionRange": \(2 * pi),
                      "scaleSpeed": -0.1, "spin": 2 } ] } ] } ] }
            """)
        try FrameFiles.expectIdentical(facade, scene, minimumDrawn: 8)
    }

    @Test func mapleLeavesMatchTheirSceneFile() throws {
        let facade = try FrameFiles.render(size: CGSize(width: 200, height: 200), duration: 2, fps: 5) {
            makeMapleLeavesLayer(x: 100, range: 200)
        }
        let scene = try FrameFiles.render(sceneJSON: """
            { "size": [200, 200], "scale": 1, "duration": 2, "fps": 5,
              "layers": [ { "type": "emitter", "emitterPosition": [100, 0], "emitterSize": [200, 0], "emitterShape": "line",
                "emitterCells": [
                  { "name": "redMapleLeaf", "contents": "builtin:maple-leaf", "birthRate": 3, "lifetime": 10, "lifetimeRange": 3,
                    "emissionLongitude": \(-60 * pi / 180), "emissionRange": \(5 * pi / 180), "color": [1, 0, 0, 1],
                    "velocity": 30, "velocityRange": 100, "xAcceleration": 5, "yAcceleration": 80, "scale": 1.2, "scaleRange": 1,
                    "scaleSpeed": -0.15, "spin": 1, "spinRange": \(pi), "alphaRange": 0.8, "alphaSpeed": -0.2 },
                  { "name": "yellowMapleLeaf", "contents": "builtin:maple-leaf", "birthRate": 2, "lifetime": 5, "lifetimeRange": 3,
                    "emissionLongitude": \(-60 * pi / 180), "emissionRange": \(10 * pi / 180), "color": [8.0, 7.0, 0, 0.5],
                    "redRange": 0.2, "greenRange": 0.3, "velocity": 30, "velocityRange": 100, "xAcceleration": 5,
                    "yAcceleration": 80, "scale": 1.2, "scaleRange": 1, "scaleSpeed": -0.15, "spin": 1, "spinRange": \(-pi),
                    "alphaRange": 0.8, "alphaSpeed": -0.1 } ] } ] }
            """)
        try FrameFiles.expectIdentical(facade, scene, minimumDrawn: 5)
    }

    @Test func propertyAnimatorFlyInMatchesItsSceneFile() throws {
        let (w, h) = (240.0, 320.0)
        let facade = try FrameFiles.render(size: CGSize(width: w, height: h), duration: 6, fps: 2) {
            let container = UIView(frame: CGRect(x: 0, y: 0, width: w, height: h))
            let dancer = ["dot", "star", "snowflake", "star", "dot"].compactMap { UIImage(named: $0) }
            showReward(in: container, plane: UIImage(named: "star")!, car: UIImage(named: "maple-leaf")!,
                       trophy: UIImage(named: "snowflake")!, dancerFrames: dancer)
            return container.layer
        }
        func rotation(_ a: Double) -> String { "\(Transform3D(Transform2D(rotationAngle: a)).rows.flatMap { $0 })" }
        let scale = "\(Transform3D(Transform2D(scaleX: 1.5, y: 1.5)).rows.flatMap { $0 })"
        let (cx, cy) = (w / 2, h / 2)
        let scene = try FrameFiles.render(sceneJSON: """
            { "size": [\(w), \(h)], "scale": 1, "duration": 6, "fps": 2,
              "layers": [ { "type": "group", "name": "container", "bounds": [0, 0, \(w), \(h)], "position": [\(cx), \(cy)],
                "sublayers": [
                  { "type": "image", "name": "plane", "contents": "builtin:star", "bounds": [0, 0, 64, 64], "position": [\(w + 40), \(cy - 30)] },
                  { "type": "image", "name": "car", "contents": "builtin:maple-leaf", "bounds": [0, 0, 64, 64], "position": [-40, \(cy + 30)] },
                  { "type": "image", "name": "trophy", "contents": "builtin:snowflake", "bounds": [0, 0, 64, 64], "position": [\(cx), \(cy)],
                    "opacity": 0 },
                  { "type": "sprite", "name": "dancer", "images": ["builtin:dot", "builtin:star", "builtin:snowflake", "builtin:star", "builtin:dot"],
                    "sequenceDuration": 1, "bounds": [0, 0, 32, 32], "position": [\(cx), \(h - 40)] } ] } ],
              "animations": [
                { "type": "animator", "duration": 2, "curve": "easeInOut",
                  "changes": [ { "layer": "plane", "keyPath": "position", "toValue": [\(cx + 30), \(cy - 30)] },
                               { "layer": "plane", "keyPath": "transform", "toValue": \(rotation(pi / 6)) },
                               { "layer": "car", "keyPath": "position", "toValue": [\(cx - 30), \(cy + 30)] },
                               { "layer": "car", "keyPath": "transform", "toValue": \(rotation(-pi / 6)) } ],
                  "events": [ { "t": 0, "action": "start" } ] },
                { "type": "animator", "duration": 3, "curve": "linear",
                  "changes": [ { "layer": "plane", "keyPath": "opacity", "toValue": 0 },
                               { "layer": "car", "keyPath": "opacity", "toValue": 0 },
                               { "layer": "trophy", "keyPath": "opacity", "toValue": 1 },
                               { "layer": "trophy", "keyPath": "transform", "toValue": \(scale) } ],
                  "events": [ { "t": 2, "action": "start" } ] } ] }
            """)
        try FrameFiles.expectIdentical(facade, scene, minimumDrawn: 12)
    }

    @Test func cellKeyPathAnimationsMatchTheirSceneFile() throws {
        // The common iOS idiom: a burst made by animating a cell's birth rate through the layer's key path.
        let facade = try FrameFiles.render(size: CGSize(width: 100, height: 100), duration: 1.2, fps: 5) {
            let burst = CAEmitterLayer()
            burst.emitterPosition = CGPoint(x: 50, y: 50)
            let spark = CAEmitterCell()
            spark.name = "spark"
            spark.contents = UIImage(named: "spark")?.cgImage
            spark.lifetime = 1
            spark.velocity = 60
            spark.emissionRange = .pi
            burst.emitterCells = [spark]
            let pulse = CABasicAnimation(keyPath: "emitterCells.spark.birthRate")
            pulse.fromValue = 200
            pulse.toValue = 0
            pulse.duration = 0.6
            burst.add(pulse, forKey: "pulse")
            return burst
        }
        let scene = try FrameFiles.render(sceneJSON: """
            { "size": [100, 100], "scale": 1, "duration": 1.2, "fps": 5,
              "layers": [ { "type": "emitter", "name": "burst", "emitterPosition": [50, 50],
                "emitterCells": [ { "name": "spark", "contents": "builtin:spark", "lifetime": 1, "velocity": 60,
                                    "emissionRange": \(pi) } ] } ],
              "animations": [ { "layer": "burst", "keyPath": "emitterCells.spark.birthRate", "type": "basic",
                                "fromValue": 200, "toValue": 0, "duration": 0.6 } ] }
            """)
        try FrameFiles.expectIdentical(facade, scene, minimumDrawn: 5)
    }

    @Test func layerAnimationsMatchTheirSceneFile() throws {
        // A card moved along a path (turning with it), bouncing on a spring, fading and rounding in a group.
        let facade = try FrameFiles.render(size: CGSize(width: 100, height: 100), duration: 2, fps: 5) {
            let card = CALayer()
            card.bounds = CGRect(x: 0, y: 0, width: 20, height: 12)
            card.position = CGPoint(x: 10, y: 10)
            card.backgroundColor = UIColor.systemBlue.cgColor

            let path = CGMutablePath()
            path.move(to: CGPoint(x: 10, y: 10))
            path.addQuadCurve(to: CGPoint(x: 90, y: 10), control: CGPoint(x: 50, y: 90))
            let move = CAKeyframeAnimation(keyPath: "position")
            move.path = path
            move.rotationMode = .rotateAuto
            move.calculationMode = .paced
            move.duration = 2
            card.add(move, forKey: "move")

            let bounce = CASpringAnimation(keyPath: "transform.scale")
            bounce.fromValue = 1
            bounce.toValue = 1.5
            bounce.damping = 6
            bounce.duration = 2
            card.add(bounce, forKey: "bounce")

            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0.3
            let round = CAKeyframeAnimation(keyPath: "cornerRadius")
            round.values = [0, 6, 0]
            round.keyTimes = [0, 0.3, 1]
            round.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(controlPoints: 0.2, 0.8, 0.4, 1)]
            let group = CAAnimationGroup()
            group.animations = [fade, round]
            group.duration = 1
            group.repeatCount = 2
            group.autoreverses = true
            card.add(group, forKey: "group")
            return card
        }
        let scene = try FrameFiles.render(sceneJSON: """
            { "size": [100, 100], "scale": 1, "duration": 2, "fps": 5,
              "layers": [ { "type": "group", "name": "card", "bounds": [0, 0, 20, 12], "position": [10, 10],
                            "backgroundColor": [0, \(122.0 / 255), 1, 1] } ],
              "animations": [
                { "layer": "card", "type": "keyframe", "keyPath": "position", "path": "M 10 10 Q 50 90 90 10",
                  "rotationMode": "auto", "calculationMode": "paced", "duration": 2 },
                { "layer": "card", "type": "spring", "keyPath": "transform.scale", "fromValue": 1, "toValue": 1.5,
                  "damping": 6, "duration": 2 },
                { "layer": "card", "type": "group", "duration": 1, "repeatCount": 2, "autoreverses": true, "animations": [
                  { "type": "basic", "keyPath": "opacity", "fromValue": 1, "toValue": 0.3 },
                  { "type": "keyframe", "keyPath": "cornerRadius", "values": [0, 6, 0], "keyTimes": [0, 0.3, 1],
                    "timingFunctions": ["easeIn", [0.2, 0.8, 0.4, 1]] } ] } ] }
            """)
        try FrameFiles.expectIdentical(facade, scene, minimumDrawn: 10)
    }
}
