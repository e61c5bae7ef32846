import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP server on 127.0.0.1 with an ephemeral port, for tests: it answers every connection
/// with ``behavior`` on a background thread, and stops by itself after `lifetime` seconds.
public final class LoopbackHTTPServer: @unchecked Sendable {
    public enum Behavior: Sendable {
        /// `200` with this body (and a Content-Length).
        case answer(String)
        /// The same, after a delay in seconds.
        case late(Double, String)
        /// Any status with a body.
        case status(Int, String)
        /// Bytes that are not HTTP at all.
        case garbage
        /// Headers promising `length` bytes, then part of the body, then the connection closes.
        case closeMidBody(String, length: Int)
        /// A `200` whose body is `count` bytes long.
        case huge(Int)
    }

    public let port: UInt16
    private let fd: Int32
    private let lock = NSLock()
    private var _behavior: Behavior
    private var stopped = false
    public private(set) var requests = 0

    public var behavior: Behavior {
        get { lock.lock(); defer { lock.unlock() }; return _behavior }
        set { lock.lock(); _behavior = newValue; lock.unlock() }
    }

    public var url: URL { URL(string: "http://127.0.0.1:\(port)/flags.json")! }

    public init(_ behavior: Behavior, lifetime: Double = 20) throws {
        _behavior = behavior
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); throw POSIXError(.EADDRINUSE) }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) } }
        self.fd = fd
        port = UInt16(bigEndian: addr.sin_port)
        // A bound on the server's life that reads no clock: polls of at most 50 ms each, at least `lifetime` seconds.
        let rounds = max(1, Int(lifetime / 0.05))
        Thread.detachNewThread { [self] in serve(rounds: rounds) }  // keeps the server alive until it stops
    }

    /// Stops accepting and closes the listening socket: later connections are refused.
    /// The serving thread closes the socket itself when it sees the stop, so that its descriptor
    /// number cannot be reused by another server while the thread still polls it.
    public func stop() {
        lock.lock(); defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        shutdown(fd, Int32(SHUT_RDWR))
    }

    deinit { stop() }

    private func serve(rounds: Int) {
        for _ in 0..<rounds {
            lock.lock(); let done = stopped; lock.unlock()
            if done { break }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 50) == 1 else { continue }
            let c = accept(fd, nil, nil)
            guard c >= 0 else { continue }
            lock.lock(); requests += 1; let b = _behavior; lock.unlock()
            Thread.detachNewThread { Self.handle(c, b) }
        }
        lock.lock(); stopped = true; lock.unlock()
        close(fd)
    }

    private static func handle(_ c: Int32, _ b: Behavior) {
        defer { close(c) }
        // Read the request head (bounded).
        var buf = [UInt8](repeating: 0, count: 4096)
        var p = pollfd(fd: c, events: Int16(POLLIN), revents: 0)
        if poll(&p, 1, 2000) == 1 { _ = buf.withUnsafeMutableBytes { recv(c, $0.baseAddress, $0.count, 0) } }
        func put(_ s: String) { let a = Array(s.utf8); _ = a.withUnsafeBytes { send(c, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
        func ok(_ body: String, status: Int = 200) {
            put("HTTP/1.1 \(status) X\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        }
        switch b {
        case .answer(let body): ok(body)
        case .late(let delay, let body): Thread.sleep(forTimeInterval: delay); ok(body)
        case .status(let s, let body): ok(body, status: s)
        case .garbage: put("\u{1}\u{2}garbage, not HTTP\r\n\r\n{{{")
        case .closeMidBody(let body, let length):
            put("HTTP/1.1 200 OK\r\nContent-Length: \(length)\r\nConnection: close\r\n\r\n\(body)")
        case .huge(let n):
            put("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n{\"snow\": true, \"pad\": \"")
            let chunk = String(repeating: "x", count: 8192)
            var sent = 0
            while sent < n { put(chunk); sent += chunk.count }
            put("\"}")
        }
    }
}
