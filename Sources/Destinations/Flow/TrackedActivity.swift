import Foundation

/// What a task's sleeps on a test clock count against: the tracked work it belongs to
/// (``TrackedActivity``), or the producer of a stream (``PendingCount``). A test clock tells it
/// of each sleep, so that every sleep accounts for itself.
package protocol SleepAccount: AnyObject, Sendable {
    /// A task of the work is about to sleep on a test clock until the test wakes it.
    func sleeps()
    /// A test clock is about to resume a task that sleeps on it: its deadline passed, or it was
    /// cancelled. Either way it runs again, and is the work's again.
    func wakes()
    /// The task a test clock woke runs again: called by that task itself.
    func resumed()
}

/// Where the current task's sleeps on a test clock are counted.
package enum SleepAccounting {
    /// The account of the work the current task does for a flow: a tracked request, or the
    /// producer of a stream the flow started. Child tasks (a task group, `async let`) share
    /// their parent's; each of their sleeps is counted on its own.
    @TaskLocal package static var account: (any SleepAccount)?
}

/// The activity of one piece of tracked work — its task and every child task it starts — as a
/// settle needs it: the work is asleep when at least one of its tasks sleeps on a test clock and
/// none of the others runs.
///
/// It counts three things, each under its own rule:
/// - the sleeps of the work's tasks on a test clock, from the sleep until the clock resumes it
///   (its deadline passed, or the task was cancelled);
/// - the resumptions under way: from the clock's resume until the resumed task runs again;
/// - the jobs of the work's child tasks (and of the nonisolated code the work calls), queued or
///   running: the work runs its children on a ``TrackedWorkExecutor`` that counts them.
///
/// A task that does not sleep holds the work awake while it runs; a task that waits for its
/// children holds nothing of its own; a task that sleeps holds nothing until it is woken. So a
/// task group whose one child sleeps while another runs is awake until the running one is done.
package final class TrackedActivity: SleepAccount, @unchecked Sendable {
    private let lock = NSLock()
    private var sleepers = 0
    private var resuming = 0
    private var jobs = 0
    private var observer: (@Sendable () -> Void)?

    package init() {}

    /// Whether the work is asleep: some of its tasks sleep on a test clock, and nothing else of
    /// it runs or is about to.
    package var isAsleep: Bool {
        lock.withLock { isAsleepLocked }
    }

    private var isAsleepLocked: Bool { sleepers > 0 && resuming == 0 && jobs == 0 }

    /// Calls `observer` whenever the work falls asleep, until ``stopObserving()``.
    package func observe(_ observer: @escaping @Sendable () -> Void) {
        lock.withLock { self.observer = observer }
    }

    /// Stops telling the observer.
    package func stopObserving() {
        let removed = lock.withLock {
            let removed = observer
            observer = nil
            return removed
        }
        withExtendedLifetime(removed) {}
    }

    package func sleeps() { change { $0.sleepers += 1 } }

    package func wakes() {
        change {
            $0.resuming += 1
            $0.sleepers -= 1
        }
    }

    package func resumed() { change { $0.resuming -= 1 } }

    /// A job of the work's children was queued.
    func jobQueued() { change { $0.jobs += 1 } }

    /// A job of the work's children ran.
    func jobRan() { change { $0.jobs -= 1 } }

    /// Changes the counts under the lock, and tells the observer when the work fell asleep.
    private func change(_ body: (TrackedActivity) -> Void) {
        lock.lock()
        let wasAsleep = isAsleepLocked
        body(self)
        let notify = !wasAsleep && isAsleepLocked ? observer : nil
        lock.unlock()
        notify?()
    }

    /// Runs `body` as this work: its sleeps on a test clock count here, and, once a test clock
    /// exists (``countChildTasks()``), its child tasks run on an executor that counts their jobs
    /// (on platforms with task executors).
    @MainActor
    func run(_ body: @escaping @MainActor @Sendable () async -> Void) async {
        await SleepAccounting.$account.withValue(self) {
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), Self.countsChildTasks {
                await withTaskExecutorPreference(TrackedWorkExecutor(self)) { await body() }
            } else {
                await body()
            }
        }
    }

    /// Makes tracked work started from now on count its child tasks: called when a test clock is
    /// made. Only a sleep on a test clock makes work asleep, so until one exists nothing needs
    /// the count, and an app's work runs where Swift runs it.
    package static func countChildTasks() { counting.turnOn() }

    /// Whether tracked work counts its child tasks.
    static var countsChildTasks: Bool { counting.isOn }

    private static let counting = Switch()

    /// A switch that, once on, stays on.
    private final class Switch: @unchecked Sendable {
        private let lock = NSLock()
        private var on = false

        var isOn: Bool { lock.withLock { on } }

        func turnOn() { lock.withLock { on = true } }
    }
}

/// Runs the child tasks of one piece of tracked work, and the nonisolated code it calls, and
/// counts their jobs while they are queued or running, so that a settle knows a child runs.
///
/// A job that ran is counted off on the main actor, at the lowest priority, after whatever the
/// job handed to the main actor (a value delivered with `MainActor.run`): the work does not look
/// asleep while its next step waits for the main actor. A parent that a child's end resumes
/// comes back through the shared pool, which no executor of the work sees; the flow's settle
/// confirms that sleeping work stays asleep for a few turns before it believes it.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class TrackedWorkExecutor: TaskExecutor {
    private let activity: TrackedActivity

    init(_ activity: TrackedActivity) {
        self.activity = activity
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        activity.jobQueued()
        DispatchQueue.global().async { [self] in
            job.runSynchronously(on: asUnownedTaskExecutor())
            let activity = activity
            Task(priority: .background) { @MainActor in activity.jobRan() }
        }
    }
}
