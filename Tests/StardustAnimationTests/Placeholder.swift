import XCTest
final class StardustAnimationTestsPlaceholder: XCTestCase { func testBuilds() {} }
