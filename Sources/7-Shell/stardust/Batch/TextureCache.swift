import Foundation
import Stardust
#if canImport(Glibc)
import Glibc
#endif

/// Decoded images shared by the jobs of one `stardust batch` run (docs/BATCH.md): a picture that a thousand
/// personalised scenes use is decoded, and downsampled into its mip chain, once (a ``Texture`` is immutable, so the
/// jobs' threads share it as it is). An entry is keyed by the file's identity and version (device, inode,
/// size, modification time), so a file replaced during the run is decoded again, and two paths to one file share
/// an entry. The cache holds at most `capacityBytes` of pixels (mip levels included); past that, images are decoded
/// per job as without it.
final class TextureCache: @unchecked Sendable {
    private struct Key: Hashable { var device: UInt64; var inode: UInt64; var size: Int64; var seconds: Int; var nanoseconds: Int }

    /// Guards everything below; workers waiting for an image another worker is decoding wait on it.
    private let condition = NSCondition()
    private var textures: [Key: Texture] = [:]
    /// Files being decoded by some worker now: a second job asking for one waits instead of decoding it again.
    private var decoding: Set<Key> = []
    private var bytes = 0
    let capacityBytes: Int
    /// Files decoded, and files served from the cache (for the summary line and the tests).
    private var decoded = 0, hits = 0

    init(capacityBytes: Int = 512 << 20) { self.capacityBytes = capacityBytes }

    /// The texture of the image file at `path`.
    func texture(atPath path: String) throws -> Texture {
        var st = stat()
        guard stat(path, &st) == 0 else { return Texture(try ImageDecoder.decodeFile(atPath: path)) }  // the decoder says why
        let key = Key(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                      seconds: Int(st.st_mtim.tv_sec), nanoseconds: Int(st.st_mtim.tv_nsec))
        condition.lock()
        while decoding.contains(key) { condition.wait() }
        if let texture = textures[key] {
            hits += 1
            condition.unlock()
            return texture
        }
        decoding.insert(key)
        condition.unlock()
        defer {
            condition.lock()
            decoding.remove(key)
            condition.broadcast()
            condition.unlock()
        }
        let texture = Texture(try ImageDecoder.decodeFile(atPath: path))
        condition.lock()
        decoded += 1
        let size = texture.levels.reduce(0) { $0 + $1.pixels.count }
        if bytes + size <= capacityBytes { textures[key] = texture; bytes += size }
        condition.unlock()
        return texture
    }

    var counts: (decoded: Int, hits: Int) { condition.lock(); defer { condition.unlock() }; return (decoded, hits) }
}
