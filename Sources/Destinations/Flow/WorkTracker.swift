/// The finite work a flow's Destinations have under way, so that it can be awaited.
@MainActor
@usableFromInline
final class WorkTracker {
    struct Entry {
        let owner: ElementID?
        let route: String?
        let label: (any Sendable)?
    }

    private var entries: [Int: Entry] = [:]
    private var nextKey = 0
    private var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    private var nextWaiter = 0

    /// Counts of work outside tracked tasks (a stream's values on their way), by key.
    var sources: [Int: (count: PendingCount, entry: Entry, observer: Int)] = [:]

    /// Whether no tracked work is under way.
    var isIdle: Bool { entries.isEmpty && sources.values.allSatisfy { $0.count.isZero } }

    /// Counts `count` as work under way while it is not zero, until ``removeSource(_:)``.
    func addSource(_ count: PendingCount, owner: ElementID?, route: String?, label: String) -> Int {
        let key = nextKey
        nextKey += 1
        let observer = count.observe { Task { @MainActor [weak self] in self?.resumeIfIdle() } }
        sources[key] = (count, Entry(owner: owner, route: route, label: label), observer)
        return key
    }

    /// Stops counting a source; its pending work no longer holds a settle.
    func removeSource(_ key: Int) {
        guard let source = sources.removeValue(forKey: key) else { return }
        source.count.stopObserving(source.observer)
        resumeIfIdle()
    }

    func add(_ task: Task<Void, Never>, owner: ElementID?, route: String?, label: (any Sendable)?) {
        let key = nextKey
        nextKey += 1
        entries[key] = Entry(owner: owner, route: route, label: label)
        Task { @MainActor [weak self] in
            await task.value
            self?.finish(key)
        }
    }

    private func finish(_ key: Int) {
        entries[key] = nil
        resumeIfIdle()
    }

    /// Resumes the waiters when no work is left.
    func resumeIfIdle() {
        guard isIdle else { return }
        let ready = waiters
        waiters.removeAll()
        for waiter in ready.values { waiter.resume(returning: true) }
    }

    /// Waits until no tracked work is left, including work added while waiting, or until
    /// `timeout` passes.
    ///
    /// - Throws: ``SettleTimeout`` with the work still pending at the deadline.
    func settle(timeout: Duration) async throws(SettleTimeout) {
        guard !isIdle else { return }
        let key = nextWaiter
        nextWaiter += 1
        let deadline = Task { @MainActor [weak self] in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            self?.waiters.removeValue(forKey: key)?.resume(returning: false)
        }
        let settled = await withCheckedContinuation { waiters[key] = $0 }
        deadline.cancel()
        guard settled else { throw SettleTimeout(timeout: timeout, pending: pending) }
    }

    /// The work under way, oldest first.
    var pending: [PendingWork] {
        let busy = sources.filter { !$0.value.count.isZero }.mapValues { $0.entry }
        return entries.merging(busy) { first, _ in first }.sorted { $0.key < $1.key }.map { _, entry in
            PendingWork(
                destination: entry.owner,
                route: entry.route,
                work: entry.label.map { String(describing: $0) } ?? "tracked work"
            )
        }
    }
}

/// ``Flow/settle(timeout:)`` gave up: tracked work was still under way at the deadline.
public struct SettleTimeout: Error, Hashable, Sendable, CustomStringConvertible {
    /// How long the flow waited.
    public let timeout: Duration
    /// The work still under way, oldest first.
    public let pending: [PendingWork]

    /// The pending work, one line each.
    public var description: String {
        "tracked work did not finish within \(timeout):\n" + pending.map { "  - \($0)" }.joined(separator: "\n")
    }
}

/// One piece of tracked work under way: whose, and what.
public struct PendingWork: Hashable, Sendable, CustomStringConvertible {
    /// The screen of the Destination that started it.
    public let destination: ElementID?
    /// That screen's route name.
    public let route: String?
    /// What the work is: the interactor request, or its kind.
    public let work: String

    /// `note #7: Request(action: .note(id: 1))`.
    public var description: String {
        let owner = [route, destination.map { "\($0)" }].compactMap { $0 }.joined(separator: " ")
        return owner.isEmpty ? work : "\(owner): \(work)"
    }
}
