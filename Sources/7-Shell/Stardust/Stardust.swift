// The umbrella module: `import Stardust` gives every stage of the pipeline.
// It re-exports the stages and adds only ``RenderJob`` (scene → frames → files).
@_exported import StardustCore
@_exported import StardustAnimation
@_exported import StardustParticles
@_exported import StardustEffects
@_exported import StardustRender
@_exported import StardustCodecs
@_exported import StardustScene
@_exported import StardustPresets
@_exported import StardustDynamics
