/// The token bucket that bounds how many messages a page may send: ``rate`` a second (a slider drag sends one
/// per animation frame) with a ``burst`` allowance. Time is an input (seconds on any monotonic clock), so the
/// bucket's arithmetic is tested without a clock.
struct MessageRateLimiter: Sendable {
    /// What happened to one message.
    enum Decision: Equatable { case admitted, refusedFirst, refusedAgain }

    /// Messages per second a page may send.
    static let rate = 120.0
    /// Messages a page may send at once after being quiet.
    static let burst = 240.0

    private var allowance = Self.burst
    private var last: Double?
    private var refusing = false

    /// Accounts for a message read at `seconds`. The first refusal of a run is ``Decision/refusedFirst`` (the page
    /// gets one error message), the rest ``Decision/refusedAgain`` (dropped silently) until a message is admitted.
    mutating func admit(at seconds: Double) -> Decision {
        if let last { allowance = min(Self.burst, allowance + max(0, seconds - last) * Self.rate) }
        last = seconds
        guard allowance >= 1 else {
            defer { refusing = true }
            return refusing ? .refusedAgain : .refusedFirst
        }
        allowance -= 1
        refusing = false
        return .admitted
    }
}
