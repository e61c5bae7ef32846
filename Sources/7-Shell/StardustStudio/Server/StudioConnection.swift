import Foundation
import Hummingbird
import HummingbirdWebSocket
import Stardust

/// One page's WebSocket: a reader applying its messages to the shared document and a writer sending the
/// document's messages and the preview frames.
///
/// Frames are latest-frame-wins: the writer renders (or takes the shared render of) the frame for the playhead
/// *now*, sends it, and only then looks at the clock again, so a slow page simply receives fewer frames; a page
/// that stops reading stalls only its own writer (the socket's back-pressure), never the document or the others.
final class StudioConnection: Sendable {
    let document: StudioDocument
    let frames: FrameRenderer
    let mailbox = StudioMailbox()
    /// Frames per second at most (the page's display rate).
    let maxFrameRate: Double

    init(document: StudioDocument, frames: FrameRenderer, maxFrameRate: Double) {
        self.document = document; self.frames = frames; self.maxFrameRate = maxFrameRate
    }

    /// Serves the page until it disconnects.
    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        document.subscribe(mailbox)
        defer { document.unsubscribe(mailbox) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.writeLoop(outbound) }
            group.addTask { try await self.readLoop(inbound) }
            // Whichever ends first (the page closed, a write failed) ends the other.
            _ = try? await group.next()
            group.cancelAll()
        }
    }

    /// The process-wide tick origin: pages asking within one tick see the same playhead.
    static let epoch = ContinuousClock.now

    private func writeLoop(_ outbound: WebSocketOutboundWriter) async throws {
        var lastKey: FrameRenderer.Key?
        let tick = 1 / max(1, maxFrameRate)
        while !Task.isCancelled {
            let (texts, announced) = mailbox.take()
            for text in texts { try await outbound.write(.text(text)) }
            // The document publishes a version before it posts the `scene` and `state` messages that announce it,
            // so the frame sent just before them may already show it. Sending the playhead's frame again after
            // them keeps the protocol's promise: every frame after a `state` message shows at least its document
            // (a paused page would otherwise wait for a frame that never comes).
            if announced { lastKey = nil }
            let now = ContinuousClock.now
            let k = (StudioDocument.seconds(now - Self.epoch) / tick).rounded(.down)
            let tickStart = Self.epoch + .seconds(k * tick)
            let published = document.current
            let time = document.transport(at: tickStart).time
            let key = FrameRenderer.Key(version: published.version, time: time)
            if key != lastKey {
                let frame = try await frames.frame(of: published, at: time)
                try await outbound.write(.binary(ByteBuffer(bytes: frame.packet)))
                lastKey = key
            }
            let next = Self.epoch + .seconds((k + 1) * tick)
            if next > .now { await StudioExecutor.shared.sleep(until: next) } else { await StudioExecutor.shared.yield() }
        }
    }

    private func readLoop(_ inbound: WebSocketInboundStream) async throws {
        var limiter = MessageRateLimiter()
        for try await message in inbound.messages(maxSize: StudioMessage.maxBytes) {
            switch limiter.admit(at: StudioDocument.seconds(ContinuousClock.now - Self.epoch)) {
            case .admitted: break
            case .refusedFirst:
                reply(error: "too many messages: at most \(Int(MessageRateLimiter.rate)) a second; some were dropped.")
                continue
            case .refusedAgain: continue
            }
            guard case .text(let text) = message else {
                reply(error: "messages are JSON text; binary messages are not accepted.")
                continue
            }
            do {
                try handle(try StudioMessage.parse(text))
            } catch let e as StudioEditError {
                reply(error: e.description)
            } catch {
                reply(error: "\(error)")
            }
        }
    }

    private func reply(error message: String) {
        mailbox.post(JSONWriter.string(.object([("type", .string("error")), ("message", .string(message))])), kind: .reply)
    }

    func handle(_ message: StudioMessage) throws {
        switch message {
        case .play: document.setPlaying(true)
        case .pause: document.setPlaying(false)
        case .seek(let t): document.seek(to: t)
        case .step(let n): document.step(frames: n)
        case .speed(let s): document.setSpeed(s)
        case .undo: if try !document.undo() { throw StudioEditError("nothing to undo.") }
        case .redo: if try !document.redo() { throw StudioEditError("nothing to redo.") }
        case .set(let layer, let keyPath, let json, let gesture):
            let scene = document.current.scene
            guard let emitter = layer.layer(in: scene.root) as? EmitterLayer else {
                throw StudioEditError("layer \(layer) is not an emitter layer.")
            }
            guard let like = emitter.emitterValue(forKeyPath: keyPath) else {
                throw StudioEditError("\(keyPath) names no property of emitter layer \(layer) (cells are found by name).")
            }
            guard let value = StudioValueCoding.value(json, like: like) else {
                throw StudioEditError("\(keyPath) takes \(like.kindName); got \(JSONWriter.string(json).prefix(80)).")
            }
            let time = document.transport().time
            try document.apply(StudioEdit(target: .emitter(layer: layer, keyPath: keyPath), value: value, time: time), gesture: gesture)
        case .setLayer(let layer, let keyPath, let json):
            let drawing = layer.layer(in: document.current.scene.root).flatMap { StudioDrawingControls.value(keyPath, of: $0) }
            let like: AnimatableValue = drawing ?? (keyPath == "opacity" ? .number(0) : .bool(false))
            guard let value = StudioValueCoding.value(json, like: like) else {
                throw StudioEditError("\(keyPath) takes \(like.kindName).")
            }
            try document.apply(StudioEdit(target: .layer(layer: layer, keyPath: keyPath), value: value, time: nil))
        case .setAnimation(let layer, let key, let field, let json):
            let like: AnimatableValue = field == "autoreverses" ? .bool(false) : .number(0)
            guard let value = StudioValueCoding.value(json, like: like) else {
                throw StudioEditError("an animation's \(field) takes \(like.kindName).")
            }
            try document.apply(StudioEdit(target: .animation(layer: layer, key: key, field: field), value: value, time: nil))
        case .pointer(let phase, let x, let y, let id):
            if let status = try document.pointer(PointerPhase(rawValue: phase) ?? .cancelled, at: Point(x, y), id: id) {
                reply(status: status)
            }
        case .snap(let layer):
            reply(status: try document.toggleSnap(layer))
        case .setSource(let path, let json):
            if path.hasSuffix("." + StudioColliderControls.shapeKey) {
                // The collider's shape menu: the collider written anew (StudioColliderControls).
                guard case .string(let kind) = json else { throw StudioEditError("\(path.prefix(80)) takes a shape's name.") }
                try document.apply(try StudioColliderControls.reshape(at: path, to: kind, json: try sourceJSON(), scene: document.current.scene))
                return
            }
            // A polygon's 1–16 vertices read as stops too: the same pairs of numbers, written back as the same JSON.
            guard let value = StudioValueCoding.value(json, like: .number(0)) ?? StudioValueCoding.value(json, like: .bool(false))
                    ?? StudioValueCoding.value(json, like: .point(.zero)) ?? StudioValueCoding.value(json, like: .rect(.zero))
                    ?? StudioCellExtensionControls.stops(json) ?? StudioColliderVertices.value(json)
                    ?? StudioConnection.sourceText(json) else {
                throw StudioEditError("\(path.prefix(80)) takes a number, true or false, [x, y], [x, y, width, height], "
                    + "1–16 stops [[t, value or color], …], a polygon's vertices [[x, y], …] (at most \(StudioColliderVertices.maximumRows)) "
                    + "or a string of at most \(StudioConnection.maximumSourceText) bytes.")
            }
            try document.apply(StudioEdit(target: .source(jsonPath: path), value: value, time: nil))
        case .addSource(let path, let kind):
            try document.apply(try StudioSourceItems.addition(at: path, kind: kind, json: try sourceJSON(), scene: document.current.scene))
        case .removeSource(let path):
            try document.apply(try StudioSourceItems.removal(at: path))
        }
    }

    /// The source's scene JSON with the edits so far; refused for presets, which are built in Swift.
    private func sourceJSON() throws -> JSONValue {
        guard let json = document.info.sourceJSON else {
            throw StudioEditError("\(document.info.source) is a preset built in Swift: its cells have no JSON to add to.")
        }
        return json
    }

    /// Tells the page what a click or a drag did (its status line).
    private func reply(status message: String) {
        mailbox.post(JSONWriter.string(.object([("type", .string("status")), ("message", .string(message))])), kind: .reply)
    }

    /// The longest string a `setSource` may write: room for SVG path data (an emitter path), bounded like every message.
    static let maximumSourceText = 4096

    /// A string value of a `setSource` message (a layer's name, a menu's choice, SVG path data); nil for anything else.
    static func sourceText(_ json: JSONValue) -> AnimatableValue? {
        guard case .string(let s) = json, s.utf8.count <= maximumSourceText else { return nil }
        return .string(s)
    }
}
