import ArgumentParser
import Foundation
import Stardust

/// `--season`, `--date` and `--offline`: whether seasonal switches are decided, and for which day
/// (docs/SEASONAL.md).
///
/// Deciding a switch is the app's choice, so the tool makes it only when asked: without `--season` or
/// `--date`, every layer is drawn whatever its `enabledWhen` says, and the frames depend on neither the
/// calendar nor the network. `stardust` with no arguments therefore always shows its snow.
struct SeasonOptions: ParsableArguments {
    @Flag(help: "Honour seasonal switches (layers' enabledWhen: date windows, remote flags) for today.")
    var season = false

    @Option(help: "Honour seasonal switches for this day instead (YYYY-MM-DD or an ISO 8601 date-time).")
    var date: String?

    @Flag(help: "With --season or --date: never fetch remote flags (the cached value, or off, decides).")
    var offline = false

    /// The day to decide switches for, or nil when they are not to be decided. `now` is read only when
    /// `--season` asks for today.
    /// A `--date` that is not a real calendar day is refused while the options are parsed (exit 2).
    func validate() throws {
        guard let date else { return }
        do { _ = try parseDate(date) } catch let e as CLIError { throw ValidationError(e.message) }
    }

    func day(now: () -> Date = Date.init) throws -> Date? {
        if let date { return try parseDate(date) }
        return season ? now() : nil
    }
}

/// Parses `--date YYYY-MM-DD` (noon UTC of that day, so every time zone's calendar day is the same within ±12 h) or
/// a full ISO 8601 date-time; the batch manifest's `"date"` goes through here too. Only a real day of the Gregorian
/// calendar between the years 1 and 9999 is accepted (docs/HOSTILE-INPUT.md, rule 4): not 30 February, not year 0,
/// not a negative or five-digit year, not a month 13 that a calendar would silently roll over into the next year.
func parseDate(_ s: String) throws -> Date {
    let refusal = CLIError.usage("--date expects a real day as YYYY-MM-DD (years 1…9999) or an ISO 8601 date-time, like 2026-12-24; got \(SwiftSourceText.stringLiteral(String(s.prefix(200)))).")
    let scalars = Array(s.unicodeScalars)
    guard scalars.count >= 10, scalars.count <= 64 else { throw refusal }
    let head = scalars[0..<10]
    func digits(_ r: Range<Int>) -> Int? {
        var v = 0
        for c in head[r] { guard ("0"..."9").contains(c) else { return nil }; v = v * 10 + Int(c.value - 48) }
        return v
    }
    guard head[4] == "-", head[7] == "-", let year = digits(0..<4), let month = digits(5..<7), let day = digits(8..<10),
          (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { throw refusal }
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = TimeZone(identifier: "UTC")!
    var c = DateComponents()
    c.year = year; c.month = month; c.day = day; c.hour = 12
    // The calendar rolls 30 February over to 2 March: a day is real when it reads back as itself.
    guard let noon = cal.date(from: c), cal.dateComponents([.year, .month, .day], from: noon) == DateComponents(year: year, month: month, day: day) else {
        throw refusal
    }
    if scalars.count == 10 { return noon }
    guard scalars[10] == "T", let d = ISO8601DateFormatter().date(from: s) else { throw refusal }
    return d
}
