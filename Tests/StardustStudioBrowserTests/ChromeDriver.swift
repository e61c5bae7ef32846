import Foundation
import Testing
import StardustTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Debian's `chromium` and `chromium-driver`, found on the `PATH` (`.ci/run` installs them). When either is
/// missing the browser tests are skipped with ``skipReason``, which the test report shows.
enum ChromeDriver {
    /// The chromedriver executable, if installed.
    static let driverPath = find(["chromedriver"])
    /// The browser executable, if installed.
    static let browserPath = find(["chromium", "chromium-browser", "google-chrome"])

    /// Whether the browser tests can run.
    static var available: Bool { driverPath != nil && browserPath != nil }

    /// Why the browser tests are skipped (printed in the test report).
    static let skipReason: Comment = """
        chromium and chromedriver are not installed (apt-get install chromium chromium-driver; .ci/run does it): \
        the browser end-to-end tests are skipped
        """

    static func find(_ names: [String]) -> String? {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for n in names {
            for d in dirs + ["/usr/bin", "/usr/lib/chromium"] where FileManager.default.isExecutableFile(atPath: "\(d)/\(n)") {
                return "\(d)/\(n)"
            }
        }
        return nil
    }

    /// A free loopback TCP port (bound to port 0 and released; chromedriver takes no port 0).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
        }
        guard ok else { throw WebDriver.Failure(description: "no free port") }
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    /// A running chromedriver on a free loopback port.
    final class Process: @unchecked Sendable {
        let process = Foundation.Process()
        let port: Int
        var base: URL { URL(string: "http://127.0.0.1:\(port)")! }

        init() throws {
            guard let driver = driverPath else { throw WebDriver.Failure(description: "chromedriver is not installed") }
            port = try freePort()
            process.executableURL = URL(fileURLWithPath: driver)
            process.arguments = ["--port=\(port)"]
            // Chromium leaves its singleton-socket folder in TMPDIR when it is ended; keep it in the scratch folder.
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = try ScratchFolder.createdRoot().path
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            ChromeDriver.running = process.processIdentifier
        }

        /// Waits until chromedriver answers `GET /status` (at most 30 s).
        func waitUntilReady() async throws {
            var last = "no answer"
            for _ in 0..<300 {
                do {
                    let v = try await WebDriver.command(base: base, "GET", "status", nil)
                    if let m = v as? [String: Any], (m["ready"] as? NSNumber)?.boolValue == true || m["ready"] as? Bool == true { return }
                    last = "status \(String(describing: v))"
                } catch {
                    last = "\(error)"
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            throw WebDriver.Failure(description: "chromedriver did not start on port \(port): \(last)")
        }

        /// Asks chromedriver to quit (`GET /shutdown`), then kills it if it is still there.
        func stop() async {
            _ = try? await WebDriver.command(base: base, "GET", "shutdown", nil)
            for _ in 0..<40 where process.isRunning { try? await Task.sleep(for: .milliseconds(50)) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            ChromeDriver.running = 0
        }
    }

    /// The chromedriver started by this process (0: none), ended at exit if a test run is cut short.
    nonisolated(unsafe) static var running: Int32 = 0 {
        didSet { if running != 0 && !exitHookInstalled { exitHookInstalled = true; atexit { if ChromeDriver.running != 0 { kill(ChromeDriver.running, SIGKILL) } } } }
    }
    nonisolated(unsafe) static var exitHookInstalled = false

    /// The capabilities of a headless Chromium session with a fixed window and device scale 1.
    static func capabilities(width: Int, height: Int) -> [String: Any] {
        [
            "browserName": "chrome",
            "goog:chromeOptions": [
                "binary": browserPath ?? "chromium",
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars",
                    "--force-device-scale-factor=1", "--window-size=\(width),\(height)", "--no-first-run",
                    "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                ],
            ] as [String: Any],
        ]
    }
}
