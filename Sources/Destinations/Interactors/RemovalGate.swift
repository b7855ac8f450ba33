import Foundation

/// A value that arrives once: from the work that computes it, or as `nil` when the work is
/// abandoned (its Destination removed, its task cancelled). Whichever comes first wins; the
/// other is ignored. Waiting never outlives the abandonment, even when the work never answers.
final class RemovalGate<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: Value??
    private var waiter: CheckedContinuation<Value?, Never>?

    /// Delivers the outcome; only the first call counts.
    func resolve(_ value: Value?) {
        lock.lock()
        guard case .none = outcome else {
            lock.unlock()
            return
        }
        outcome = .some(value)
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        waiter?.resume(returning: value)
    }

    /// Waits for the outcome.
    func wait() async -> Value? {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let outcome {
                lock.unlock()
                continuation.resume(returning: outcome)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }
}

extension DestinationContext {
    /// Runs `operation` and returns its value, or `nil` as soon as the Destination is removed or
    /// the calling task is cancelled — even when `operation` never returns. The abandoned
    /// operation is cancelled.
    func untilRemoved<Value: Sendable>(
        _ operation: @escaping @Sendable () async -> Value
    ) async -> Value? {
        guard !isRemoved else { return nil }
        let gate = RemovalGate<Value>()
        // Part of the tracked work that waits here: its jobs and sleeps count as that work's.
        let work = WorkAccounting.task { gate.resolve(await operation()) }
        // Abandoned first, then cancelled: a work that answers its cancellation at once (from
        // any thread) finds the outcome taken.
        let token = addCancellation {
            gate.resolve(nil)
            work.cancel()
        }
        let value = await withTaskCancellationHandler {
            await gate.wait()
        } onCancel: {
            gate.resolve(nil)
            work.cancel()
        }
        removeCancellation(token)
        return isRemoved ? nil : value
    }
}
