import Foundation

/// A stream of values whose values a flow counts from the moment they are produced until they
/// are delivered, so that ``Flow/settle(timeout:)`` (and every step of a test harness) waits
/// for the values already produced instead of returning while they are on their way.
///
/// Build it as an `AsyncStream`, and return it from a ``StreamInteractor``:
///
/// ```swift
/// struct SpeechRecognizer: StreamInteractor {
///     func values(for request: Locale) async -> TrackedStream<String> {
///         TrackedStream { continuation in
///             let task = Task { for await words in engine.words() { continuation.yield(words) }; continuation.finish() }
///             continuation.onTermination = { task.cancel() }
///         }
///     }
/// }
/// ```
///
/// Any `AsyncSequence` works as a stream's values; a plain one is delivered too, but a settle
/// does not know about a value until the flow has received it. Periodic values come from
/// `Clock.ticks(every:)`, which a test drives with a manual clock.
public struct TrackedStream<Element: Sendable>: AsyncSequence, Sendable {
    /// The values produced and not yet delivered by the flow that iterates the stream.
    package let pending: PendingCount
    /// The values as produced, before ``map(_:)`` and ``prefix(_:)``.
    private let base: AsyncStream<any Sendable>
    /// Turns a produced value into an element; `nil` skips it.
    private let transform: @Sendable (any Sendable) -> Element?
    /// How many elements the stream gives before it ends; `nil` for all.
    private let limit: Int?

    /// The producing end of a ``TrackedStream``.
    public struct Continuation: Sendable {
        let base: AsyncStream<any Sendable>.Continuation
        let pending: PendingCount

        /// Sends a value; it counts as pending until the flow delivered it.
        public func yield(_ value: Element) {
            pending.increment()
            if case .terminated = base.yield(value) { pending.decrement() }
        }

        /// Ends the stream. The end counts as pending until the flow that iterates the stream
        /// has seen it, so that a settle right after the last value finds the stream stopped
        /// (``DestinationContext/hasRunningStreams`` is `false`).
        public func finish() {
            pending.countEnd()
            base.finish()
        }

        /// Called once when the stream ends: finished, or stopped by its consumer. Set it
        /// to cancel the producing task.
        public var onTermination: (@Sendable () -> Void)? {
            get { nil }
            nonmutating set {
                base.onTermination = newValue.map { handler in { @Sendable _ in handler() } }
            }
        }
    }

    /// Creates a stream and calls `build` with its continuation at once.
    public init(_ build: (Continuation) -> Void) {
        let (stream, continuation) = Self.makeStream()
        self = stream
        build(continuation)
    }

    private init(
        base: AsyncStream<any Sendable>,
        pending: PendingCount,
        limit: Int?,
        transform: @escaping @Sendable (any Sendable) -> Element?
    ) {
        self.base = base
        self.pending = pending
        self.limit = limit
        self.transform = transform
    }

    /// Creates a stream and its continuation, for a producer that outlives the call: a test
    /// double that the test feeds.
    public static func makeStream() -> (stream: TrackedStream, continuation: Continuation) {
        let pending = PendingCount()
        let (base, continuation) = AsyncStream<any Sendable>.makeStream()
        let stream = TrackedStream(base: base, pending: pending, limit: nil) { $0 as? Element }
        return (stream, Continuation(base: continuation, pending: pending))
    }

    /// The stream with each value transformed, still counted from production to delivery.
    ///
    /// ```swift
    /// clock.ticks(every: .seconds(1)).map { start + $0 - 1 }
    /// ```
    public func map<Mapped: Sendable>(_ transform: @escaping @Sendable (Element) -> Mapped) -> TrackedStream<Mapped> {
        let inner = self.transform
        return TrackedStream<Mapped>(base: base, pending: pending, limit: limit) { raw in inner(raw).map(transform) }
    }

    /// The stream's first `count` values; it ends after them.
    public func prefix(_ count: Int) -> TrackedStream {
        TrackedStream(base: base, pending: pending, limit: Swift.min(count, limit ?? count), transform: transform)
    }

    /// Iterates the stream's values.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<any Sendable>.Iterator
        let transform: @Sendable (any Sendable) -> Element?
        var remaining: Int?

        /// The next value, or `nil` when the stream ended.
        public mutating func next() async -> Element? {
            guard remaining.map({ $0 > 0 }) ?? true else { return nil }
            while let raw = await base.next() {
                if let value = transform(raw) {
                    remaining = remaining.map { $0 - 1 }
                    return value
                }
            }
            return nil
        }
    }

    /// Makes an iterator.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), transform: transform, remaining: limit)
    }
}

