import XCTest
final class StardustParticlesTestsPlaceholder: XCTestCase { func testBuilds() {} }
