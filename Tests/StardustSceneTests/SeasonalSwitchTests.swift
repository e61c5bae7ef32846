import Foundation
import Testing
@testable import StardustScene
import StardustPresets
import StardustTestSupport

/// docs/DESIGN.md §14: date windows × remote value × cache age × fetch failure, against a real HTTP server on loopback.
@Suite struct SeasonalSwitchTests {
    static func day(_ s: String) -> Date { ISO8601DateFormatter().date(from: s)! }
    static let christmasEve = day("2026-12-24T12:00:00Z")
    static let november = day("2026-11-23T12:00:00Z")

    static func tempCache() throws -> RemoteFlagCache {
        RemoteFlagCache(directory: try ScratchFolder.path("flags").path)
    }

    static func rule(_ url: URL?, maxAge: Double = 60, timeout: Double = 0.5) -> SeasonalRule {
        SeasonalRule(windows: [DateWindow(from: (12, 1), to: (12, 25))], timeZone: TimeZone(identifier: "UTC")!,
                     remote: url.map { RemoteFlag(url: $0, key: "snow", maxAge: maxAge, timeout: timeout) })
    }

    static func decide(_ rule: SeasonalRule, at date: Date, cache: RemoteFlagCache?, offline: Bool = false) -> SeasonalDecision {
        SeasonalSwitch(rule: rule, clock: { date }, cache: cache, offline: offline).decideBlocking()
    }

    @Test(arguments: [
        ("2026-11-30T23:59:00Z", false), ("2026-12-01T00:00:00Z", true), ("2026-12-25T23:59:00Z", true),
        ("2026-12-26T00:00:00Z", false), ("2027-12-10T00:00:00Z", true),
    ])
    func dateWindowEdges(_ when: String, _ on: Bool) {
        #expect(Self.decide(Self.rule(nil), at: Self.day(when), cache: nil).isEnabled == on)
    }

    @Test func windowsAreReadInTheirTimeZoneAndMayWrapOverNewYear() {
        var r = Self.rule(nil)
        r.timeZone = TimeZone(identifier: "Europe/Paris")!
        #expect(r.isInWindow(Self.day("2026-11-30T23:30:00Z")))  // already 1 December in Paris
        #expect(!r.isInWindow(Self.day("2026-12-25T23:30:00Z")))  // already 26 December in Paris
        let wrap = SeasonalRule(windows: [DateWindow(from: (12, 20), to: (1, 6)), DateWindow(from: (7, 1), to: (7, 2))])
        #expect(wrap.isInWindow(Self.day("2027-01-03T12:00:00Z")) && wrap.isInWindow(Self.day("2026-07-02T12:00:00Z")))
        #expect(!wrap.isInWindow(Self.day("2027-01-07T12:00:00Z")))
    }

