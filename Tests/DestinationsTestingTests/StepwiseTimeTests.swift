import DestinationsTesting
import Foundation
import Testing

/// Advancing a test clock in stops checks the state after each tick or each wake, not only at
/// the end.
@MainActor
@Suite struct StepwiseTimeTests {
    /// The countdown from 3 after `seconds` seconds.
    static func countdown(after seconds: Int64) -> String {
        let remaining = (0..<3).reversed().prefix(Int(seconds)).map { $0 }
        return KitchenApp.state(remaining: Array(remaining), isStreaming: seconds < 3)
    }

    @Test func anAdvanceThatStopsEverySecondChecksEachTick() async throws {
        let clock = ManualClock()
        let harness = try KitchenApp.harness(clock: clock)
        try await harness.send(.countdown, content: 3, to: Kitchen.self) { KitchenApp.state(isStreaming: true) }
        var stops: [ManualClock.Instant] = []
        try await harness.advance(clock, by: .seconds(3), stoppingAt: .every(.seconds(1))) { now in
            stops.append(now)
            return Self.countdown(after: now.offset.components.seconds)
        }
        #expect(stops.map(\.offset) == [.seconds(1), .seconds(2), .seconds(3)])
        #expect(harness.failures.isEmpty, "\(harness.failures)")
        try await harness.finish()
    }

    @Test func aWrongStateOnTheWayFailsAtItsStopThoughTheEndIsRight() async throws {
        let clock = ManualClock()
        let harness = try KitchenApp.harness(clock: clock)
        try await harness.send(.countdown, content: 3, to: Kitchen.self) { KitchenApp.state(isStreaming: true) }
        try await harness.advance(clock, by: .seconds(3), stoppingAt: .every(.seconds(1))) { now in
            // Wrong at +2 s only: an advance checked at its end alone would pass.
            now.offset == .seconds(2) ? Self.countdown(after: 1) : Self.countdown(after: now.offset.components.seconds)
        }
        #expect(harness.failures.count == 1)
        #expect(harness.failures.first?.action == "advance the clock to +2.0 seconds")
    }

    @Test func anAdvanceThatStopsAtEachWakeStopsOnlyWhereASleeperWakes() async throws {
        let clock = ManualClock()
        let harness = try KitchenApp.harness(clock: clock)
        try await harness.send(.bake, content: "bread", to: Kitchen.self)
        var stops: [ManualClock.Instant] = []
        try await harness.advance(clock, by: .seconds(5), stoppingAt: .eachWake) { now in
            stops.append(now)
            return KitchenApp.state(baked: "baked bread")
        }
        #expect(stops.map(\.offset) == [.seconds(2)])
        #expect(clock.now.offset == .seconds(5))
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func anAdvanceThatStopsAtEachWakeFollowsSleepsStartedOnTheWay() async throws {
        let clock = ManualClock()
        let harness = try KitchenApp.harness(clock: clock)
        try await harness.send(.countdown, content: 3, to: Kitchen.self) { KitchenApp.state(isStreaming: true) }
        var stops: [ManualClock.Instant] = []
        try await harness.advance(clock, by: .seconds(10), stoppingAt: .eachWake) { now in
            stops.append(now)
            return Self.countdown(after: now.offset.components.seconds)
        }
        #expect(stops.map(\.offset) == [.seconds(1), .seconds(2), .seconds(3)])
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }
}
