/// The finite work a flow's Destinations have under way, so that it can be awaited.
@MainActor
final class WorkTracker {
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var next = 0

    func add(_ task: Task<Void, Never>) {
        let key = next
        next += 1
        tasks[key] = task
        Task { @MainActor [weak self] in
            await task.value
            self?.tasks[key] = nil
        }
    }

    /// Waits until no tracked work is left, including work added while waiting.
    func settle() async {
        while let (key, task) = tasks.first {
            await task.value
            tasks[key] = nil
        }
    }
}
