@_exported import StardustCore
@_exported import StardustRender
@_exported import StardustCodecs
@_exported import StardustAnimation
@_exported import StardustParticles
@_exported import StardustEffects
@_exported import StardustScene
