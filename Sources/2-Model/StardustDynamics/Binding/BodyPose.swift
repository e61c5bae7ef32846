import StardustCore

extension World {
    /// The pose of `body` between this world (the step before) and `after` (the step after), a
    /// `fraction` of the way, with lengths multiplied by `pointsPerUnit`; `nil` when the body does
    /// not exist here, a hidden pose when its state is not finite. Positions interpolate linearly;
    /// the angle along the shorter arc.
    func pose(of body: BodyID, towards after: World, fraction: Double, pointsPerUnit: Double) -> Pose? {
        guard let a = try? transform(of: body) else { return nil }
        var p = a.p, angle = a.q.angle
        if fraction > 0, let b = try? after.transform(of: body) {
            p = p + fraction * (b.p - p)
            var d = b.q.angle - angle
            if d > .pi { d -= 2 * .pi } else if d < -.pi { d += 2 * .pi }
            angle += fraction * d
        }
        let position = Point(p.x * pointsPerUnit, p.y * pointsPerUnit)
        // A simulation that blew up (infinite forces from extreme input) hides its body rather than
        // handing the renderer a non-finite position.
        guard position.x.isFinite, position.y.isFinite, angle.isFinite else { return Pose(position: .zero, isHidden: true) }
        return Pose(position: position, rotation: angle)
    }

    /// The report of `body` named `name`, its position and angle interpolated like ``pose(of:towards:fraction:pointsPerUnit:)``
    /// (in world units), its velocities those of this step; `nil` when the body does not exist.
    func report(of body: BodyID, named name: String, towards after: World, fraction: Double) -> BodyReport? {
        guard let pose = pose(of: body, towards: after, fraction: fraction, pointsPerUnit: 1),
              let v = try? linearVelocity(of: body), let w = try? angularVelocity(of: body),
              let awake = try? isAwake(body) else { return nil }
        return BodyReport(name: name, position: pose.position, angle: pose.rotation, velocity: Point(v.x, v.y),
                          angularVelocity: w, isSleeping: !awake)
    }
}
