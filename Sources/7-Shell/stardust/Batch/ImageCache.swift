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

    private let lock = NSLock()
    private var images: [Key: Image] = [:]
    private var bytes = 0
    let capacityBytes: Int
    /// Files decoded, and files served from the cache (for the tests and the benchmark).
    private(set) var decoded = 0, hits = 0

    init(capacityBytes: Int = 512 << 20) { self.capacityBytes = capacityBytes }

    /// The decoded pixels of the image file at `path`.
    func image(atPath path: String) throws -> Image {
        var st = stat()
        guard stat(path, &st) == 0 else { return try ImageDecoder.decodeFile(atPath: path) }  // the decoder says why
        let key = Key(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                      seconds: Int(st.st_mtim.tv_sec), nanoseconds: Int(st.st_mtim.tv_nsec))
        if let image = lock.withLock({ () -> Image? in
            let found = images[key]
            if found != nil { hits += 1 }
            return found
        }) { return image }
        let image = try ImageDecoder.decodeFile(atPath: path)
        lock.withLock {
            decoded += 1
            let size = image.width * image.height * 4
            if images[key] == nil, bytes + size <= capacityBytes { images[key] = image; bytes += size }
        }
        return image
    }

    var counts: (decoded: Int, hits: Int) { lock.withLock { (decoded, hits) } }
}
