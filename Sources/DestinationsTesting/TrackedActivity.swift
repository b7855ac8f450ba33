import Destinations
import Foundation

/// The activity of one piece of tracked work — its task and every child task it starts — as a
/// settle needs it: the work is asleep when at least one of its tasks sleeps on a test clock and
/// none of the others runs.
///
/// It counts four things, each under its own rule:
/// - the sleeps of the work's tasks on a test clock, from the sleep until the clock resumes it
///   (its deadline passed, or the task was cancelled);
/// - the resumptions under way: from the clock's resume until the resumed task runs again;
/// - the jobs of the work's child tasks (and of the nonisolated code the work calls), queued or
///   running: the work runs its children on a ``TrackedWorkExecutor`` that counts them;
/// - the sleeps on a test clock of tasks the work started outside its structure (`Task {}`),
///   which share its task-locals but not its executor: they hold the work awake while they
///   sleep, since whatever they race against runs where no count sees it.
///
/// A task that does not sleep holds the work awake while it runs; a task that waits for its
/// children holds nothing of its own; a task that sleeps holds nothing until it is woken. So a
/// task group whose one child sleeps while another runs is awake until the running one is done.
final class TrackedActivity: WorkAccount, @unchecked Sendable {
    private let lock = NSLock()
    private var sleepers = 0
    private var resuming = 0
    private var jobs = 0
    private var outside = 0
    /// Every job of the work's children that ran: what a settle calls progress.
    private var ran = 0
    private var observer: (@Sendable () -> Void)?
    /// The executor the work's children run on, while the work runs.
    private weak var executorReference: AnyObject?

    init() {}

    /// Whether the work is asleep: some of its tasks sleep on a test clock, and nothing else of
    /// it runs or is about to.
    package var isAsleep: Bool {
        lock.withLock { isAsleepLocked }
    }

    private var isAsleepLocked: Bool { sleepers > 0 && resuming == 0 && jobs == 0 && outside == 0 }

    /// How many jobs of the work's children ran so far.
    package var jobsRun: Int { lock.withLock { ran } }

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
    func jobRan() {
        change {
            $0.jobs -= 1
            $0.ran &+= 1
        }
    }

    /// Whether the current code runs outside the work's own executor: a task the work started
    /// with `Task {}`. Only known on the platforms with task executors; before, every task
    /// counts as the work's.
    package func sleepsOutsideItsWork() -> Bool {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return false }
        return !TrackedWorkExecutor.runs(self)
    }

    package func holdsAwake(_ delta: Int) { change { $0.outside += delta } }

    /// Changes the counts under the lock, and tells the observer when the work fell asleep.
    private func change(_ body: (TrackedActivity) -> Void) {
        lock.lock()
        let wasAsleep = isAsleepLocked
        body(self)
        let notify = !wasAsleep && isAsleepLocked ? observer : nil
        lock.unlock()
        notify?()
    }

    /// Runs `body` as this work: its sleeps on a test clock count here, and its child tasks run
    /// on an executor that counts their jobs (on platforms with task executors).
    @MainActor
    package func run(_ body: @escaping @MainActor @Sendable () async -> Void) async {
        await SleepAccounting.$account.withValue(self) {
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
                let executor = TrackedWorkExecutor(self)
                lock.withLock { executorReference = executor }
                await withTaskExecutorPreference(executor) { await body() }
            } else {
                await body()
            }
        }
    }

    /// Starts `operation` in a task of its own that stays part of this work: on its executor, so
    /// that its jobs and its sleeps on a test clock count as the work's.
    package func task(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
            let executor = lock.withLock({ executorReference }) as? TrackedWorkExecutor
        {
            // The task holds the executor it prefers for as long as it runs.
            return Task(executorPreference: executor) {
                await operation()
                withExtendedLifetime(executor) {}
            }
        }
        return Task { await operation() }
    }
}
/// Runs the child tasks of one piece of tracked work, the nonisolated code it calls and the
/// default actors it calls, serially on the main queue in the order their jobs are queued, and
/// counts their jobs while they are queued or running, so that a settle knows a child runs.
///
/// Serial on the main queue: the work's tasks and the main actor share one first-in,
/// first-out queue, so a race in a test (a request against a timeout on a test clock) has one
/// outcome, and whatever a job hands to the main actor is queued before the settle that the
/// job's end may wake runs again.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class TrackedWorkExecutor: TaskExecutor {
    private let activity: TrackedActivity

    /// The work whose job runs now, and the thread it runs on.
    private static let running = RunningJob()

    /// Whether the current code runs in a job of `activity`'s, on this executor.
    static func runs(_ activity: TrackedActivity) -> Bool { running.isRunning(activity) }

    init(_ activity: TrackedActivity) {
        self.activity = activity
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        activity.jobQueued()
        DispatchQueue.main.async { [self] in
            let outer = Self.running.start(activity)
            job.runSynchronously(on: asUnownedTaskExecutor())
            Self.running.end(restoring: outer)
            activity.jobRan()
        }
    }
}

/// The tracked work whose job runs now, with the thread it runs on: a task that asks from
/// another thread is not in the job.
private final class RunningJob: @unchecked Sendable {
    private let lock = NSLock()
    private var current: (thread: Thread, activity: TrackedActivity)?

    /// Marks `activity`'s job as running on this thread; returns what ran before.
    func start(_ activity: TrackedActivity) -> (thread: Thread, activity: TrackedActivity)? {
        lock.withLock {
            let outer = current
            current = (Thread.current, activity)
            return outer
        }
    }

    /// Marks the job as ended, restoring what ran before it.
    func end(restoring outer: (thread: Thread, activity: TrackedActivity)?) {
        lock.withLock { current = outer }
    }

    /// Whether the current code runs in a job of `activity`'s.
    func isRunning(_ activity: TrackedActivity) -> Bool {
        let thread = Thread.current
        return lock.withLock { current?.activity === activity && current?.thread === thread }
    }
}
