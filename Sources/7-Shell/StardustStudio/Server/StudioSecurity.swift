import Foundation

/// Who may drive the studio (docs/STUDIO.md, security model).
///
/// The server binds to loopback unless told otherwise. Every API request and the WebSocket must carry the
/// session token (the `token` query parameter or the `X-Stardust-Token` header) — a random 128-bit value
/// printed in the address to open, compared in constant time — and name the studio itself in `Host`, so a
/// page of another site, even one whose name resolves to 127.0.0.1 (DNS rebinding), cannot reach the state.
/// The WebSocket and every state-changing request must also carry an `Origin` equal to the studio's own.
struct StudioSecurity: Sendable {
    /// The session token.
    let token: String
    /// The `host:port` spellings the studio answers to (`127.0.0.1:8080`, `localhost:8080`, `[::1]:8080`, the bound host).
    let authorities: Set<String>

    /// A fresh random token: 32 hex digits.
    static func makeToken() -> String {
        var g = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &g)) }.joined()
    }

    init(token: String, host: String, port: Int) {
        self.token = token
        var a: Set<String> = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
        a.insert(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]:\(port)" : "\(host):\(port)")
        authorities = a
    }

    /// Why a request is refused, or nil when it may go on. `origin` is required for the WebSocket and state changes.
    func refusal(token presented: String?, authority: String?, origin: String?, requireOrigin: Bool) -> String? {
        guard let presented, Self.constantTimeEqual(presented, token) else {
            return "this studio session needs its token: open the address `stardust studio` printed."
        }
        guard let authority, authorities.contains(authority.lowercased()) else {
            return "the Host header does not name this studio."
        }
        if requireOrigin {
            guard let origin, authorities.contains(where: { "http://\($0)" == origin.lowercased() }) else {
                return "requests that change the studio must come from the studio's own page (Origin)."
            }
        }
        return nil
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var d: UInt8 = 0
        for i in 0..<x.count { d |= x[i] ^ y[i] }
        return d == 0
    }
}
