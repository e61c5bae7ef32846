import ArgumentParser
import Foundation

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
    func day(now: () -> Date = Date.init) throws -> Date? {
        if let date { return try parseDate(date) }
        return season ? now() : nil
    }
}
