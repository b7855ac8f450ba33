import Foundation
import NIOConcurrencyHelpers

/// What waits to be written to one page, counted in bytes, in two lanes: messages (events,
/// hellos, errors) and graph drawings. A drawing is written only when no message waits, and
/// a newer drawing of a session replaces one not yet written, so events never wait behind
/// drawings. A page that stops reading (a frozen tab) is let go, instead of holding the
/// server's memory: once its buffer passes the limit, or once nothing it was sent has been
/// written for the hub's stall limit. Its socket is then closed with the reason, and the page
/// connects again for a snapshot.
final class PageOutbox: Sendable {
    private struct State {
        var waiting = 0
        /// When the writer last made progress while something waited: nil when nothing waits.
        var since: ContinuousClock.Instant?
        var drawings: [Int: String] = [:]
        var letGo: String?
        var closer: (@Sendable (String) -> Void)?
    }

    private let continuation: AsyncStream<String>.Continuation
    private let limit: Int
    private let state = NIOLockedValueBox(State())
    /// Wakes the writer for a drawing.
    private let drawingSignal: AsyncStream<Void>.Continuation
    /// Yields once for each drawing queued (coalesced), for the writer.
    let drawingsQueued: AsyncStream<Void>

    init(continuation: AsyncStream<String>.Continuation, limit: Int) {
        self.continuation = continuation
        self.limit = limit
        let (stream, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        drawingsQueued = stream
        drawingSignal = signal
    }

    /// Counts `bytes` more waiting; false when they do not fit.
    private func admit(_ bytes: Int, replacing old: Int = 0, now: ContinuousClock.Instant = .now) -> Bool {
        state.withLockedValue { state in
            guard state.letGo == nil, state.waiting - old + bytes <= limit else { return false }
            if state.waiting == 0 { state.since = now }
            state.waiting += bytes - old
            return true
        }
    }

    /// Queues a message; false, letting the page go, when the page is past its limit.
    func send(_ text: String) -> Bool {
        guard admit(text.utf8.count) else {
            letGo("the page fell behind")
            return false
        }
        continuation.yield(text)
        return true
    }

    /// Queues a session's drawing in place of one of the same session not yet written; false,
    /// letting the page go, when the page is past its limit.
    func sendDrawing(_ text: String, session: Int) -> Bool {
        // One hold of the lock: the writer may take the old drawing meanwhile otherwise, and its
        // bytes would be counted off twice.
        let bytes = text.utf8.count
        let admitted = state.withLockedValue { state in
            let old = state.drawings[session]?.utf8.count ?? 0
            guard state.letGo == nil, state.waiting - old + bytes <= limit else { return false }
            if state.waiting == 0 { state.since = .now }
            state.waiting += bytes - old
            state.drawings[session] = text
            return true
        }
        guard admitted else {
            letGo("the page fell behind")
            return false
        }
        drawingSignal.yield()
        return true
    }

    /// The oldest session's drawing waiting, taken for the writer (which then reports it
    /// with ``wrote(_:)``).
    func takeDrawing() -> String? {
        state.withLockedValue { state in
            guard let session = state.drawings.keys.min() else { return nil }
            return state.drawings.removeValue(forKey: session)
        }
    }

    /// The next frame for the page's writer: the messages waiting, one a line, taken from
    /// `waiting`; only when none wait, a drawing. Events never wait behind drawings.
    func nextFrame(_ waiting: inout [String]) -> String? {
        Self.joined(&waiting) ?? takeDrawing()
    }

    /// The messages waiting, one a line, taken from `waiting`; nil when none wait.
    static func joined(_ waiting: inout [String]) -> String? {
        guard !waiting.isEmpty else { return nil }
        defer { waiting.removeAll() }
        return waiting.joined(separator: "\n")
    }

    /// The writer wrote this many bytes.
    func wrote(_ bytes: Int, now: ContinuousClock.Instant = .now) {
        state.withLockedValue { state in
            state.waiting = max(0, state.waiting - bytes)
            state.since = state.waiting > 0 ? now : nil
        }
    }

    /// Bytes queued and not yet written.
    var queued: Int { state.withLockedValue { $0.waiting } }

    /// Whether bytes have waited, with no write in between, for longer than `limit` at `now`.
    func stalled(at now: ContinuousClock.Instant, after limit: Duration) -> Bool {
        state.withLockedValue { state in state.since.map { $0.duration(to: now) > limit } ?? false }
    }

    /// Lets the page go: its lanes end and its connection is closed with the reason.
    func letGo(_ reason: String) {
        let closer = state.withLockedValue { state -> (@Sendable (String) -> Void)? in
            guard state.letGo == nil else { return nil }
            state.letGo = reason
            state.drawings.removeAll()
            return state.closer
        }
        continuation.finish()
        drawingSignal.finish()
        closer?(reason)
    }

    /// Why the page was let go, if it was.
    var letGoReason: String? { state.withLockedValue { $0.letGo } }

    /// Whether the page was let go for not reading.
    var fellBehind: Bool { letGoReason != nil }

    /// Runs `closer` with the reason when the page is let go (at once if it was).
    func onLetGo(_ closer: @escaping @Sendable (String) -> Void) {
        let reason = state.withLockedValue { state -> String? in
            if state.letGo == nil { state.closer = closer }
            return state.letGo
        }
        if let reason { closer(reason) }
    }

    /// Ends the lanes: the page went away.
    func finish() {
        continuation.finish()
        drawingSignal.finish()
    }
}
