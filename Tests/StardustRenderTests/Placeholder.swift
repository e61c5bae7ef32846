import XCTest
final class StardustRenderTestsPlaceholder: XCTestCase { func testBuilds() {} }
