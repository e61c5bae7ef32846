import Foundation
import Stardust

/// Renders one page's preview frames on a thread of its own (the render threads of the one `parallelFor`
/// inside), keeping the last one: asking again for the same scene version and time costs nothing.
///
/// Each page has its own renderer: a page whose socket is full holds up only its own frames.
/// Each frame goes out as one ``StudioFramePacket``.
actor FrameRenderer {
    /// Which frame: a published scene version at a scene time.
    struct Key: Equatable, Sendable {
        var version: Int
        var time: Double
    }

    /// One rendered frame and its packet.
    final class Frame: Sendable {
        let key: Key
        let serial: Int
        /// Header and straight RGBA pixels (see ``FrameRenderer``).
        let packet: [UInt8]
        init(key: Key, serial: Int, packet: [UInt8]) { self.key = key; self.serial = serial; self.packet = packet }
    }

    private var latest: Frame?
    private let worker: Worker

    /// A renderer using `threads` render threads (0: all cores).
    init(threads: Int = 0) { worker = Worker(threads: threads) }

    /// The frame of `published` at `time`: the last one when it is the same, else rendered now.
    func frame(of published: StudioDocument.Published, at time: Double) async throws -> Frame {
        let key = Key(version: published.version, time: time)
        if let l = latest, l.key == key { return l }
        let frame = try await worker.render(published, at: time, key: key)
        latest = frame
        return frame
    }

    /// The render state: used only on its serial queue.
    final class Worker: @unchecked Sendable {
        private let queue = DispatchQueue(label: "stardust.studio.render", qos: .userInitiated)
        private let renderer: Renderer
        private let scratch = DrawScratch()
        private var image = Image(width: 0, height: 0)
        private var serial = 0

        init(threads: Int) { renderer = Renderer(threads: threads) }

        func render(_ published: StudioDocument.Published, at time: Double, key: Key) async throws -> Frame {
            try await withCheckedThrowingContinuation { (c: CheckedContinuation<Frame, any Error>) in
                queue.async {
                    do { c.resume(returning: try self.renderNow(published.scene, at: time, key: key)) } catch { c.resume(throwing: error) }
                }
            }
        }

        private func renderNow(_ scene: Scene, at time: Double, key: Key) throws -> Frame {
            let list = scene.displayList(at: time, scratch: scratch)
            if image.width != list.pixelWidth || image.height != list.pixelHeight { image = Image(width: list.pixelWidth, height: list.pixelHeight) }
            try renderer.render(list, into: &image)
            serial &+= 1
            return Frame(key: key, serial: serial, packet: StudioFramePacket.make(image, serial: serial, time: time))
        }

    }
}
