import StardustTestSupport
import XCTest
@testable import StardustAnimation

final class TransactionTests: XCTestCase {
    func testChangesInsideABlockAnimateFromOldToNew() {
        let clock = MediaClock(time: 2)
        let host = TestHost(["x": .number(0), "y": .number(5)])
        Transaction.animate(duration: 1, timingFunction: .linear, clock: clock) {
            host.setValue(.number(10), forKeyPath: "x")
            host.setValue(.number(5), forKeyPath: "y")     // unchanged: no animation
        }
        XCTAssertEqual(host.model("x"), 10)                // the model changes at once
        XCTAssertEqual(host.animations.count, 1)
        let a = host.animations[0].animation as! BasicAnimation
        XCTAssertEqual(host.animations[0].key, "x")
        XCTAssertEqual(a.keyPath, "x")
        XCTAssertEqual(a.fromValue, .number(0)); XCTAssertEqual(a.toValue, .number(10))
        XCTAssertEqual(a.timing.beginTime, 2); XCTAssertEqual(a.timing.duration, 1)
        XCTAssertEqual(host.number("x", at: 2.5), 5)
        XCTAssertEqual(host.number("x", at: 3.5), 10)      // removed after: the model shows
    }

    func testOutsideABlockNothingAnimates() {
        let host = TestHost(["x": .number(0)])
        host.setValue(.number(10), forKeyPath: "x")
        XCTAssertTrue(host.animations.isEmpty)
        XCTAssertFalse(Transaction.isAnimating)
        Transaction.animate(clock: MediaClock()) {
            XCTAssertTrue(Transaction.isAnimating)
            Transaction.performWithoutAnimation {
                XCTAssertFalse(Transaction.isAnimating)
                host.setValue(.number(20), forKeyPath: "x")
            }
        }
        XCTAssertTrue(host.animations.isEmpty)
        XCTAssertEqual(host.model("x"), 20)
    }

    func testDefaultsAndCompletion() {
        let host = TestHost(["x": .number(0), "o": .number(1)])
        var done = 0
        Transaction.animate(clock: MediaClock(), changes: {
            host.setValue(.number(1), forKeyPath: "x")
            host.setValue(.number(0), forKeyPath: "o")
        }, completion: { done += 1 })
        let a = host.animations[0].animation
        XCTAssertEqual(a.endTime(), 0.25, accuracy: 1e-12)
        XCTAssertEqual(a.timingFunction, .default)
        a.didStop(finished: true)
        XCTAssertEqual(done, 0)                            // waits for both
        host.animations[1].animation.didStop(finished: false)
        XCTAssertEqual(done, 1)
        var immediate = 0
        Transaction.animate(changes: {}, completion: { immediate += 1 })
        XCTAssertEqual(immediate, 1)
    }
}
