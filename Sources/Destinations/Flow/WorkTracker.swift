import Foundation

/// The finite work a flow's Destinations have under way, so that it can be awaited.
@MainActor
final class WorkTracker {
    struct Entry {
        let owner: ElementID?
        let route: String?
        let type: String?
        let label: (any Sendable)?
        /// For a tracked task: whether it and its child tasks are awake or asleep on a test
        /// clock.
        var activity: (any WorkAccount)? = nil
        /// The test harness's step the work started in, when a harness runs the flow.
        var origin: Int? = nil
    }

    /// The test harness's step that work started from now on belongs to; `nil` outside a
    /// harness. Only the harness's end-of-test check reads it.
    var origin: Int?

    private var entries: [Int: Entry] = [:]
    private var nextKey = 0
    private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var nextWaiter = 0
    /// Counts every piece of work started or finished: what a waiter calls progress.
    private var progress = 0

    /// Counts of work outside tracked tasks (a stream's values on their way), by key.
    var sources: [Int: (count: PendingCount, entry: Entry, observer: Int)] = [:]

    /// Whether no tracked work is under way: every tracked task has finished or is asleep —
    /// some of its tasks sleep on a test clock (which only the test's advance wakes) and none of
    /// the others runs — and no source counts pending work.
    var isIdle: Bool {
        entries.values.allSatisfy { $0.activity?.isAsleep ?? false } && sources.values.allSatisfy { $0.count.isZero }
    }

    /// Counts `count` as work under way while it is not zero, until ``removeSource(_:)``.
    func addSource(_ count: PendingCount, owner: ElementID?, route: String?, label: String) -> Int {
        let key = nextKey
        nextKey += 1
        let entry = Entry(owner: owner, route: route, type: nil, label: label, origin: origin)
        sources[key] = (count, entry, observe(count))
        return key
    }

    /// Counts a drop of `count` to zero as progress, and looks for idleness then.
    private func observe(_ count: PendingCount) -> Int {
        count.observe {
            Task { @MainActor [weak self] in
                // A value delivered is progress, as a task that finished or fell asleep is.
                self?.progress &+= 1
                self?.resumeIfIdle()
            }
        }
    }

    /// Stops counting a source; its pending work no longer holds a settle.
    func removeSource(_ key: Int) {
        guard let source = sources.removeValue(forKey: key) else { return }
        source.count.stopObserving(source.observer)
        resumeIfIdle()
    }

    /// Tracks `task` until it finishes. With `activity`, what a test clock and the work's
    /// executor know of the task and its children, the task holds a settle only while it is not
    /// asleep (``WorkAccount/isAsleep``).
    func add(
        _ task: Task<Void, Never>,
        owner: ElementID?,
        route: String?,
        type: Any.Type? = nil,
        label: (any Sendable)?,
        activity: (any WorkAccount)? = nil
    ) {
        let key = nextKey
        nextKey += 1
        var entry = Entry(owner: owner, route: route, type: type.map { String(describing: $0) }, label: label)
        entry.activity = activity
        entry.origin = origin
        activity?.observe {
            Task { @MainActor [weak self] in
                // Work that fell asleep is progress, as work that finished is.
                self?.progress &+= 1
                self?.resumeIfIdle()
            }
        }
        entries[key] = entry
        progress &+= 1
        Task { @MainActor [weak self] in
            await task.value
            self?.finish(key)
        }
    }

    private func finish(_ key: Int) {
        entries.removeValue(forKey: key)?.activity?.stopObserving()
        progress &+= 1
        resumeIfIdle()
    }

    /// Resumes the waiters when no work is left. Work left asleep is confirmed first.
    func resumeIfIdle() {
        guard isIdle, !waiters.isEmpty else { return }
        guard hasSleepingWork else {
            resumeWaiters()
            return
        }
        confirmSleep()
    }

    /// Whether some tracked task is asleep rather than finished.
    private var hasSleepingWork: Bool { !entries.isEmpty }

    private func resumeWaiters() {
        let ready = waiters
        waiters.removeAll()
        for waiter in ready.values { waiter.resume(returning: true) }
    }

    /// Whether a confirmation of sleeping work is under way.
    private var isConfirming = false
    /// Whether work fell asleep again while a confirmation was under way: it is confirmed anew.
    private var fellAsleepWhileConfirming = false

    /// Resumes the waiters once work that fell asleep is still asleep after a pass through the
    /// main queue in which none of it made progress.
    ///
    /// In a test, tracked work runs its jobs on the main queue (the testing module's executor),
    /// where the main actor runs too, first in, first out. A task that waits for its children comes back
    /// through the main actor, where no count sees it: its child's last job has already been
    /// counted off. But it was queued before the pass, so it runs before the pass ends, and
    /// whatever it starts is counted by then; a pass in which no job of the work ran, and after
    /// which the work is still asleep, confirms it.
    private func confirmSleep() {
        guard !isConfirming else {
            fellAsleepWhileConfirming = true
            return
        }
        isConfirming = true
        Task { @MainActor [weak self] in
            var seen = self?.progressMark
            while true {
                await Self.mainQueuePass()
                guard let self else { return }
                let mark = self.progressMark
                let again = self.fellAsleepWhileConfirming || mark != seen
                self.fellAsleepWhileConfirming = false
                seen = mark
                guard again, self.isIdle else { break }
            }
            guard let self else { return }
            self.isConfirming = false
            guard self.isIdle else { return }
            self.resumeWaiters()
        }
    }

    /// Progress of every kind: work started or finished, values delivered, and the jobs the
    /// tracked work's children ran.
    private var progressMark: Int {
        entries.values.reduce(progress) { $0 &+ ($1.activity?.jobsRun ?? 0) }
    }

