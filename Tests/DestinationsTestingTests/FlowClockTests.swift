import DestinationsTesting
import Foundation
import Testing

/// A home screen and a vault an asynchronous guard watches.
enum VaultRoute: NavigationRoute, Codable {
    case home
    case vault
    case signIn
}

@MainActor final class VaultScreen: Destination {
    enum Event: Hashable, Sendable, CaseIterable { case none }
    let context = DestinationContext<VaultRoute, Event>()
}

/// A guard's answer the test gives when it wants to.
@MainActor final class Answer {
    private var waiting: CheckedContinuation<NavigationGuard<VaultRoute>.Decision, Never>?
    private(set) var asked = false

    func wait() async -> NavigationGuard<VaultRoute>.Decision {
        asked = true
        return await withCheckedContinuation { waiting = $0 }
    }

    func give(_ decision: NavigationGuard<VaultRoute>.Decision) {
        waiting?.resume(returning: decision)
        waiting = nil
    }
}

/// The flow times its guards and pending changes on the configuration's clock: a test's manual
/// clock fires a timeout when the test moves time, never on its own, and nothing polls.
@MainActor
@Suite struct FlowClockTests {
    typealias Check = @MainActor @Sendable () async -> NavigationGuard<VaultRoute>.Decision

    func configuration(clock: ManualClock, guardCheck: @escaping Check) -> FlowConfiguration<VaultRoute> {
        let provider = Provider { (_: VaultRoute) in
            VaultScreen()
        } events: { events in
            events.on(.none, .perform { _ in })
        }
        var configuration = FlowConfiguration(layout: .stack(.home), providers: Providers { _ in provider })
        configuration.asyncGuards = [
            AsyncNavigationGuard("vault", watches: { $0 == .vault }) { _ in await guardCheck() }
        ]
        configuration.asyncGuardTimeout = .seconds(10)
        configuration.clock = clock
        return configuration
    }

    /// Yields until `count` tasks sleep on `clock`: the timer is set.
    func sleepers(_ count: Int, on clock: ManualClock) async {
        while clock.sleeperCount < count { await Task.yield() }
    }

    @Test func aGuardTimesOutWhenTheTestMovesTheFlowsClockPastItsTimeout() async throws {
        let clock = ManualClock()
        let answer = Answer()
        let flow = try Flow(configuration(clock: clock) { await answer.wait() })
        let before = flow.state
        let waiting = Task { try await flow.performAwaitingGuards(.presentation(.push(.vault))) }
        await sleepers(1, on: clock)
        clock.advance(by: .seconds(9))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        await #expect(throws: NavigationError.guardTimedOut(guard: "vault")) { try await waiting.value }
        #expect(flow.state == before)
        answer.give(.allow)
    }

    @Test func aGuardThatAnswersFirstLeavesNoTimerAsleepOnTheClock() async throws {
        let clock = ManualClock()
        let answer = Answer()
        let flow = try Flow(configuration(clock: clock) { await answer.wait() })
        let waiting = Task { try await flow.performAwaitingGuards(.presentation(.push(.vault))) }
        await sleepers(1, on: clock)
        while !answer.asked { await Task.yield() }
        answer.give(.allow)
        #expect(try await waiting.value == .applied)
        #expect(flow.focusedScreen.route == .vault)
        #expect(clock.sleeperCount == 0)
    }

    @Test func aTimeoutAndAnAnswerDueOnTheSameAdvanceResolveTheRequestOnce() async throws {
        let clock = ManualClock()
        let flow = try Flow(
            configuration(clock: clock) {
                // The guard's answer is due at the very instant its timeout is.
                try? await clock.sleep(for: .seconds(10))
                return .allow
            })
        let before = flow.state
        let waiting = Task { try await flow.performAwaitingGuards(.presentation(.push(.vault))) }
        await sleepers(2, on: clock)
        clock.advance(by: .seconds(10))
        let result = await waiting.result
        switch result {
        case .success(let outcome):
            #expect(outcome == .applied)
            #expect(flow.focusedScreen.route == .vault)
        case .failure(let error):
            #expect(error as? NavigationError == .guardTimedOut(guard: "vault"))
            #expect(flow.state == before)
        }
        #expect(flow.state.screens.filter { $0.route == .vault }.count <= 1)
        #expect(clock.sleeperCount == 0)
    }

    @Test func aFlowReleasedWhileItsGuardWaitsIsFreedOnceTheTimeoutFires() async throws {
        let clock = ManualClock()
        let answer = Answer()
        var flow: Flow<VaultRoute>? = try Flow(configuration(clock: clock) { await answer.wait() })
        weak let released = flow
        let waiting = Task { [flow] in try await flow?.performAwaitingGuards(.presentation(.push(.vault))) }
        await sleepers(1, on: clock)
        flow = nil
        clock.advance(by: .seconds(10))
        await #expect(throws: NavigationError.guardTimedOut(guard: "vault")) { try await waiting.value }
        // Freed by the timeout, before the guard ever answers; one kept alive fails here.
        for _ in 0..<1_000 where released != nil { await Task.yield() }
        #expect(released == nil)
        #expect(clock.sleeperCount == 0)
        answer.give(.allow)
    }

    @Test func aCancelledWaitTakesItsTimerOffTheClock() async throws {
        let clock = ManualClock()
        let answer = Answer()
        let flow = try Flow(configuration(clock: clock) { await answer.wait() })
        let before = flow.state
        let waiting = Task { try await flow.performAwaitingGuards(.presentation(.push(.vault))) }
        await sleepers(1, on: clock)
        waiting.cancel()
        _ = await waiting.result
        #expect(flow.state == before)
        // The timer's cancellation may land a few turns later; a timer left asleep fails here.
        for _ in 0..<1_000 where clock.sleeperCount > 0 { await Task.yield() }
        #expect(clock.sleeperCount == 0)
        answer.give(.allow)
    }

    @Test func aPendingChangeExpiresWhenTheTestMovesTheFlowsClockPastItsLifetime() throws {
        let clock = ManualClock()
        var configuration = configuration(clock: clock) { .allow }
        configuration.asyncGuards = []
        configuration.guards = [
            NavigationGuard("signedIn") { change in
                change.added.contains(.vault) ? .redirect(.push(.signIn)) : .allow
            }
        ]
        configuration.pendingLifetime = .seconds(60)
        let flow = try Flow(configuration)
        try flow.apply(.push(.vault))
        #expect(flow.pendingChange != nil)
        clock.advance(by: .seconds(61))
        #expect(throws: NavigationError.pendingExpired) { try flow.resumePending() }
    }
}
