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
    nonisolated(unsafe) private static var folders: Set<String> = []
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
    nonisolated(unsafe) private static var signalled = false

    /// True once a handled signal arrived: the program is about to end by that signal, so an error
    /// it causes elsewhere (ffmpeg killed mid-write) should not be reported as the program's own.
    public static var isInterrupted: Bool { lock.withLock { signalled } }

    /// Remembers `path` as a temporary file to remove if the program is interrupted.
    public static func register(_ path: String) { lock.withLock { _ = paths.insert(path) } }
    /// Forgets `path` (it was renamed into place or removed).
    public static func unregister(_ path: String) { lock.withLock { _ = paths.remove(path) } }
    /// Remembers a private folder (an upload folder) to remove, with everything in it, when the program ends or is
    /// interrupted (docs/HOSTILE-INPUT.md, rule 6).
    public static func register(folder path: String) { lock.withLock { _ = folders.insert(path) } }
    /// Forgets a folder (it was removed).
    public static func unregister(folder path: String) { lock.withLock { _ = folders.remove(path) } }

    /// Remembers a child process to kill before the files are removed (it may still be writing them).
    public static func register(process pid: Int32) { lock.withLock { _ = processes.insert(pid) } }
    /// Forgets a child process (it has exited).
    public static func unregister(process pid: Int32) { lock.withLock { _ = processes.remove(pid) } }

    /// The registered paths (for tests).
    public static var registered: Set<String> { lock.withLock { paths } }

    /// Kills the registered processes and removes the registered files. Safe to call more than once.
    public static func removeAll() {
        let (files, pids, dirs) = lock.withLock { () -> (Set<String>, Set<Int32>, Set<String>) in
            defer { paths = []; processes = []; folders = [] }
            return (paths, processes, folders)
        }
        for pid in pids {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        for p in files { unlink(p) }
        for d in dirs { removeTree(d) }
    }

    /// Removes `path` and everything below it, without following links out of it.
    static func removeTree(_ path: String) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        if st.st_mode & S_IFMT == S_IFDIR, let dir = opendir(path) {
            var names: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(dir)
            for n in names { removeTree(path + "/" + n) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// Installs the SIGINT, SIGTERM and SIGHUP handlers (once). After cleaning up, the signal's default
    /// action is restored and the signal raised again, so the exit status still says which signal ended the program.
    public static func removeOnSignals() {
        lock.withLock {
            guard sources.isEmpty else { return }
            // Dispatch reads signals through signalfd on Linux, which sees only blocked signals: block
            // them in this thread (call this first thing in main, so every later thread inherits the mask).
            var set = sigset_t()
            sigemptyset(&set)
            for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, sig) }
            pthread_sigmask(SIG_BLOCK, &set, nil)
            for sig in [SIGINT, SIGTERM, SIGHUP] {
                signal(sig, SIG_IGN)  // delivered to the dispatch source instead
                let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
                source.setEventHandler {
                    lock.withLock { signalled = true }
                    removeAll()
                    // Default action, unblocked: the signal now ends the process with its usual status.
                    signal(sig, SIG_DFL)
                    var one = sigset_t()
                    sigemptyset(&one)
                    sigaddset(&one, sig)
                    // Directed at this thread, so dispatch's signalfd (read by another thread) cannot take it back.
                    pthread_kill(pthread_self(), sig)
                    pthread_sigmask(SIG_UNBLOCK, &one, nil)
                    sleep(5)
                    _exit(128 + sig)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
