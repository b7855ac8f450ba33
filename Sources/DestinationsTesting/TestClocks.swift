import Destinations
import Foundation

/// A clock that stands still until the test advances it: time for interactors under test.
///
/// An interactor takes its clock (`any Clock<Duration>`): the app gives it `ContinuousClock()`,
/// a test a manual clock, and the harness step ``FlowHarness/advance(_:by:fileID:filePath:line:column:_:)``
/// moves time and checks what the ticks did:
///
/// ```swift
/// let clock = ManualClock()
/// let harness = try FlowHarness(.stack(.meetings, .record(id: 1)), providers: .app(clock: clock))
/// try await harness.advance(clock, by: .seconds(1)) {
///     """
///     stack
///       meetings
///       record(id: 1) ◀
///     state of record(id: 1)
///       secondsElapsed: 1
///     """
/// }
/// ```
///
/// Advancing wakes the sleepers whose deadline passed, in deadline order. A stream's producer
/// it wakes (`Clock.ticks(every:)`, or any producer written with `Clock.stream(_:)`) counts as
/// the flow's pending work until it sleeps again, and the values it yields into a
/// ``/Destinations/TrackedStream`` until the flow delivered them, so the step's settle sees every tick: no
/// sleeps, no polling. Tracked work (an interactor's request) asleep on the clock counts as
/// settled until an advance wakes it; from then on the step waits for it. Each sleep counts for
/// itself: work whose child tasks (a task group, `async let`) sleep on the clock is settled only
/// once none of its other tasks runs, and a sleeper that is cancelled runs on as the work's, as
/// a woken one does, until it sleeps again or ends.
public final class ManualClock: Clock, @unchecked Sendable, ProducerWakingClock {
    /// A moment of a test clock: the time since the clock's start.
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// The time since the clock's start.
        public var offset: Duration

        /// Creates an instant `offset` after the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        /// `+3.0 seconds`.
        public var description: String { "+\(offset)" }
    }

    private struct Sleeper {
        let key: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Wake, Never>
        /// What the sleeping task's sleep counts against: its tracked work, or its stream.
        let account: (any SleepAccount)?
    }

    /// How a sleep ended.
    private struct Wake {
        /// Whether the task slept, rather than returning at once.
        let slept: Bool
        /// Whether it was cancelled.
        let cancelled: Bool
    }

    private let lock = NSLock()
    private var current: Instant
    private var sleepers: [Sleeper] = []
    private var cancelled: Set<Int> = []
    private var nextKey = 0

    /// Creates a clock that reads `now`. From then on, tracked work counts its child tasks, so
    /// that a settle knows which of them run while others sleep on the clock.
    public init(now: Instant = Instant(offset: .zero)) {
        current = now
        WorkAccounting.install { TrackedActivity() }
    }

    /// The time now: it moves only when the test advances it.
    public var now: Instant {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// A manual clock has no resolution limit.
    public var minimumResolution: Duration { .zero }

    /// How many tasks sleep on the clock now.
    public var sleeperCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return sleepers.count
    }

    /// The earliest deadline a task sleeping on the clock waits for, or `nil` when none sleeps:
    /// where an advance that stops at each wake stops next.
    public var nextDeadline: Instant? {
        lock.withLock { sleepers.map(\.deadline).min() }
    }

    /// Sleeps until the clock is advanced to `deadline`; returns at once when it is there
    /// already.
    ///
    /// While it sleeps, the task counts as asleep for the flow's settle (the work it does for a
    /// flow is settled when none of its other tasks runs); resumed — by an advance, or by its
    /// cancellation — it counts as running again.
    ///
    /// - Throws: `CancellationError` when the sleeping task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        // A task the work started outside its structure holds the work awake while it sleeps,
        // rather than count as the work's sleep: its siblings run where no count sees them.
        let inherited = SleepAccounting.account
        let outside = inherited?.sleepsOutsideItsWork() == true
        let account = outside ? inherited.map { OutsideSleep($0) } : inherited
        let key = lock.withLock {
            nextKey += 1
            return nextKey
        }
        let wake = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Wake, Never>) in
                lock.lock()
                if cancelled.remove(key) != nil {
                    lock.unlock()
                    continuation.resume(returning: Wake(slept: false, cancelled: true))
                    return
                }
                guard deadline > current else {
                    lock.unlock()
                    continuation.resume(returning: Wake(slept: false, cancelled: false))
                    return
                }
                // Asleep: counted before an advance or a cancellation can find the sleeper.
                account?.sleeps()
                sleepers.append(Sleeper(key: key, deadline: deadline, continuation: continuation, account: account))
                lock.unlock()
            }
        } onCancel: {
            lock.lock()
            guard let index = sleepers.firstIndex(where: { $0.key == key }) else {
                cancelled.insert(key)
                lock.unlock()
                return
            }
            let sleeper = sleepers.remove(at: index)
            lock.unlock()
            // A cancelled sleeper runs on (to its cleanup, or to deliver what it has): the
            // work's again, as a woken one is.
            sleeper.account?.wakes()
            sleeper.continuation.resume(returning: Wake(slept: true, cancelled: true))
        }
        if wake.slept { account?.resumed() }
        if wake.cancelled { throw CancellationError() }
    }

    /// Moves time forward by `duration` and wakes the sleepers whose deadline passed, in
    /// deadline order.
    ///
    /// - Precondition: `duration` is not negative.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "a clock cannot go back")
        lock.lock()
        let target = current.advanced(by: duration)
        lock.unlock()
        advance(to: target)
    }

    /// Moves time forward to `instant` (or nowhere, when it is there already) and wakes the
    /// sleepers whose deadline passed, in deadline order.
    public func advance(to instant: Instant) {
        lock.lock()
        if instant > current { current = instant }
        let now = current
        let due = sleepers.filter { $0.deadline <= now }.sorted { ($0.deadline, $0.key) < ($1.deadline, $1.key) }
        sleepers.removeAll { $0.deadline <= now }
        lock.unlock()
        for sleeper in due {
            // Awake: the flow's pending work until it sleeps again or ends.
            sleeper.account?.wakes()
            sleeper.continuation.resume(returning: Wake(slept: true, cancelled: false))
        }
    }
}

