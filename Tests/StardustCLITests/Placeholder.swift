import XCTest
final class StardustCLITestsPlaceholder: XCTestCase { func testBuilds() {} }
