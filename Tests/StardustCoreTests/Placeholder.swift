import XCTest
final class StardustCoreTestsPlaceholder: XCTestCase { func testBuilds() {} }