/// A clock on which every sleep ends at once, with the time moved to its deadline: for code
/// that waits (a debounce, a delay before a retry) when a test wants the outcome, not the wait.
///
/// A periodic stream (`Clock.ticks(every:)`) on an immediate clock ticks as fast as it is
/// taken: drive timers with a ``ManualClock`` instead. A sleep on it never counts as asleep: the
/// work that sleeps holds a settle until it is done, as it would with a live clock.
public final class ImmediateClock: Clock, @unchecked Sendable {
    /// A moment of the clock: the time since its start.
    public typealias Instant = ManualClock.Instant

    private let lock = NSLock()
    private var current: Instant

    /// Creates a clock that reads `now`. From then on, tracked work runs one job at a time on
    /// the main queue and is counted, as with a ``ManualClock``, so that a test on an immediate
    /// clock cannot race.
    public init(now: Instant = Instant(offset: .zero)) {
        current = now
        WorkAccounting.install { TrackedActivity() }
    }

    /// The time now: the latest deadline slept until.
    public var now: Instant {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// An immediate clock has no resolution limit.
    public var minimumResolution: Duration { .zero }

    /// Moves the time to `deadline` and returns.
    ///
    /// - Throws: `CancellationError` when the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        lock.withLock {
            if deadline > current { current = deadline }
        }
        await Task.yield()
        try Task.checkCancellation()
    }
}

extension FlowHarness {
    /// Advances a test clock, as time passing would, waits for what the interactors do with it
    /// — the ticks delivered, the requests they started — and checks the state after it, the
    /// screens' states included.
    ///
    /// ```swift
    /// try await harness.advance(clock, by: .seconds(1)) { … "secondsElapsed: 1" … }
    /// ```
    ///
    /// - Throws: ``HarnessError`` when the work does not finish within ``settleTimeout``.
    public func advance(
        _ clock: ManualClock,
        by duration: Duration,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ expected: (() -> String)? = nil
    ) async throws(HarnessError) {
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let call = "advance(<#clock#>, by: \(Self.code(for: duration)))"
        try await step("advance the clock by \(duration)", location: location, expected: expected, call: call) {
            () throws(HarnessError) -> String? in
            clock.advance(by: duration)
            return nil
        }
    }

    /// A duration as Swift code: `.seconds(1)`, `.milliseconds(250)`.
    static func code(for duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return ".seconds(\(seconds))" }
        let milliseconds = attoseconds / 1_000_000_000_000_000
        if attoseconds % 1_000_000_000_000_000 == 0 { return ".milliseconds(\(seconds * 1000 + milliseconds))" }
        return ".nanoseconds(\(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))"
    }
}

/// The sleep of a task outside its work's structure, as its work's account sees it: it holds
/// the work awake from the sleep until the clock resumes it.
private final class OutsideSleep: SleepAccount {
    private let work: any SleepAccount

    init(_ work: any SleepAccount) {
        self.work = work
    }

    func sleeps() { work.holdsAwake(1) }

    func wakes() { work.holdsAwake(-1) }

    func resumed() {}
}
