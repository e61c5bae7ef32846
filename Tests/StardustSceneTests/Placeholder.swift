import XCTest
final class StardustSceneTestsPlaceholder: XCTestCase { func testBuilds() {} }
