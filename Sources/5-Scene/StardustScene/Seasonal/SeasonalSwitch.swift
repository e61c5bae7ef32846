import Foundation

/// Fetches a remote document (injectable for tests). Must give up after `timeout` seconds and
/// refuse documents over `maxBytes`.
public protocol RemoteFetcher: Sendable {
    func fetch(_ url: URL, timeout: Double, maxBytes: Int) throws -> [UInt8]
}

/// Remembers the last value read for each remote flag, with when it was read (a file per flag).
public struct RemoteFlagCache: Sendable {
    public var directory: String

    /// `$XDG_CACHE_HOME/stardust/seasonal` or `~/.cache/stardust/seasonal`.
    public static var standard: RemoteFlagCache {
        let env = ProcessInfo.processInfo.environment
        let base = env["XDG_CACHE_HOME"] ?? (NSHomeDirectory() as NSString).appendingPathComponent(".cache")
        return RemoteFlagCache(directory: (base as NSString).appendingPathComponent("stardust/seasonal"))
    }

    public init(directory: String) { self.directory = directory }

    func file(_ flag: RemoteFlag) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a of url + key: a stable file name
        for b in (flag.url.absoluteString + "#" + flag.key).utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return (directory as NSString).appendingPathComponent(String(h, radix: 16) + ".json")
    }

    /// The cached value and when it was fetched, if any.
    public func read(_ flag: RemoteFlag) -> (value: Bool, fetchedAt: Date)? {
        guard let data = FileManager.default.contents(atPath: file(flag)),
              let o = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let v = o["value"] as? Bool, let t = o["fetchedAt"] as? Double else { return nil }
        return (v, Date(timeIntervalSince1970: t))
    }

    public func write(_ flag: RemoteFlag, value: Bool, at date: Date) {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let text = "{\"url\": \(JSONWriter.quote(flag.url.absoluteString)), \"key\": \(JSONWriter.quote(flag.key)), \"value\": \(value), \"fetchedAt\": \(date.timeIntervalSince1970)}\n"
        let tmp = file(flag) + ".tmp-\(ProcessInfo.processInfo.processIdentifier)"
        guard FileManager.default.createFile(atPath: tmp, contents: Data(text.utf8)) else { return }
        if rename(tmp, file(flag)) != 0 { try? FileManager.default.removeItem(atPath: tmp) }
    }
}

/// What a seasonal switch decided, and why.
public struct SeasonalDecision: Hashable, Sendable, CustomStringConvertible {
    public enum Reason: String, Hashable, Sendable {
        case outsideWindow = "outside its date windows"
        case inWindow = "inside its date window"
        case remoteCached = "remote flag (cached, fresh)"
        case remoteFetched = "remote flag (just fetched)"
        case remoteLastKnown = "remote flag (last known value; the fetch failed)"
        case remoteUnknown = "remote flag unknown (safe default: off)"
        case offlineLastKnown = "remote flag (last known value; offline)"
        case offlineUnknown = "remote flag unknown offline (safe default: off)"
    }
    public var isEnabled: Bool
    public var reason: Reason
    /// The fetch error, when one happened.
    public var fetchError: String?
    public var description: String { "\(isEnabled ? "on" : "off"): \(reason.rawValue)\(fetchError.map { " — \($0)" } ?? "")" }
}

/// Decides whether a gated effect is on (docs/DESIGN.md §14, docs/SEASONAL.md): outside every date window it
/// is off; inside, without a remote flag it is on; with one, a cached value younger than `maxAge`
/// decides, else the flag is fetched (at most `timeout` seconds) and cached, and when the fetch
/// fails (timeout, error status, garbage, oversized, connection lost) the last known value decides,
/// whatever its age; with nothing known the effect is off.
public struct SeasonalSwitch: Sendable {
    public var rule: SeasonalRule
    public var clock: @Sendable () -> Date
    public var fetcher: RemoteFetcher
    public var cache: RemoteFlagCache?
    /// No network: the cache (any age) or the safe default decide.
    public var offline: Bool

    public init(rule: SeasonalRule, clock: @escaping @Sendable () -> Date = { Date() },
                fetcher: RemoteFetcher = HTTPFetcher(), cache: RemoteFlagCache? = .standard, offline: Bool = false) {
        self.rule = rule; self.clock = clock; self.fetcher = fetcher; self.cache = cache; self.offline = offline
    }

    /// The decision now (per ``clock``), fetching on a background thread.
    public func decide() async -> SeasonalDecision {
        await withCheckedContinuation { (k: CheckedContinuation<SeasonalDecision, Never>) in
            let me = self
            Thread.detachNewThread { k.resume(returning: me.decideBlocking()) }
        }
    }

    /// The decision now, blocking the calling thread for at most the remote flag's timeout.
    public func decideBlocking() -> SeasonalDecision {
        let now = clock()
        guard rule.isInWindow(now) else { return SeasonalDecision(isEnabled: false, reason: .outsideWindow) }
        guard let remote = rule.remote else { return SeasonalDecision(isEnabled: true, reason: .inWindow) }
        let cached = cache?.read(remote)
        if offline {
            if let cached { return SeasonalDecision(isEnabled: cached.value, reason: .offlineLastKnown) }
            return SeasonalDecision(isEnabled: false, reason: .offlineUnknown)
        }
        if let cached, now.timeIntervalSince(cached.fetchedAt) >= 0, now.timeIntervalSince(cached.fetchedAt) <= remote.maxAge {
            return SeasonalDecision(isEnabled: cached.value, reason: .remoteCached)
        }
        do {
            let bytes = try fetcher.fetch(remote.url, timeout: remote.timeout, maxBytes: remote.maxBytes)
            let value = try Self.flag(in: bytes, key: remote.key)
            cache?.write(remote, value: value, at: now)
            return SeasonalDecision(isEnabled: value, reason: .remoteFetched)
        } catch {
            let message = "\(error)"
            if let cached { return SeasonalDecision(isEnabled: cached.value, reason: .remoteLastKnown, fetchError: message) }
            return SeasonalDecision(isEnabled: false, reason: .remoteUnknown, fetchError: message)
        }
    }

    /// The boolean member `key` of a JSON object (`true`/`false`, or `"on"`/`"off"`).
    static func flag(in bytes: [UInt8], key: String) throws -> Bool {
        guard case .object(let members) = try JSONParser.parse(bytes) else { throw SeasonalError("the document is not a JSON object") }
        guard let v = members.first(where: { $0.key == key })?.value else { throw SeasonalError("the document has no \"\(key)\"") }
        switch v {
        case .bool(let b): return b
        case .string("on"): return true
        case .string("off"): return false
        default: throw SeasonalError("\"\(key)\" is \(v.kindName), not true or false")
        }
    }
}

/// Why a remote flag could not be read.
public struct SeasonalError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ d: String) { description = d }
}
