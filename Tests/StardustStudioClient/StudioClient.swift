import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal blocking HTTP/1.1 and WebSocket client for a studio on this machine: what `stardust bench
/// studio-stream` and the tests drive the server with, byte by byte (so a test can also misbehave on purpose:
/// send garbage, stop reading, hang up mid-frame). Not a general client: no TLS, no redirects, no extensions.
/// One thread at a time may use a client (it may be handed from thread to thread).
public final class StudioClient: @unchecked Sendable {
    /// A WebSocket message received.
    public enum Message: Equatable {
        /// A text message.
        case text(String)
        /// A binary message.
        case binary([UInt8])
        /// The server closed the WebSocket.
        case close
    }

    /// What went wrong: a refused handshake (with the HTTP status), a closed socket or a timeout.
    public struct Failure: Error, CustomStringConvertible {
        /// The HTTP status of a refused handshake, else 0.
        public var status: Int
        /// What happened.
        public var description: String

        /// A failure with `status` (0 when there is no HTTP status) and what happened.
        public init(status: Int, description: String) {
            self.status = status; self.description = description
        }
    }

    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// The HTTP status of the WebSocket handshake (101 when it upgraded).
    public private(set) var handshakeStatus = 0

    /// Connects to `127.0.0.1:port`, waiting at most `timeout` seconds for any one read.
    public init(port: Int, timeout: Double = 20) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(status: 0, description: "socket() failed") }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let r = withUnsafePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        // No close here: the object is fully initialized, so throwing runs `deinit`, which closes `fd` (closing it
        // twice could close a descriptor another thread has just been given, e.g. one of the server's sockets).
        guard r == 0 else { throw Failure(status: 0, description: "cannot connect to port \(port)") }
    }

    deinit { Glibc.close(fd) }

    /// Closes the socket at once (no closing handshake): a page that vanished.
    public func hangUp() { shutdown(fd, Int32(SHUT_RDWR)) }

    /// Sends raw bytes.
    public func sendRaw(_ bytes: [UInt8]) throws {
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }  // a signal to the process (a child exiting), not the socket
            guard n > 0 else { throw Failure(status: 0, description: "the connection closed while sending") }
            off += n
        }
    }

    // MARK: HTTP

    /// One HTTP/1.1 request; returns the status, the headers (lower-case names) and the body.
    public func request(_ method: String, _ target: String, port: Int, headers: [(String, String)] = [],
                        body: [UInt8] = []) throws -> (status: Int, headers: [String: String], body: [UInt8]) {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (k, v) in headers { head += "\(k): \(v)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        try sendRaw(Array(head.utf8) + body)
        let (status, fields) = try readHead()
        var out: [UInt8] = []
        if let len = fields["content-length"].flatMap({ Int($0) }) {
            out = try read(len)
        } else if fields["transfer-encoding"]?.lowercased() == "chunked" {
            while true {
                let line = try readLine()
                guard let size = Int(line.split(separator: ";").first.map(String.init) ?? "", radix: 16) else {
                    throw Failure(status: status, description: "bad chunk size \(line)")
                }
                if size == 0 { _ = try? readLine(); break }
                out += try read(size)
                _ = try readLine()
            }
        } else {
            while let b = try? read(1) { out += b }
        }
        return (status, fields, out)
    }

    // MARK: WebSocket

    /// Performs the WebSocket handshake on `path` (with `origin`, nil for none); throws with the status when refused.
    public func upgrade(path: String, port: Int, origin: String?) throws {
        var key = [UInt8](repeating: 0, count: 16)
        for i in key.indices { key[i] = UInt8.random(in: 0...255) }
        var head = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        head += "Sec-WebSocket-Key: \(Data(key).base64EncodedString())\r\nSec-WebSocket-Version: 13\r\n"
        if let origin { head += "Origin: \(origin)\r\n" }
        head += "\r\n"
        try sendRaw(Array(head.utf8))
        let (status, fields) = try readHead()
        handshakeStatus = status
        guard status == 101 else {
            if let len = fields["content-length"].flatMap({ Int($0) }), len < 1 << 16 { _ = try? read(len) }
            throw Failure(status: status, description: "the WebSocket handshake was refused with HTTP \(status)")
        }
    }

    /// Sends a text message (masked, as a client must).
    public func send(text: String) throws { try sendRaw(Self.frame(opcode: 1, payload: Array(text.utf8))) }

    /// A masked client frame.
    public static func frame(opcode: UInt8, payload: [UInt8], fin: Bool = true) -> [UInt8] {
        var out: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let n = payload.count
        if n < 126 { out.append(0x80 | UInt8(n)) }
        else if n < 65536 { out += [0x80 | 126, UInt8(n >> 8), UInt8(n & 255)] }
        else { out.append(0x80 | 127); for i in (0..<8).reversed() { out.append(UInt8((n >> (8 * i)) & 255)) } }
        let mask: [UInt8] = (0..<4).map { _ in UInt8.random(in: 0...255) }
        out += mask
        out += payload.enumerated().map { $1 ^ mask[$0 & 3] }
        return out
    }

    /// The next message (answering pings on the way).
    public func receive() throws -> Message {
        var assembled: [UInt8] = []
        var opcode: UInt8 = 0
        while true {
            let h = try read(2)
            let fin = h[0] & 0x80 != 0, op = h[0] & 0x0F
            var len = Int(h[1] & 0x7F)
            if len == 126 { let b = try read(2); len = Int(b[0]) << 8 | Int(b[1]) }
            else if len == 127 { let b = try read(8); len = b.reduce(0) { $0 << 8 | Int($1) } }
            let mask = h[1] & 0x80 != 0 ? try read(4) : []
            var payload = try read(len)
            if !mask.isEmpty { for i in payload.indices { payload[i] ^= mask[i & 3] } }
            switch op {
            case 8: return .close
            case 9: try sendRaw(Self.frame(opcode: 10, payload: payload)); continue
            case 10: continue
            case 0: assembled += payload
            default: opcode = op; assembled = payload
            }
            if fin { return opcode == 1 ? .text(String(decoding: assembled, as: UTF8.self)) : .binary(assembled) }
        }
    }

    // MARK: Reading

    private func fill() throws {
        if start > 0 && start == buffer.count { buffer.removeAll(keepingCapacity: true); start = 0 }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var n: Int
        repeat {
            n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        } while n < 0 && errno == EINTR  // a signal to the process (a child exiting), not the socket
        guard n > 0 else {
            let e = errno
            let why = n == 0 ? "the connection closed"
                : e == EAGAIN || e == EWOULDBLOCK ? "timed out reading" : "reading failed (errno \(e))"
            throw Failure(status: 0, description: why)
        }
        buffer += chunk[0..<n]
    }

    private func read(_ n: Int) throws -> [UInt8] {
        while buffer.count - start < n { try fill() }
        let out = Array(buffer[start..<(start + n)])
        start += n
        if start > 1 << 20 { buffer.removeFirst(start); start = 0 }
        return out
    }

    private func readLine() throws -> String {
        var line: [UInt8] = []
        while true {
            let b = try read(1)[0]
            if b == 10 { break }
            if b != 13 { line.append(b) }
            if line.count > 1 << 16 { throw Failure(status: 0, description: "a header line is too long") }
        }
        return String(decoding: line, as: UTF8.self)
    }

    private func readHead() throws -> (Int, [String: String]) {
        let statusLine = try readLine()
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw Failure(status: 0, description: "bad status line \(statusLine)") }
        var fields: [String: String] = [:]
        while true {
            let line = try readLine()
            if line.isEmpty { break }
            if let c = line.firstIndex(of: ":") {
                fields[line[..<c].lowercased()] = line[line.index(after: c)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return (status, fields)
    }
}
