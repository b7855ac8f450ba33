import Foundation
import NIOConcurrencyHelpers

/// What waits to be written to one page, counted in bytes. A page that stops reading (a
/// frozen tab) is let go once its buffer passes the limit, instead of holding the server's
/// memory: its socket is closed with a reason, and the page connects again for a snapshot.
final class PageOutbox: Sendable {
    private let continuation: AsyncStream<String>.Continuation
    private let limit: Int
    private let waiting = NIOLockedValueBox(0)
    private let overflowed = NIOLockedValueBox(false)

    init(continuation: AsyncStream<String>.Continuation, limit: Int) {
        self.continuation = continuation
        self.limit = limit
    }

    /// Queues a message; false, ending the page's stream, when the page is past its limit.
    func send(_ text: String) -> Bool {
        let bytes = text.utf8.count
        let fits = waiting.withLockedValue { waiting in
            guard waiting + bytes <= limit else { return false }
            waiting += bytes
            return true
        }
        guard fits else {
            overflowed.withLockedValue { $0 = true }
            continuation.finish()
            return false
        }
        continuation.yield(text)
        return true
    }

    /// The writer wrote a message of this many bytes.
    func wrote(_ bytes: Int) {
        waiting.withLockedValue { $0 = max(0, $0 - bytes) }
    }

    /// Bytes queued and not yet written.
    var queued: Int { waiting.withLockedValue { $0 } }

    /// Whether the page was let go for not reading.
    var fellBehind: Bool { overflowed.withLockedValue { $0 } }

    func finish() { continuation.finish() }
}
