import Testing
import StardustDynamics

@Test("the dynamics module re-exports the engine")
func reExportsEngine() {
    var world = World()
    let body = world.createBody(BodyDefinition())
    #expect(world.isValid(body))
}