    /// Waits until everything the main queue holds now has run.
    static func mainQueuePass() async {
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume() }
        }
    }

    /// Waits until no tracked work is left, including work added while waiting — work asleep
    /// on a test clock (``WorkAccount/isAsleep``) counts as done, since only the test's
    /// advance wakes it — or until the work stalls: `timeout` of scheduled time passes with no
    /// piece of it starting or finishing.
    ///
    /// The wait is not a wall-clock budget, which parallel tests on a busy machine would eat
    /// up: a watchdog counts ticks of ``stallTick`` in which nothing progressed, and a tick
    /// counts only once both the main actor and the cooperative pool have run it, so on a
    /// loaded machine the budget stretches with the time the work itself is given. Work that
    /// never finishes still fails, after about `timeout` on an idle machine.
    ///
    /// - Throws: ``SettleTimeout`` with the work still pending when it stalled.
    func settle(timeout: Duration) async throws(SettleTimeout) {
        guard !isIdle || hasSleepingWork else { return }
        let key = nextWaiter
        nextWaiter += 1
        let watchdog = Task { @MainActor [weak self, progressMark] in
            var seen = progressMark
            var stalled = Duration.zero
            while !Task.isCancelled {
                await Self.tick()
                guard !Task.isCancelled, let self else { return }
                if self.progressMark != seen {
                    seen = self.progressMark
                    stalled = .zero
                    continue
                }
                stalled += Self.stallTick
                if stalled >= timeout {
                    self.waiters.removeValue(forKey: key)?.resume(returning: false)
                    return
                }
            }
        }
        let settled = await withCheckedContinuation {
            waiters[key] = $0
            // Work asleep already is confirmed before the wait ends.
            resumeIfIdle()
        }
        watchdog.cancel()
        guard settled else { throw SettleTimeout(timeout: timeout, pending: pending) }
    }

    /// How often a waiter looks for progress.
    static let stallTick = Duration.milliseconds(50)

    /// Waits one ``stallTick``, and then for a turn of the cooperative pool, where
    /// interactors run, and of the main actor: on a busy machine a tick lasts as long as the
    /// work it measures needs to get a turn.
    static func tick() async {
        try? await Task.sleep(for: stallTick)
        await Task.detached {}.value
        await MainActor.run {}
    }

    /// The work a settle leaves running, oldest first, with the harness step it started in: a
    /// tracked task asleep on a test clock, a stream until it ends or is stopped (once, however
    /// many counts it holds). Work awake is what a settle waits for, not what it leaves.
    var running: [(work: PendingWork, origin: Int?)] {
        var streams: Set<String> = []
        let tasks = entries.filter { $0.value.activity?.isAsleep ?? false }.map { ($0.key, $0.value, false) }
        let counts = sources.map { ($0.key, $0.value.entry, true) }
        return (tasks + counts).sorted { $0.0 < $1.0 }.compactMap { _, entry, isStream in
            let label = entry.label.map { String(describing: $0) } ?? "tracked work"
            // A stream holds a count for its producer and one for its values: one stream.
            let work = isStream ? String(label.prefix { $0 != ":" }) : label
            guard !isStream || streams.insert("\(entry.owner.map { "\($0)" } ?? "") \(work)").inserted else {
                return nil
            }
            let pending = PendingWork(
                destination: entry.owner, route: entry.route, destinationType: entry.type, work: work)
            return (pending, entry.origin)
        }
    }

    /// The work under way, oldest first.
    var pending: [PendingWork] {
        let busy = sources.filter { !$0.value.count.isZero }.mapValues { $0.entry }
        let awake = entries.filter { !($0.value.activity?.isAsleep ?? false) }
        return awake.merging(busy) { first, _ in first }.sorted { $0.key < $1.key }.map { _, entry in
            PendingWork(
                destination: entry.owner,
                route: entry.route,
                destinationType: entry.type,
                work: entry.label.map { String(describing: $0) } ?? "tracked work"
            )
        }
    }
}

/// ``Flow/settle(timeout:)`` gave up: tracked work was under way and none of it started or
/// finished for `timeout` of scheduled time — a request that never returns, a stream that
/// never ends.
public struct SettleTimeout: Error, Hashable, Sendable, CustomStringConvertible {
    /// How long the work made no progress.
    public let timeout: Duration
    /// The work still under way, oldest first.
    public let pending: [PendingWork]

    /// The pending work, one line each.
    public var description: String {
        "tracked work made no progress for \(timeout); still pending:\n"
            + pending.map { "  - \($0)" }.joined(separator: "\n")
    }
}

/// One piece of tracked work under way: whose, and what.
public struct PendingWork: Hashable, Sendable, CustomStringConvertible {
    /// The screen of the Destination that started it.
    public let destination: ElementID?
    /// That screen's route name.
    public let route: String?
    /// The type of the Destination that started it, when known.
    public let destinationType: String?
    /// What the work is: the interactor request, or its kind.
    public let work: String

    /// `NoteDetail note #7: Request(action: .note(id: 1))`.
    public var description: String {
        let owner = [destinationType, route, destination.map { "\($0)" }].compactMap { $0 }.joined(separator: " ")
        return owner.isEmpty ? work : "\(owner): \(work)"
    }
}

extension Flow {
    /// The test harness's step that work started from now on belongs to.
    package var workOrigin: Int? {
        get { work.origin }
        set { work.origin = newValue }
    }

    /// The work a settle leaves running — tracked work asleep on a test clock, streams that have
    /// not ended — with the harness step it started in: what a test that ends now leaves.
    package var runningWork: [(work: PendingWork, origin: Int?)] { work.running }
}
