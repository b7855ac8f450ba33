import DestinationsTesting
import Foundation
import Observation
import Testing

enum HomeRoute: NavigationRoute {
    case home
    case thermostat
}

@MainActor final class Home: Destination {
    enum Event: Hashable, Sendable, CaseIterable { case open }
    let context = DestinationContext<HomeRoute, Event>()
}

/// A screen with no second type for its state: its observable stored properties are it.
@MainActor @Observable final class Thermostat: Destination {
    enum Event: Hashable, Sendable, CaseIterable { case warmer, warmerAndClose }
    let context = DestinationContext<HomeRoute, Event>()
    var target = 20
    var mode = "heat"
    /// Not the screen's state: left out of the checks.
    @ObservationIgnored var log: [String] = []
}

@MainActor
enum HomeApp {
    static var providers: Providers<HomeRoute> {
        let home = Provider { (_: HomeRoute) in
            Home()
        } events: { events in
            events.on(.open, .present(.push(.thermostat)))
        }
        let thermostat = Provider { (_: HomeRoute) in
            Thermostat()
        } events: { events in
            events.on(
                .warmer,
                .perform { input in
                    input.destination.target += 1
                    input.destination.log.append("warmer")
                })
            events.on(
                .warmerAndClose,
                .perform { input in
                    input.destination.target += 1
                    try input.destination.context.present(.back)
                })
        }
        return Providers { route in
            switch route {
            case .home: home
            case .thermostat: thermostat
            }
        }
    }
}

/// A Destination's observable stored properties are its checked state; a step can assert only
/// what it changed; a screen that leaves shows its last state; a non-exhaustive harness lists
/// what it skipped.
@MainActor
@Suite struct ObservedStateTests {
    static let onThermostat = """
        stack
          home
          thermostat ◀
        """

    func harness(_ exhaustivity: Exhaustivity = .exhaustive) async throws -> FlowHarness<HomeRoute> {
        let harness = try FlowHarness(
            .stack(.home), providers: HomeApp.providers, exhaustivity: exhaustivity, reporter: .silent)
        try await harness.send(.open, to: Home.self) {
            Self.onThermostat + """

                state of thermostat
                  target: 20
                  mode: "heat"
                """
        }
        return harness
    }

    @Test func anObservableDestinationsStoredPropertiesAreItsCheckedState() async throws {
        let harness = try await harness()
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func aChangeToAnObservedPropertyNobodyAssertedFailsWithItsDiff() async throws {
        let harness = try await harness()
        try await harness.send(.warmer, to: Thermostat.self)
        guard case .unassertedChange(let diff)? = harness.failures.first?.problem else {
            Issue.record("expected an unasserted change, got \(harness.failures)")
            return
        }
        #expect(diff.contains("-   target: 20\n+   target: 21"))
        #expect(!diff.contains("log"))
    }

    @Test func aStepCanAssertOnlyWhatItChanged() async throws {
        let harness = try await harness()
        try await harness.send(.warmer, to: Thermostat.self) {
            """
            state of thermostat
              target: 21
            """
        }
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func anExpectationOfOnlyChangesFailsWhenAFieldItLeftOutChanged() async throws {
        let harness = try await harness()
        try await harness.send(.warmer, to: Thermostat.self) {
            """
            state of thermostat
              mode: "heat"
            """
        }
        guard case .stateMismatch(let diff)? = harness.failures.first?.problem else {
            Issue.record("expected a mismatch, got \(harness.failures)")
            return
        }
        #expect(diff.contains("-   mode: \"heat\"\n+   target: 21"))
    }

    @Test func anExpectationOfOnlyChangesFailsWhenTheTreeChanged() async throws {
        let harness = try await harness()
        try await harness.send(.warmerAndClose, to: Thermostat.self) {
            """
            state of thermostat (left)
              target: 21
            """
        }
        guard case .stateMismatch(let diff)? = harness.failures.first?.problem else {
            Issue.record("expected a mismatch, got \(harness.failures)")
            return
        }
        #expect(diff.contains("-   thermostat ◀"))
    }

    @Test func aScreenThatLeavesInAStepShowsItsLastStateInThatStep() async throws {
        let harness = try await harness()
        try await harness.send(.warmerAndClose, to: Thermostat.self) {
            """
            stack
              home ◀
            state of thermostat (left)
              target: 21
              mode: "heat"
            """
        }
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
        #expect(harness.transcript.text.contains("state of thermostat #3 (left)\n  target: 21"))
    }

    @Test func aLeavingScreensLastChangeNobodyAssertedFails() async throws {
        let harness = try await harness()
        try await harness.send(.warmerAndClose, to: Thermostat.self) {
            """
            stack
              home ◀
            """
        }
        guard case .stateMismatch(let diff)? = harness.failures.first?.problem else {
            Issue.record("expected a mismatch, got \(harness.failures)")
            return
        }
        #expect(diff.contains("+ state of thermostat (left)\n+   target: 21"))
    }

    @Test func aScreenThatLeavesUnchangedNeedsNoBlock() async throws {
        let harness = try await harness()
        try await harness.swipeBack {
            """
            stack
              home ◀
            """
        }
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func aNonExhaustiveHarnessListsWhatItSkipped() async throws {
        let harness = try FlowHarness(
            .stack(.home), providers: HomeApp.providers, exhaustivity: .nonExhaustive, reporter: .silent)
        try await harness.send(.open, to: Home.self) { Self.onThermostat }
        try await harness.send(.warmer, to: Thermostat.self)
        try await harness.send(.warmerAndClose, to: Thermostat.self) {
            """
            stack
              home ◀
            """
        }
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
        #expect(
            harness.skipped == [
                "step 1 (send open to Home): state of thermostat #3",
                "step 2 (send warmer to Thermostat): the state after it",
                "step 3 (send warmerAndClose to Thermostat): state of thermostat #3 (left)",
            ])
    }
}

/// Expectations as values: a declared state, or one property.
@MainActor
@Suite struct ValueExpectationTests {
    @Test func aDeclaredStateIsAssertedAsAValueAndCountsAsAsserted() async throws {
        let harness = try FlowHarness(
            .stack(.meetings), providers: MeetingApp.providers(clock: ManualClock()), exhaustivity: .exhaustive,
            reporter: .silent)
        harness.destination(MeetingsList.self)?.screenState.meetings = ["Planning"]
        harness.expect(MeetingsList.self, state: .init(meetings: ["Planning"], dismissals: 0))
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func aWrongValueIsShownAsAFieldDiff() async throws {
        let harness = try FlowHarness(
            .stack(.meetings), providers: MeetingApp.providers(clock: ManualClock()), reporter: .silent)
        harness.expect(MeetingsList.self, state: .init(meetings: ["Retro"], dismissals: 0))
        guard case .stateMismatch(let diff)? = harness.failures.first?.problem else {
            Issue.record("expected a mismatch, got \(harness.failures)")
            return
        }
        #expect(diff == "- meetings: [\"Retro\"]\n+ meetings: []\n  dismissals: 0")
    }

    @Test func onePropertyIsAssertedAsAValue() async throws {
        let harness = try FlowHarness(
            .stack(.home), providers: HomeApp.providers, exhaustivity: .nonExhaustive, reporter: .silent)
        try await harness.send(.open, to: Home.self)
        try await harness.send(.warmer, to: Thermostat.self)
        harness.expect(Thermostat.self, \.target, 21)
        harness.expect(Thermostat.self, \.mode, "cool")
        #expect(harness.failures.map(\.problem) == [.stateMismatch(diff: "- \"cool\"\n+ \"heat\"")])
    }
}
