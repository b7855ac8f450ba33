import DestinationsTesting
import Foundation
import Testing

/// One screen whose tracked work starts child tasks that sleep on a test clock, run, are
/// cancelled and deliver values.
enum WorkshopRoute: NavigationRoute, Codable {
    case workshop
}

@MainActor final class Workshop: Destination {
    enum Event: Hashable, Sendable, CaseIterable { case none }
    let context = DestinationContext<WorkshopRoute, Event>()
    /// What the work delivered, in order.
    var delivered: [String] = []
}

/// Settling waits for every task of a piece of tracked work that is not asleep on a test
/// clock: a child running beside a sleeping sibling, a sleeper that was cancelled and runs on.
@MainActor
@Suite struct SleepingChildTasksTests {
    func workshop() async throws -> (Flow<WorkshopRoute>, Workshop) {
        let provider = Provider { (_: WorkshopRoute) in
            Workshop()
        } events: { events in
            events.on(.none, .perform { _ in })
        }
        let flow = try Flow(.screen(.workshop), providers: Providers { _ in provider })
        let workshop = try #require(flow.focusedDestination(as: Workshop.self))
        try await flow.settle()
        return (flow, workshop)
    }

    /// Work that keeps its task busy: `turns` turns of the executor, never a suspension on
    /// something outside the work.
    nonisolated static func spin(_ turns: Int) async {
        for _ in 0..<turns { await Task.yield() }
    }

    /// Sleeps on `clock` for `duration`: "woke" when an advance ended the sleep, "cancelled"
    /// when a cancellation did.
    nonisolated static func sleep(on clock: ManualClock, for duration: Duration) async -> String {
        do {
            try await clock.sleep(for: duration)
            return "woke"
        } catch {
            return "cancelled"
        }
    }

    /// Spins until `condition` holds.
    nonisolated static func spin(until condition: @Sendable () -> Bool) async {
        while !condition() { await Task.yield() }
    }

