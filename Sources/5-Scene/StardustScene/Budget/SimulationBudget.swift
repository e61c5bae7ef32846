import StardustDynamics

extension SceneBudget {
    /// The physics and dynamics parts of the budget (docs/LIMITS.md, docs/HOSTILE-INPUT.md rule 3), estimated from the
    /// configuration alone: the contacts a physics world starts with, the body copies the simulations keep to seek
    /// in time, and the rule-steps of the dynamic animators. O(bodies log bodies + behaviors + items).
    static func checkSimulations(_ scene: Scene, limits: SceneLimits) throws {
        var copies = 0.0
        for case let physics as PhysicsController in scene.simulations {
            let world = physics.initialWorld
            let pairs = world.estimatedOverlappingPairs()
            if pairs > limits.maxPhysicsContactPairs {
                throw SceneError(path: "physics.bodies", "the bodies' bounds overlap in about \(count(Double(pairs))) pairs at the start, "
                    + "over the limit of \(count(Double(limits.maxPhysicsContactPairs))) contacts; spread the bodies out or use fewer")
            }
            let steps = (scene.duration / physics.timeStep).rounded(.up)
            copies += Double(world.bodyCount) * (steps / Double(max(1, physics.checkpointInterval))).rounded(.up)
        }
        for animator in scene.dynamicAnimators {
            let w = animator.workload
            let steps = (scene.duration / w.timeStep).rounded(.up)
            let ruleSteps = Double(w.behaviors + w.items) * (steps + Double(w.scheduleChanges))
            if !(ruleSteps <= Double(limits.maxDynamicsRuleSteps)) {
                throw SceneError(path: "dynamics.behaviors", "\(w.behaviors) behaviors on \(w.items) items simulated for \(scene.duration) s "
                    + "in steps of \(w.timeStep) s are \(count(ruleSteps)) rule-steps, over the limit of \(count(Double(limits.maxDynamicsRuleSteps))); "
                    + "use fewer behaviors or items, or a shorter duration")
            }
            copies += Double(w.items) * (steps / Double(DynamicWorkload.checkpointInterval)).rounded(.up)
        }
        if !(copies <= Double(limits.maxSimulationBodyCopies)) {
            let path = scene.simulations.contains { $0 is PhysicsController } ? "physics.bodies" : "dynamics.behaviors"
            throw SceneError(path: path, "the simulations would keep \(count(copies)) body copies to seek in time (bodies × duration ÷ "
                + "(timeStep × checkpoint interval)), over the limit of \(count(Double(limits.maxSimulationBodyCopies))); "
                + "use fewer bodies or a shorter duration")
        }
    }
}
