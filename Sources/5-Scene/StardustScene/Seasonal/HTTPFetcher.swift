import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal HTTP/1.1 GET client over POSIX sockets with a hard deadline: connection, request and
/// the whole response must complete within `timeout`, or the fetch fails. `https://` addresses go
/// through URLSession (``HTTPSFetcher``), under the same deadline (docs/SEASONAL.md).
/// Only `200` with a body up to `maxBytes` (by `Content-Length` or until the server closes) succeeds;
/// chunked responses are decoded.
public struct HTTPFetcher: RemoteFetcher {
    public init() {}

    public func fetch(_ url: URL, timeout: Double, maxBytes: Int) throws -> [UInt8] {
        if url.scheme == "https" { return try HTTPSFetcher().fetch(url, timeout: timeout, maxBytes: maxBytes) }
        guard url.scheme == "http" else { throw SeasonalError("only http:// and https:// flags can be fetched (got \(url.scheme ?? "?")://)") }
        guard let host = url.host else { throw SeasonalError("the address has no host") }
        let port = url.port ?? 80
        let deadline = Date().addingTimeInterval(timeout)
        func remaining() throws -> Int32 {
            let ms = deadline.timeIntervalSinceNow * 1000
            guard ms > 0 else { throw SeasonalError("no complete answer within \(timeout) s") }
            return Int32(min(ms.rounded(.up), 60_000))
        }
        // Resolve (numeric addresses and names through getaddrinfo; a slow resolver is not bounded by poll).
        var hints = addrinfo()
        hints.ai_family = AF_INET
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var res: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &res) == 0, let ai = res else { throw SeasonalError("cannot resolve \(host)") }
        defer { freeaddrinfo(res) }
        let fd = socket(ai.pointee.ai_family, ai.pointee.ai_socktype, ai.pointee.ai_protocol)
        guard fd >= 0 else { throw SeasonalError("cannot open a socket") }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        if connect(fd, ai.pointee.ai_addr, ai.pointee.ai_addrlen) != 0 && errno != EINPROGRESS {
            throw SeasonalError("cannot connect to \(host):\(port)")
        }
        var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&pfd, 1, try remaining()) == 1 else { throw SeasonalError("no connection within \(timeout) s") }
        var err: Int32 = 0
        var len = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len)
        guard err == 0 else { throw SeasonalError("cannot connect to \(host):\(port)") }

        var path = url.path.isEmpty ? "/" : url.path
        if let q = url.query { path += "?" + q }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nAccept: application/json\r\nConnection: close\r\nUser-Agent: stardust\r\n\r\n".utf8)
        var sent = 0
        while sent < request.count {
            pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            guard poll(&pfd, 1, try remaining()) == 1 else { throw SeasonalError("the request could not be sent within \(timeout) s") }
            let n = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw SeasonalError("the connection closed while sending") }
            sent += n
        }
        // Read everything until the server closes (Connection: close), within the deadline and size cap.
        let headerCap = 16 << 10
        var data: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 8192)
        while true {
            pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, try remaining()) == 1 else { throw SeasonalError("no complete answer within \(timeout) s") }
            let n = buf.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { break }
            guard n > 0 else {
                if errno == EAGAIN || errno == EINTR { continue }
                throw SeasonalError("the connection was lost")
            }
            data.append(contentsOf: buf[0..<n])
            if data.count > maxBytes + headerCap { throw SeasonalError("the document is larger than \(maxBytes) bytes") }
        }
        return try Self.body(of: data, maxBytes: maxBytes)
    }

    /// The body of a complete `200` response.
    static func body(of data: [UInt8], maxBytes: Int) throws -> [UInt8] {
        let sep: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, data.count - 3)).first(where: { Array(data[$0..<$0 + 4]) == sep }) else {
            throw SeasonalError("the answer has no complete HTTP header")
        }
        let head = String(decoding: data[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = head.first?.split(separator: " ")
        guard let status, status.count >= 2, status[0].hasPrefix("HTTP/1.") else { throw SeasonalError("not an HTTP answer") }
        guard status[1] == "200" else { throw SeasonalError("the server answered \(status[1])") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let c = line.firstIndex(of: ":") else { continue }
            headers[line[..<c].lowercased()] = line[line.index(after: c)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(data[(end + 4)...])
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            var out: [UInt8] = [], i = 0
            while true {
                guard let lf = body[i...].firstIndex(of: 10) else { throw SeasonalError("the chunked body was cut off") }
                let sizeText = String(decoding: body[i..<lf], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16) else { throw SeasonalError("bad chunk size") }
                if size == 0 { break }
                guard lf + 1 + size <= body.count else { throw SeasonalError("the chunked body was cut off") }
                out += body[(lf + 1)..<(lf + 1 + size)]
                guard out.count <= maxBytes else { throw SeasonalError("the document is larger than \(maxBytes) bytes") }
                i = lf + 1 + size + 2
                guard i <= body.count else { throw SeasonalError("the chunked body was cut off") }
            }
            body = out
        } else if let cl = headers["content-length"] {
            guard let n = Int(cl), n >= 0 else { throw SeasonalError("bad Content-Length") }
            guard n <= maxBytes else { throw SeasonalError("the document is larger than \(maxBytes) bytes") }
            guard body.count >= n else { throw SeasonalError("the connection closed after \(body.count) of \(n) bytes") }
            body = Array(body[0..<n])
        }
        guard body.count <= maxBytes else { throw SeasonalError("the document is larger than \(maxBytes) bytes") }
        return body
    }
}