    @Test func settleWaitsForAChildThatRunsWhileItsSiblingSleeps() async throws {
        let (flow, workshop) = try await workshop()
        let clock = ManualClock()
        workshop.context.track {
            await withTaskGroup(of: String.self) { group in
                group.addTask { await Self.sleep(on: clock, for: .seconds(5)) }
                // At the lowest priority, the child competes with nothing the settle does.
                group.addTask(priority: .background) {
                    // Still running once its sibling sleeps.
                    await Self.spin(until: { clock.sleeperCount == 1 })
                    await Self.spin(2000)
                    return "ran"
                }
                for await value in group { workshop.delivered.append(value) }
            }
        }
        try await flow.settle()
        #expect(workshop.delivered == ["ran"])
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(5))
        try await flow.settle()
        #expect(workshop.delivered == ["ran", "woke"])
    }

    /// A test double that works on an actor of its own, as a service often is.
    actor Service {
        /// Work long enough that a settle which did not see it would return before it ends.
        func compute() -> Int {
            var total = 0
            for step in 0..<30_000_000 { total &+= step ^ (total >> 3) }
            return total
        }
    }

    @Test func settleWaitsForAChildBusyOnAnActorWhileItsSiblingSleeps() async throws {
        let (flow, workshop) = try await workshop()
        let clock = ManualClock()
        let service = Service()
        workshop.context.track {
            await withTaskGroup(of: String.self) { group in
                group.addTask { await Self.sleep(on: clock, for: .seconds(5)) }
                group.addTask {
                    await Self.spin(until: { clock.sleeperCount == 1 })
                    // On the actor, not on the child's own executor: still the work's.
                    _ = await service.compute()
                    return "ran"
                }
                for await value in group { workshop.delivered.append(value) }
            }
        }
        try await flow.settle()
        #expect(workshop.delivered == ["ran"])
        clock.advance(by: .seconds(5))
        try await flow.settle()
        #expect(workshop.delivered == ["ran", "woke"])
    }

    @Test func settleWaitsForAnAsyncLetThatDeliversWhileTheTaskSleeps() async throws {
        let (flow, workshop) = try await workshop()
        let clock = ManualClock()
        workshop.context.track {
            async let ran: Void = {
                await Self.spin(until: { clock.sleeperCount == 1 })
                await Self.spin(2000)
                await MainActor.run { workshop.delivered.append("ran") }
            }()
            do {
                try await clock.sleep(for: .seconds(1))
                workshop.delivered.append("woke")
            } catch {
                workshop.delivered.append("cancelled")
            }
            await ran
        }
        try await flow.settle()
        #expect(workshop.delivered == ["ran"])
        clock.advance(by: .seconds(1))
        try await flow.settle()
        #expect(workshop.delivered == ["ran", "woke"])
    }

    @Test func aCancelledSleepersContinuedWorkIsWaitedFor() async throws {
        let (flow, workshop) = try await workshop()
        let clock = ManualClock()
        let task = workshop.context.track {
            do {
                try await clock.sleep(for: .seconds(5))
                workshop.delivered.append("woke")
            } catch {
                // Runs on after the cancellation: its cleanup is work a settle waits for.
                await Self.spin(2000)
                workshop.delivered.append("cleaned up")
            }
        }
        try await flow.settle()
        #expect(workshop.delivered.isEmpty)
        #expect(clock.sleeperCount == 1)
        task?.cancel()
        try await flow.settle()
        #expect(workshop.delivered == ["cleaned up"])
        #expect(clock.sleeperCount == 0)
    }

    @Test func aTimeoutRaceWaitsForTheLoserThatRunsOnAfterItsCancellation() async throws {
        let (flow, workshop) = try await workshop()
        let clock = ManualClock()
        workshop.context.track {
            await withTaskGroup(of: String.self) { group in
                group.addTask {
                    do {
                        try await clock.sleep(for: .seconds(30))
                        return "timed out"
                    } catch {
                        await Self.spin(1000)
                        await MainActor.run { workshop.delivered.append("timeout stopped") }
                        return "cancelled"
                    }
                }
                group.addTask(priority: .background) {
                    await Self.spin(until: { clock.sleeperCount == 1 })
                    await Self.spin(1000)
                    return "answer"
                }
                if let first = await group.next() { workshop.delivered.append(first) }
                group.cancelAll()
            }
        }
        try await flow.settle()
        #expect(workshop.delivered == ["answer", "timeout stopped"])
        #expect(clock.sleeperCount == 0)
    }

    @Test func workAsleepOnAnImmediateClockHoldsTheSettleUntilItIsDone() async throws {
        let (flow, workshop) = try await workshop()
        let clock = ImmediateClock()
        workshop.context.track {
            await withTaskGroup(of: String.self) { group in
                group.addTask {
                    try? await clock.sleep(for: .seconds(60))
                    return "slept"
                }
                group.addTask {
                    await Self.spin(1000)
                    return "ran"
                }
                for await value in group { workshop.delivered.append(value) }
            }
        }
        try await flow.settle()
        #expect(workshop.delivered.sorted() == ["ran", "slept"])
    }

    /// What one child task of the property below does.
    enum Child: Sendable, CustomStringConvertible {
        /// Runs `turns` turns and delivers.
        case runs(turns: Int)
        /// Sleeps `seconds` on the clock, then runs `turns` turns and delivers.
        case sleeps(seconds: Int, turns: Int)
        /// Sleeps until a sibling of its own cancels it, then runs `turns` turns and delivers.
        case cancelled(turns: Int)

        static func random(using random: inout WalkRandom) -> Child {
            let turns = Int.random(in: 0...40, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: return .runs(turns: turns)
            case 1: return .sleeps(seconds: Int.random(in: 1...5, using: &random), turns: turns)
            default: return .cancelled(turns: turns)
            }
        }

        var description: String {
            switch self {
            case .runs(let turns): "runs \(turns)"
            case .sleeps(let seconds, let turns): "sleeps \(seconds)s, runs \(turns)"
            case .cancelled(let turns): "cancelled, runs \(turns)"
            }
        }

        /// Does the child's work for `workshop`, as child `index`.
        func run(_ index: Int, clock: ManualClock, workshop: Workshop) async {
            switch self {
            case .runs(let turns):
                await SleepingChildTasksTests.spin(turns)
                await MainActor.run { workshop.delivered.append("ran \(index)") }
            case .sleeps(let seconds, let turns):
                try? await clock.sleep(for: .seconds(seconds))
                await SleepingChildTasksTests.spin(turns)
                await MainActor.run { workshop.delivered.append("woke \(index)") }
            case .cancelled(let turns):
                await withTaskGroup(of: Void.self) { pair in
                    pair.addTask {
                        do {
                            // Longer than any test advances the clock.
                            try await clock.sleep(for: .seconds(1000))
                        } catch {
                            await SleepingChildTasksTests.spin(turns)
                            await MainActor.run { workshop.delivered.append("cancelled \(index)") }
                        }
                    }
                    pair.addTask { await SleepingChildTasksTests.spin(turns) }
                    await pair.next()
                    pair.cancelAll()
                }
            }
        }

        /// What the child delivered once `elapsed` seconds passed on the clock and the work
        /// settled.
        func delivery(_ index: Int, elapsed: Int) -> String? {
            switch self {
            case .runs: "ran \(index)"
            case .sleeps(let seconds, _): seconds <= elapsed ? "woke \(index)" : nil
            case .cancelled: "cancelled \(index)"
            }
        }
    }

    @Test(arguments: 0..<32 as Range<UInt64>)
    func settleReturnsOnlyWhenEveryChildNotAsleepHasFinished(seed: UInt64) async throws {
        var random = WalkRandom(seed: seed)
        let children = (0..<Int.random(in: 1...5, using: &random)).map { _ in Child.random(using: &random) }
        let (flow, workshop) = try await workshop()
        let clock = ManualClock()
        workshop.context.track {
            await withTaskGroup(of: Void.self) { group in
                for (index, child) in children.enumerated() {
                    // At the lowest priority, a child competes with nothing the settle does.
                    group.addTask(priority: .background) { await child.run(index, clock: clock, workshop: workshop) }
                }
            }
            workshop.delivered.append("done")
        }
        let longest = children.map { if case .sleeps(let seconds, _) = $0 { seconds } else { 0 } }.max() ?? 0
        var elapsed = 0
        while true {
            try await flow.settle()
            var expected = Set(children.enumerated().compactMap { $1.delivery($0, elapsed: elapsed) })
            if elapsed >= longest { expected.insert("done") }
            #expect(Set(workshop.delivered) == expected, "seed \(seed): \(children) after \(elapsed)s")
            #expect(workshop.delivered.count == expected.count, "seed \(seed): delivered twice")
            guard elapsed < longest else { break }
            let step = Int.random(in: 1...3, using: &random)
            clock.advance(by: .seconds(step))
            elapsed += step
        }
        #expect(clock.sleeperCount == 0)
    }
}
