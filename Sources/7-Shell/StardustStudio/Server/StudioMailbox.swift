import Foundation

/// The text messages waiting to be sent to one page, bounded: a newer `scene` or `state` message replaces
/// an unsent one of its kind, and at most ``maxReplies`` replies (errors, acknowledgements) wait, the oldest
/// dropped first. A page that does not read therefore costs a few messages of memory, never a growing queue.
final class StudioMailbox: @unchecked Sendable {
    /// What a message is, for coalescing.
    enum Kind { case scene, state, reply }

    /// The most replies kept waiting.
    static let maxReplies = 16

    private let lock = NSLock()
    private var scene: String?
    private var state: String?
    private var replies: [String] = []

    /// Queues `text`; a `scene` or `state` message replaces the unsent one of its kind.
    func post(_ text: String, kind: Kind) {
        lock.withLock {
            switch kind {
            case .scene: scene = text
            case .state: state = text
            case .reply:
                if replies.count >= Self.maxReplies { replies.removeFirst() }
                replies.append(text)
            }
        }
    }

    /// Takes every waiting message, in the order scene, state, replies; `announced` tells whether a `scene` or
    /// `state` message was among them.
    func take() -> (texts: [String], announced: Bool) {
        lock.withLock {
            var out: [String] = []
            if let s = scene { out.append(s); scene = nil }
            if let s = state { out.append(s); state = nil }
            let announced = !out.isEmpty
            out += replies
            replies = []
            return (out, announced)
        }
    }
}