    @Test func outsideTheWindowTheServerIsNeverAsked() throws {
        let server = try LoopbackHTTPServer(.answer(#"{"snow": true}"#))
        defer { server.stop() }
        let d = Self.decide(Self.rule(server.url), at: Self.november, cache: try Self.tempCache())
        #expect(!d.isEnabled && d.reason == .outsideWindow && server.requests == 0)
    }

    @Test(arguments: [true, false])
    func inTheWindowTheFetchedValueDecidesAndIsCached(_ value: Bool) throws {
        let server = try LoopbackHTTPServer(.answer("{\"snow\": \(value), \"other\": 1}"))
        defer { server.stop() }
        let cache = try Self.tempCache()
        let rule = Self.rule(server.url)
        let d = Self.decide(rule, at: Self.christmasEve, cache: cache)
        #expect(d.isEnabled == value && d.reason == .remoteFetched)
        #expect(cache.read(rule.remote!)?.value == value)
        #expect(cache.read(rule.remote!)?.fetchedAt == Self.christmasEve)
    }

    @Test func aFreshCacheDecidesWithoutFetchingAndAStaleOneIsRefreshed() throws {
        let server = try LoopbackHTTPServer(.answer(#"{"snow": false}"#))
        defer { server.stop() }
        let cache = try Self.tempCache()
        let rule = Self.rule(server.url, maxAge: 600)
        cache.write(rule.remote!, value: true, at: Self.christmasEve.addingTimeInterval(-300))  // 5 min old
        let fresh = Self.decide(rule, at: Self.christmasEve, cache: cache)
        #expect(fresh.isEnabled && fresh.reason == .remoteCached && server.requests == 0)
        cache.write(rule.remote!, value: true, at: Self.christmasEve.addingTimeInterval(-3600))  // 1 h old: stale
        let stale = Self.decide(rule, at: Self.christmasEve, cache: cache)
        #expect(!stale.isEnabled && stale.reason == .remoteFetched && server.requests == 1)
        #expect(cache.read(rule.remote!)?.value == false)
    }

    static let failures: [LoopbackHTTPServer.Behavior] = [
        .late(3, #"{"snow": false}"#), .garbage, .status(500, #"{"snow": false}"#),
        .closeMidBody(#"{"snow": fal"#, length: 40), .huge(200_000), .answer("not json"), .answer(#"{"snow": "maybe"}"#),
        .answer(#"{"rain": false}"#),
    ]

    @Test(arguments: 0..<failures.count)
    func aFailedFetchKeepsTheLastKnownValueWhateverItsAge(_ i: Int) throws {
        let server = try LoopbackHTTPServer(Self.failures[i])
        defer { server.stop() }
        for known in [true, false] {
            let cache = try Self.tempCache()
            let rule = Self.rule(server.url, maxAge: 60, timeout: 0.5)
            cache.write(rule.remote!, value: known, at: Self.christmasEve.addingTimeInterval(-86_400 * 30))
            // A late server would answer with another value: the last known one proves the timeout fired.
            let d = Self.decide(rule, at: Self.christmasEve, cache: cache)
            #expect(d.isEnabled == known && d.reason == .remoteLastKnown, "\(d)")
            #expect(cache.read(rule.remote!)?.value == known)
        }
        // Nothing known: the safe default.
        let d = Self.decide(Self.rule(server.url), at: Self.christmasEve, cache: try Self.tempCache())
        #expect(!d.isEnabled && d.reason == .remoteUnknown)
    }

    @Test func aServerThatDisappearsLeavesTheLastKnownValue() throws {
        let server = try LoopbackHTTPServer(.answer(#"{"snow": true}"#))
        let cache = try Self.tempCache()
        let rule = Self.rule(server.url, maxAge: 0)
        #expect(Self.decide(rule, at: Self.christmasEve, cache: cache).isEnabled)
        server.stop()
        let later = Self.decide(rule, at: Self.christmasEve.addingTimeInterval(10), cache: cache)
        #expect(later.isEnabled && later.reason == .remoteLastKnown)
        #expect(!Self.decide(rule, at: Self.christmasEve, cache: try Self.tempCache()).isEnabled)
    }

    @Test func httpsFetchesAreBoundedByTheTimeoutToo() throws {
        // A plain-HTTP server that answers late: the TLS handshake never completes.
        let server = try LoopbackHTTPServer(.late(3, #"{"snow": false}"#))
        defer { server.stop() }
        let url = URL(string: "https://127.0.0.1:\(server.port)/flags.json")!
        let cache = try Self.tempCache()
        let rule = Self.rule(url, maxAge: 0, timeout: 0.5)
        cache.write(rule.remote!, value: true, at: Self.november)
        // The server's late answer says false; the last known true proves the fetch was cut at the timeout.
        let d = Self.decide(rule, at: Self.christmasEve, cache: cache)
        #expect(d.isEnabled && d.reason == .remoteLastKnown, "\(d)")
    }

    @Test func offlineUsesTheCacheOrTheSafeDefault() throws {
        let server = try LoopbackHTTPServer(.answer(#"{"snow": true}"#))
        defer { server.stop() }
        let cache = try Self.tempCache()
        let rule = Self.rule(server.url)
        #expect(Self.decide(rule, at: Self.christmasEve, cache: cache, offline: true).reason == .offlineUnknown)
        cache.write(rule.remote!, value: true, at: Self.november)
        let d = Self.decide(rule, at: Self.christmasEve, cache: cache, offline: true)
        #expect(d.isEnabled && d.reason == .offlineLastKnown && server.requests == 0)
    }

    @Test func theAsyncSwitchDecidesOffTheCallingThread() async throws {
        let server = try LoopbackHTTPServer(.answer(#"{"snow": true}"#))
        defer { server.stop() }
        let s = SeasonalSwitch(rule: Self.rule(server.url), clock: { Self.christmasEve }, cache: try Self.tempCache())
        #expect(await s.decide().isEnabled)
    }

    @Test func theSnowPresetSwitchesItselfOffOutsideItsWindowAndWhenTheFlagSaysSo() throws {
        func snow(_ date: Date, _ rule: ((SeasonalRule) -> SeasonalRule)? = nil) -> Bool {
            let scene = Presets.named("snow")!.make()
            scene.applySeasonalSwitches { r in Self.decide(rule?(r) ?? r, at: date, cache: nil) }
            return !(scene.layer(named: "snow")!.isHidden)
        }
        #expect(snow(Self.christmasEve))
        #expect(!snow(Self.november))
        #expect(!snow(Self.day("2026-12-26T12:00:00Z")))
        let server = try LoopbackHTTPServer(.answer(#"{"snow": false}"#))
        defer { server.stop() }
        #expect(!snow(Self.christmasEve) { r in var r = r; r.remote = RemoteFlag(url: server.url, key: "snow"); return r })
    }

    @Test func sceneFilesDeclareEnabledWhen() throws {
        var loader = SceneLoader(baseDirectory: "/") { _ in throw SceneError(path: "$", "no files") }
        let s = try loader.scene(fromJSON: """
        {"layers": [{"type": "emitter", "name": "e", "emitterCells": [{"birthRate": 1}],
          "enabledWhen": {"dates": ["12-01/12-25", {"from": "02-14", "to": "02-14"}], "timeZone": "America/New_York",
                          "remote": {"url": "http://127.0.0.1:9/f.json", "key": "snow", "maxAge": 10, "timeout": 0.2}}}]}
        """)
        let g = try #require(s.seasonalGates.first)
        #expect(g.rule.windows.count == 2 && g.rule.timeZone.identifier == "America/New_York")
        #expect(g.rule.remote?.key == "snow" && g.rule.remote?.timeout == 0.2)
        for (json, path) in [
            (#"{"dates": ["12-01"]}"#, "layers[0].enabledWhen.dates[0]"),
            (#"{"timeZone": "Mars/Olympus"}"#, "layers[0].enabledWhen.timeZone"),
            (#"{"remote": {"url": "ftp://x/y", "key": "k"}}"#, "layers[0].enabledWhen.remote.url"),
            (#"{"when": 1}"#, "layers[0].enabledWhen.when"),
        ] {
            var l = SceneLoader(baseDirectory: "/") { _ in throw SceneError(path: "$", "no files") }
            #expect { try l.scene(fromJSON: "{\"layers\": [{\"type\": \"group\", \"enabledWhen\": \(json)}]}") } throws: { e in
                (e as? SceneError)?.path == path
            }
        }
    }
}
