import Foundation

/// What a task's sleeps on a test clock count against: the tracked work it belongs to
/// (``WorkAccount``), or the producer of a stream (``PendingCount``). A test clock tells it
/// of each sleep, so that every sleep accounts for itself.
package protocol SleepAccount: AnyObject, Sendable {
    /// A task of the work is about to sleep on a test clock until the test wakes it.
    func sleeps()
    /// A test clock is about to resume a task that sleeps on it: its deadline passed, or it was
    /// cancelled. Either way it runs again, and is the work's again.
    func wakes()
    /// The task a test clock woke runs again: called by that task itself.
    func resumed()
    /// Whether the task about to sleep is one the account cannot see run: a task the work
    /// started outside its structure (`Task {}`), which shares the work's task-locals but none
    /// of its executors.
    func sleepsOutsideItsWork() -> Bool
    /// A task outside the work's structure sleeps on a test clock (`delta` 1) or was resumed
    /// (`delta` -1): while it sleeps, the work is not asleep, since the account cannot tell
    /// what else such a task's siblings do.
    func holdsAwake(_ delta: Int)
}

extension SleepAccount {
    /// Every task of the account is seen: a stream's producer.
    package func sleepsOutsideItsWork() -> Bool { false }
    /// Nothing to hold.
    package func holdsAwake(_ delta: Int) {}
}

/// Where the current task's sleeps on a test clock are counted.
package enum SleepAccounting {
    /// The account of the work the current task does for a flow: a tracked request, or the
    /// producer of a stream the flow started. Child tasks (a task group, `async let`) share
    /// their parent's; each of their sleeps is counted on its own.
    @TaskLocal package static var account: (any SleepAccount)?
}

/// What the testing module counts of one piece of tracked work — its tasks' jobs and sleeps on
/// a test clock — so that a flow's settle knows when the work is asleep. Only a test clock
/// installs one (``WorkAccounting/install(_:)``): an app's tracked work has none, and runs where
/// Swift runs it.
package protocol WorkAccount: SleepAccount {
    /// Whether the work is asleep: some of its tasks sleep on a test clock, and nothing else of
    /// it runs or is about to.
    var isAsleep: Bool { get }
    /// How many jobs of the work ran so far: what a settle calls progress.
    var jobsRun: Int { get }
    /// Calls `observer` whenever the work falls asleep, until ``stopObserving()``.
    func observe(_ observer: @escaping @Sendable () -> Void)
    /// Stops telling the observer.
    func stopObserving()
    /// Runs `body` as this work.
    @MainActor func run(_ body: @escaping @MainActor @Sendable () async -> Void) async
    /// Starts `operation` in a task of its own that stays part of this work.
    func task(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never>
}

/// Where tracked work gets its ``WorkAccount``: nowhere until a test clock installs a maker.
package enum WorkAccounting {
    private static let maker = Maker()

    /// Makes every piece of tracked work started from now on keep an account made by `make`:
    /// called when a test clock is made. Once installed, it stays.
    package static func install(_ make: @escaping @Sendable () -> any WorkAccount) {
        maker.install(make)
    }

    /// An account for a new piece of tracked work, or `nil` when no test clock installed one.
    static func makeAccount() -> (any WorkAccount)? { maker.make() }

    /// Starts `operation` in a task of its own that stays part of the current tracked work,
    /// when it keeps an account: for the unstructured tasks the library itself starts inside
    /// tracked work (an interactor's answer raced against the Destination's removal).
    static func task(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        if let account = SleepAccounting.account as? any WorkAccount { return account.task(operation) }
        return Task { await operation() }
    }

    /// The installed maker, under a lock.
    private final class Maker: @unchecked Sendable {
        private let lock = NSLock()
        private var maker: (@Sendable () -> any WorkAccount)?

        func install(_ make: @escaping @Sendable () -> any WorkAccount) { lock.withLock { maker = make } }

        func make() -> (any WorkAccount)? { lock.withLock { maker }?() }
    }
}
