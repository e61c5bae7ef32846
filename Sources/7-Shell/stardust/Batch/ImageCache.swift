import Foundation
import Stardust
#if canImport(Glibc)
import Glibc
#endif

/// Decoded images shared by the jobs of one `stardust batch` run (docs/BATCH.md): a picture that a thousand
/// personalised scenes use is decoded once. An entry is keyed by the file's identity and version (device, inode,
/// size, modification time), so a file replaced during the run is decoded again, and two paths to one file share
/// an entry. The cache holds at most `capacityBytes` of pixels; past that, images are decoded per job as without it.
final class ImageCache: @unchecked Sendable {
    private struct Key: Hashable { var device: UInt64; var inode: UInt64; var size: Int64; var seconds: Int; var nanoseconds: Int }

    /// Guards everything below; workers waiting for an image another worker is decoding wait on it.
    private let condition = NSCondition()
    private var images: [Key: Image] = [:]
    /// Files being decoded by some worker now: a second job asking for one waits instead of decoding it again.
    private var decoding: Set<Key> = []
    private var bytes = 0
    let capacityBytes: Int
    /// Files decoded, and files served from the cache (for the summary line and the tests).
    private var decoded = 0, hits = 0

    init(capacityBytes: Int = 512 << 20) { self.capacityBytes = capacityBytes }

    /// The decoded pixels of the image file at `path`.
    func image(atPath path: String) throws -> Image {
        var st = stat()
        guard stat(path, &st) == 0 else { return try ImageDecoder.decodeFile(atPath: path) }  // the decoder says why
        let key = Key(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                      seconds: Int(st.st_mtim.tv_sec), nanoseconds: Int(st.st_mtim.tv_nsec))
        condition.lock()
        while decoding.contains(key) { condition.wait() }
        if let image = images[key] {
            hits += 1
            condition.unlock()
            return image
        }
        decoding.insert(key)
        condition.unlock()
        defer {
            condition.lock()
            decoding.remove(key)
            condition.broadcast()
            condition.unlock()
        }
        let image = try ImageDecoder.decodeFile(atPath: path)
        condition.lock()
        decoded += 1
        let size = image.width * image.height * 4
        if bytes + size <= capacityBytes { images[key] = image; bytes += size }
        condition.unlock()
        return image
    }

    var counts: (decoded: Int, hits: Int) { condition.lock(); defer { condition.unlock() }; return (decoded, hits) }
}
