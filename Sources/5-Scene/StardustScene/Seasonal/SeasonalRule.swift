import Foundation
import StardustAnimation

/// A yearly date window, both ends inclusive (`12-01`…`12-25`); a window whose end comes before its
/// start runs over New Year (`12-20`…`01-06`).
public struct DateWindow: Hashable, Sendable {
    public var fromMonth: Int, fromDay: Int, toMonth: Int, toDay: Int

    public init(from: (month: Int, day: Int), to: (month: Int, day: Int)) {
        fromMonth = from.month; fromDay = from.day; toMonth = to.month; toDay = to.day
    }

    /// Parses `"MM-DD"`.
    static func monthDay(_ s: String) -> (Int, Int)? {
        let p = s.split(separator: "-")
        guard p.count == 2, let m = Int(p[0]), let d = Int(p[1]), (1...12).contains(m), (1...31).contains(d) else { return nil }
        return (m, d)
    }

    /// Whether the calendar day (month, day) is inside the window.
    public func contains(month: Int, day: Int) -> Bool {
        let x = month * 100 + day, a = fromMonth * 100 + fromDay, b = toMonth * 100 + toDay
        return a <= b ? (a <= x && x <= b) : (x >= a || x <= b)
    }
}

/// Where and how to read a remote on/off flag: a JSON object fetched from `url`, whose member
/// `key` is `true` or `false`.
public struct RemoteFlag: Hashable, Sendable {
    public var url: URL
    public var key: String
    /// A cached value younger than this (seconds) is used without fetching. Default 3600.
    public var maxAge: Double
    /// The longest a fetch may take (seconds), connection included. Default 2.
    public var timeout: Double
    /// Documents larger than this are refused. Default 64 KiB.
    public var maxBytes: Int

    public init(url: URL, key: String, maxAge: Double = 3600, timeout: Double = 2, maxBytes: Int = 64 << 10) {
        self.url = url; self.key = key; self.maxAge = maxAge; self.timeout = timeout; self.maxBytes = maxBytes
    }
}

/// When an effect is on: inside one of its date windows (in its time zone), and — when it has a
/// remote flag — while the flag says so (docs/SEASONAL.md).
public struct SeasonalRule: Hashable, Sendable {
    /// Empty = every day.
    public var windows: [DateWindow]
    public var timeZone: TimeZone
    public var remote: RemoteFlag?

    public init(windows: [DateWindow], timeZone: TimeZone = TimeZone(identifier: "UTC")!, remote: RemoteFlag? = nil) {
        self.windows = windows; self.timeZone = timeZone; self.remote = remote
    }

    /// Whether `date` falls in a window, in ``timeZone``.
    public func isInWindow(_ date: Date) -> Bool {
        guard !windows.isEmpty else { return true }
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = timeZone
        let c = cal.dateComponents([.month, .day], from: date)
        return windows.contains { $0.contains(month: c.month ?? 0, day: c.day ?? 0) }
    }
}

/// A layer switched on and off by a rule (`"enabledWhen"` in a scene file).
public struct SeasonalGate {
    public var layer: Layer
    public var rule: SeasonalRule
    /// The JSON path of the rule, for messages.
    public var path: String
    public init(layer: Layer, rule: SeasonalRule, path: String) { self.layer = layer; self.rule = rule; self.path = path }
}

extension SceneLoader {
    /// `"enabledWhen": {"dates": ["12-01/12-25", {"from": "12-26", "to": "12-31"}], "timeZone": "Europe/Paris",
    /// "remote": {"url": "https://…", "key": "snow", "maxAge": 3600, "timeout": 2}}`.
    func seasonalRule(_ node: JSONNode) throws -> SeasonalRule {
        let k = try node.object(allowedKeys: ["dates", "timeZone", "remote"])
        var windows: [DateWindow] = []
        if let d = k["dates"] {
            for w in try d.array() {
                let from: String, to: String
                if case .string(let s) = w.value {
                    let p = s.split(separator: "/").map(String.init)
                    guard p.count == 2 else { throw SceneError(path: w.path, "expected \"MM-DD/MM-DD\" (e.g. \"12-01/12-25\")") }
                    from = p[0]; to = p[1]
                } else {
                    let o = try w.object(allowedKeys: ["from", "to"])
                    guard let f = o["from"], let t = o["to"] else { throw SceneError(path: w.path, "a date window needs \"from\" and \"to\" (\"MM-DD\")") }
                    from = try f.string(); to = try t.string()
                }
                guard let a = DateWindow.monthDay(from), let b = DateWindow.monthDay(to) else {
                    throw SceneError(path: w.path, "expected month-day dates like \"12-01\"; found \"\(from)\" and \"\(to)\"")
                }
                windows.append(DateWindow(from: a, to: b))
            }
        }
        var zone = TimeZone(identifier: "UTC")!
        if let z = k["timeZone"] {
            let id = try z.string()
            guard let tz = TimeZone(identifier: id) else { throw SceneError(path: z.path, "unknown time zone \"\(id)\" (expected a name like \"Europe/Paris\")") }
            zone = tz
        }
        var remote: RemoteFlag?
        if let r = k["remote"] {
            let o = try r.object(allowedKeys: ["url", "key", "maxAge", "timeout"])
            guard let u = o["url"], let key = o["key"] else { throw SceneError(path: r.path, "a remote flag needs \"url\" and \"key\"") }
            let s = try u.string()
            guard let url = URL(string: s), url.scheme == "http" || url.scheme == "https", url.host != nil else {
                throw SceneError(path: u.path, "expected an http:// or https:// address")
            }
            remote = RemoteFlag(url: url, key: try key.string(),
                                maxAge: try o["maxAge"].map { try $0.number(in: 0...1e9) } ?? 3600,
                                timeout: try o["timeout"].map { try $0.number(in: 0.01...60) } ?? 2)
        }
        return SeasonalRule(windows: windows, timeZone: zone, remote: remote)
    }
}
