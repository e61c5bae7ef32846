import XCTest
final class StardustEffectsTestsPlaceholder: XCTestCase { func testBuilds() {} }
