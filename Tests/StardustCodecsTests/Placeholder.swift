import XCTest
final class StardustCodecsTestsPlaceholder: XCTestCase { func testBuilds() {} }
