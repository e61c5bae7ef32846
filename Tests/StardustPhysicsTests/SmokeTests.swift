import Testing
@testable import StardustPhysics
@Test func smoke() { #expect(PhysicsVersion.major == 0) }