/// Work under way outside tracked tasks that a flow's settle waits for: the values a stream
/// produced and the flow has not delivered yet (and its end, once finished), or a stream's
/// producer while it is awake: from the stream's creation until it sleeps on a test clock, and
/// from each wake (its deadline passed, or it was cancelled) until it sleeps again or ends.
/// Thread-safe; the count never goes below zero.
package final class PendingCount: SleepAccount, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var observers: [Int: @Sendable () -> Void] = [:]
    private var nextObserver = 0
    private var ended = false

    package init() {}

    /// Counts a stream's end once, however often it is finished: it is pending until the
    /// flow that iterates the stream stops counting it.
    package func countEnd() {
        lock.lock()
        let first = !ended
        ended = true
        lock.unlock()
        if first { increment() }
    }

    /// A producer asleep on a test clock is no longer pending.
    package func sleeps() { decrement() }

    /// A producer a test clock resumes is pending again, until it sleeps again or ends.
    package func wakes() { increment() }

    /// Counted already as the clock resumed it.
    package func resumed() {}

    /// Whether nothing is pending.
    package var isZero: Bool {
        lock.lock()
        defer { lock.unlock() }
        return count == 0
    }

    package func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    /// Counts one less; at zero, tells the observers.
    package func decrement() {
        lock.lock()
        guard count > 0 else {
            lock.unlock()
            return
        }
        count -= 1
        let notify = count == 0 ? Array(observers.values) : []
        lock.unlock()
        for observer in notify { observer() }
    }

    /// Calls `observer` whenever the count drops to zero; returns the key that stops it.
    package func observe(_ observer: @escaping @Sendable () -> Void) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let key = nextObserver
        nextObserver += 1
        observers[key] = observer
        return key
    }

    package func stopObserving(_ key: Int) {
        lock.lock()
        let removed = observers.removeValue(forKey: key)
        lock.unlock()
        withExtendedLifetime(removed) {}
    }
}

/// A clock that wakes a stream's producers itself (a test's manual clock), so that the flow
/// counts a woken producer as pending work until it sleeps again.
package protocol ProducerWakingClock {}

extension Clock where Duration == Swift.Duration {
    /// A stream whose producer sleeps on this clock: `produce` runs in a task of its own,
    /// yields values through the continuation, and the stream finishes when it returns or
    /// throws (a cancelled sleep throws when the flow stops the stream).
    ///
    /// ```swift
    /// struct Countdown: StreamInteractor {
    ///     let clock: any Clock<Duration>
    ///     func values(for seconds: Int) async -> TrackedStream<Int> {
    ///         clock.stream { continuation in
    ///             for remaining in (0..<seconds).reversed() {
    ///                 try await clock.sleep(for: .seconds(1))
    ///                 continuation.yield(remaining)
    ///             }
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// This is the race-free way to write a producer that sleeps on a clock. With a test's
    /// manual clock, the producer counts as the flow's pending work from this call — before its
    /// task has even started — until it sleeps on the clock, and again from each wake until it
    /// sleeps again or ends, so a test's advance never runs ahead of a producer that has not
    /// reached its sleep yet, and a step waits for the values each advance makes due. A
    /// producer built by hand (`TrackedStream { continuation in Task { … } }`) is not counted
    /// until its first sleep: an advance made before it got there is lost to it.
    public func stream<Element: Sendable>(
        _ produce: @escaping @Sendable (TrackedStream<Element>.Continuation) async throws -> Void
    ) -> TrackedStream<Element> {
        let producer = self is any ProducerWakingClock ? SleepAccounting.account as? PendingCount : nil
        // Awake from now until the producing task first sleeps on the clock.
        producer?.increment()
        return TrackedStream { continuation in
            let task = Task {
                // The producer's sleeps count for its stream, not for the work that asked for it.
                await SleepAccounting.$account.withValue(producer) {
                    do {
                        try await produce(continuation)
                    } catch {
                        // A producer that throws (a cancelled sleep) ends the stream.
                    }
                }
                continuation.finish()
                // Awake when it ended: no longer the flow's pending work.
                producer?.decrement()
            }
            continuation.onTermination = { task.cancel() }
        }
    }

    /// Ticks every `interval`: yields 1, 2, 3, … at `now + interval`, `now + 2 × interval`, …,
    /// measured from the call, until the consumer stops.
    ///
    /// ```swift
    /// struct MeetingTimer: StreamInteractor {
    ///     let clock: any Clock<Duration>
    ///     func values(for interval: Duration) async -> TrackedStream<Int> { clock.ticks(every: interval) }
    /// }
    /// ```
    ///
    /// With a live clock (`ContinuousClock()`) the ticks come in real time. With a test's
    /// manual clock, each advance of the clock yields the ticks due, and a flow's settle waits
    /// until they are delivered: a test advances time and asserts each tick as a step, with no
    /// sleeps. With an immediate clock the ticks come as fast as they are taken. It is built
    /// with ``stream(_:)``.
    ///
    /// - Precondition: `interval` is positive.
    public func ticks(every interval: Duration) -> TrackedStream<Int> {
        precondition(interval > .zero, "a tick interval must be positive")
        let start = now
        return stream { continuation in
            var tick = 0
            while !Task.isCancelled {
                tick += 1
                try await sleep(until: start.advanced(by: interval * tick), tolerance: nil)
                continuation.yield(tick)
            }
        }
    }
}
