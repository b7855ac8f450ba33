import DestinationsTesting
import Foundation
import Testing

/// Once a test clock exists, tracked work runs serially on the main thread, in the order its
/// jobs are queued: a race in a test has one outcome, and a settle sees every job of the work.
/// Tasks the work starts outside its structure (`Task {}`) that sleep on the test clock keep the
/// work awake while they sleep, so that a settle never calls the work asleep while one of them
/// decides its outcome.
@MainActor
@Suite struct TrackedSchedulingTests {
    /// A test double that works on an actor of its own.
    actor Service {
        /// Whether the work ran on the main queue.
        func computeOnMainQueue() -> Bool { TrackedSchedulingTests.onMainQueue }

        /// Work long enough that a settle which did not see it would return before it ends.
        func compute() -> Int {
            var total = 0
            for step in 0..<3_000_000 { total &+= step ^ (total >> 3) }
            return total
        }
    }

    /// The first of two answers, once.
    final class Once: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<String, Never>?

        init(_ continuation: CheckedContinuation<String, Never>) {
            self.continuation = continuation
        }

        func resume(_ value: String) {
            let taken = lock.withLock {
                let taken = continuation
                continuation = nil
                return taken
            }
            taken?.resume(returning: value)
        }
    }

    /// Marks the main queue, where the main actor runs.
    nonisolated static let mainQueue: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the current code runs on the main queue.
    nonisolated static var onMainQueue: Bool { DispatchQueue.getSpecific(key: mainQueue) == true }

    @Test func childTasksAndActorsOfTrackedWorkRunOnTheMainQueue() async throws {
        let (flow, workshop) = try await SleepingChildTasksTests().workshop()
        _ = ManualClock()
        _ = Self.mainQueue
        #expect(Self.onMainQueue)
        let service = Service()
        workshop.context.track {
            await withTaskGroup(of: String.self) { group in
                group.addTask { Self.onMainQueue ? "child on main" : "child elsewhere" }
                group.addTask { await service.computeOnMainQueue() ? "actor on main" : "actor elsewhere" }
                for await value in group { workshop.delivered.append(value) }
            }
        }
        try await flow.settle()
        #expect(workshop.delivered.sorted() == ["actor on main", "child on main"])
    }

    @Test func aRaceOnAnImmediateClockHasOneOutcome() async throws {
        var outcomes: Set<[String]> = []
        for _ in 0..<20 {
            let (flow, workshop) = try await SleepingChildTasksTests().workshop()
            let clock = ImmediateClock()
            workshop.context.track {
                await withTaskGroup(of: String.self) { group in
                    group.addTask {
                        try? await clock.sleep(for: .seconds(5))
                        return "timed out"
                    }
                    group.addTask {
                        await Task.yield()
                        return "answer"
                    }
                    if let first = await group.next() { workshop.delivered.append(first) }
                    group.cancelAll()
                }
            }
            try await flow.settle()
            outcomes.insert(workshop.delivered)
        }
        #expect(outcomes.count == 1)
    }

    @Test func settleWaitsForAnAnswerRacedInUnstructuredTasksAgainstATestClockTimeout() async throws {
        let (flow, workshop) = try await SleepingChildTasksTests().workshop()
        let clock = ManualClock()
        let service = Service()
        workshop.context.track {
            let first = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
                let once = Once(continuation)
                Task {
                    _ = await service.compute()
                    once.resume("answer")
                }
                Task {
                    guard (try? await clock.sleep(for: .seconds(5))) != nil else { return }
                    once.resume("timed out")
                }
            }
            workshop.delivered.append(first)
        }
        try await flow.settle()
        #expect(workshop.delivered == ["answer"])
    }
}
