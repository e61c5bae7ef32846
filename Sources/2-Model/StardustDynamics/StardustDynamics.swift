// StardustDynamics: physics bound to layers — UIKit-Dynamics behaviors, the physics controller
// with pointer input, and the photo wall (docs/DESIGN.md §6, §7). Builds on the engine (StardustPhysics)
// and the layer model (StardustAnimation); rendering stays a function of time through
// `Timeline` (replay from checkpoints).
@_exported import StardustPhysics
