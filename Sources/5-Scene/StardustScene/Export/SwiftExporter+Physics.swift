import StardustAnimation
import StardustCore
import StardustDynamics

/// The frames of one simulated layer: what it shows at each rendered frame.
private struct BakedFrame {
    var position: Point
    var rotation: Double
    var zPosition: Double
    var isHidden: Bool
}

extension SwiftExportWriter {
    /// Writes a simulation shown through a ``PoseAnimation`` (the photo wall, physics bodies, dynamic
    /// items) as keyframe animations sampled from the simulation at every frame of the scene ("baked"):
    /// Core Animation has no drag joint, and UIKit Dynamics' solver is not Stardust's, so replaying the
    /// touches would not give the same motion — the recorded motion does.
    ///
    /// `position` and `transform.rotation.z` are linear keyframes at the frame times (a render at the
    /// scene's frame rate shows exactly the simulated poses; other rates interpolate between them);
    /// `zPosition` and `isHidden` are discrete keyframes where they change. The animations span the
    /// frames from the first simulated one to the frame after the last, where the layer shows its model
    /// values again (or hold their end when the simulation leaves the layer hidden or moved).
    mutating func writeBakedPose(_ anim: PoseAnimation, of layer: Layer, variable v: String) {
        let frameCount = scene.frameCount
        let times = (0...frameCount).map { scene.time(ofFrame: $0) }
        let poses = times.map { anim.pose($0) }
        guard let a = poses.firstIndex(where: { $0 != nil }), let z = poses[..<frameCount].lastIndex(where: { $0 != nil }) else {
            return // never simulated while rendered: the layer shows its model values
        }
        let e = z + 1
        let modelRotation: Double
        if case .number(let r)? = layer.value(forKeyPath: "transform.rotation.z") { modelRotation = r } else { modelRotation = 0 }
        let model = BakedFrame(position: layer.position, rotation: modelRotation, zPosition: layer.zPosition, isHidden: layer.isHidden)
        let frames: [BakedFrame] = (a...e).map { k in
            guard let p = poses[k] else { return model }
            return BakedFrame(position: p.position, rotation: p.rotation, zPosition: p.zPosition ?? model.zPosition,
                              isHidden: p.isHidden || model.isHidden)
        }
        let holdsEnd = poses[e] != nil
        // A layer that ends hidden needs no motion from the moment it hides for good.
        var c = e
        if holdsEnd && frames[e - a].isHidden && !model.isHidden {
            while c > a && frames[c - 1 - a].isHidden { c -= 1 }
        }
        let fps = SwiftLiteral.number(scene.fps)
        line()
        line("// The simulated motion of `\(SwiftSourceText.comment(layer.name ?? v))`, baked into keyframes at the scene's \(fps) frames per second")
        line("// (frames \(a)…\(e)): a render at \(fps) fps shows exactly the simulated poses.")
        if c > a {
            let motion = Array(frames[0...(c - a)].enumerated().map { i, f in
                // Where the motion is cut short, the last keyframe is the model (hidden by then).
                c < e && i == c - a ? model : f
            })
            let keyTimes = (a...c).map { (times[$0] - times[a]) / (times[c] - times[a]) }
            let fill = holdsEnd && c == e
            writeBakedKeyframes(v, hint: v + " position", keyPath: "position", values: motion.map { SwiftLiteral.point($0.position) },
                                keyTimes: keyTimes, begin: times[a], duration: times[c] - times[a], discrete: false, holdsEnd: fill)
            if motion.contains(where: { $0.rotation != model.rotation }) {
                writeBakedKeyframes(v, hint: v + " rotation", keyPath: "transform.rotation.z",
                                    values: motion.map { value(.number($0.rotation), angle: true) }, keyTimes: keyTimes,
                                    begin: times[a], duration: times[c] - times[a], discrete: false, holdsEnd: fill)
            }
        }
        let all = (a...e).map { (times[$0] - times[a]) / (times[e] - times[a]) }
        for (name, keyPath, read) in [("z", "zPosition", { (f: BakedFrame) in SwiftLiteral.number(f.zPosition) }),
                                      ("hidden", "isHidden", { (f: BakedFrame) in "\(f.isHidden)" })] {
            let spelled = frames.map(read)
            guard spelled.contains(where: { $0 != read(model) }) else { continue }
            // Discrete keyframes where the value changes: value i holds from key time i to key time i + 1.
            let starts = spelled.indices.filter { $0 == 0 || spelled[$0] != spelled[$0 - 1] }
            writeBakedKeyframes(v, hint: v + " " + name, keyPath: keyPath, values: starts.map { spelled[$0] },
                                keyTimes: starts.map { all[$0] } + [1], begin: times[a], duration: times[e] - times[a],
                                discrete: true, holdsEnd: holdsEnd)
        }
    }

    /// One baked keyframe animation, its values and key times a few to a line.
    private mutating func writeBakedKeyframes(_ v: String, hint: String, keyPath: String, values: [String], keyTimes: [Double],
                                              begin: Double, duration: Double, discrete: Bool, holdsEnd: Bool) {
        let k = variable(hint, fallback: "animation")
        line("let \(k) = CAKeyframeAnimation(keyPath: \(SwiftSourceText.stringLiteral(keyPath)))")
        writeList("\(k).values", values, perLine: keyPath == "position" ? 2 : 4)
        writeList("\(k).keyTimes", keyTimes.map { SwiftLiteral.number($0) }, perLine: 6)
        if discrete { line("\(k).calculationMode = .discrete") }
        line("\(k).beginTime = \(SwiftLiteral.number(begin))")
        line("\(k).duration = \(SwiftLiteral.number(duration))")
        if holdsEnd {
            line("\(k).fillMode = .forwards")
            line("\(k).isRemovedOnCompletion = false")
        }
        line("\(v).add(\(k), forKey: \(SwiftSourceText.stringLiteral("physics " + keyPath)))")
    }

    /// `name = [a, b, c]`, wrapped `perLine` items to a line when long.
    private mutating func writeList(_ name: String, _ items: [String], perLine: Int) {
        if items.count <= perLine {
            line("\(name) = [\(items.joined(separator: ", "))]")
            return
        }
        line("\(name) = [")
        for start in stride(from: 0, to: items.count, by: perLine) {
            line(items[start..<min(items.count, start + perLine)].joined(separator: ", ") + ",", indent: 2)
        }
        line("]")
    }
}
