import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files (and helper processes) of the outputs being written, so that an interrupted
/// program leaves nothing behind: ``removeOnSignals()`` installs handlers for SIGINT, SIGTERM and SIGHUP
/// that stop the registered processes, remove the registered files, and then let the signal end the
/// process as it would have (same signal, same exit status).
public enum TemporaryFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var paths: Set<String> = []
    nonisolated(unsafe) private static var processes: Set<Int32> = []
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    /// Remembers `path` as a temporary file to remove if the program is interrupted.
    public static func register(_ path: String) { lock.withLock { _ = paths.insert(path) } }
    /// Forgets `path` (it was renamed into place or removed).
    public static func unregister(_ path: String) { lock.withLock { _ = paths.remove(path) } }
    /// Remembers a child process to kill before the files are removed (it may still be writing them).
    public static func register(process pid: Int32) { lock.withLock { _ = processes.insert(pid) } }
    public static func unregister(process pid: Int32) { lock.withLock { _ = processes.remove(pid) } }

    /// The registered paths (for tests).
    public static var registered: Set<String> { lock.withLock { paths } }

    /// Kills the registered processes and removes the registered files. Safe to call more than once.
    public static func removeAll() {
        let (files, pids) = lock.withLock { () -> (Set<String>, Set<Int32>) in
            defer { paths = []; processes = [] }
            return (paths, processes)
        }
        for pid in pids {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        for p in files { unlink(p) }
    }

    /// Installs the SIGINT, SIGTERM and SIGHUP handlers (once). After cleaning up, the signal's default
    /// action is restored and the signal raised again, so the exit status still says which signal ended the program.
    public static func removeOnSignals() {
        lock.withLock {
            guard sources.isEmpty else { return }
            for sig in [SIGINT, SIGTERM, SIGHUP] {
                signal(sig, SIG_IGN)  // delivered to the dispatch source instead
                let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
                source.setEventHandler {
                    removeAll()
                    signal(sig, SIG_DFL)
                    kill(getpid(), sig)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
