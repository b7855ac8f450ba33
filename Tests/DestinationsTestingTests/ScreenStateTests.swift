import DestinationsTesting
import Testing

/// Every step checks the screens' states as exhaustively as the navigation state.
@MainActor
@Suite struct ScreenStateTests {
    func harness(_ exhaustivity: Exhaustivity = .exhaustive) throws -> FlowHarness<MeetingRoute> {
        try FlowHarness(
            .stack(.meetings),
            providers: MeetingApp.providers(clock: ManualClock()),
            exhaustivity: exhaustivity,
            reporter: .silent
        )
    }

    @Test func aStepThatAssertsTheScreenStateItChangedPasses() async throws {
        let harness = try harness()
        try await harness.send(.load, to: MeetingsList.self) {
            """
            stack
              meetings ◀
            state of meetings
              meetings: ["Standup", "Retro"]
              dismissals: 0
            """
        }
        try await harness.finish()
        #expect(harness.failures.isEmpty)
    }

    @Test func aScreenStateChangeWithoutAnExpectationFailsWithItsDiff() async throws {
        let harness = try harness()
        try await harness.send(.load, to: MeetingsList.self)
        #expect(harness.failures.count == 1)
        guard case .unassertedChange(let diff)? = harness.failures.first?.problem else {
            Issue.record("expected an unasserted change, got \(harness.failures)")
            return
        }
        #expect(diff.contains("  state of meetings #2\n-   meetings: []"))
        #expect(diff.contains("+   meetings: [\"Standup\", \"Retro\"]"))
    }

    @Test func anExpectationThatLeavesOutAChangedScreenFails() async throws {
        let harness = try harness()
        try await harness.send(.load, to: MeetingsList.self) {
            """
            stack
              meetings ◀
            """
        }
        guard case .stateMismatch(let diff)? = harness.failures.first?.problem else {
            Issue.record("expected a mismatch, got \(harness.failures)")
            return
        }
        #expect(diff.contains("+ state of meetings"))
    }

    @Test func aWrongFieldIsShownAgainstTheRightOne() async throws {
        let harness = try harness()
        try await harness.send(.load, to: MeetingsList.self) {
            """
            stack
              meetings ◀
            state of meetings
              meetings: ["Standup"]
              dismissals: 0
            """
        }
        guard case .stateMismatch(let diff)? = harness.failures.first?.problem else {
            Issue.record("expected a mismatch, got \(harness.failures)")
            return
        }
        #expect(diff.contains("-   meetings: [\"Standup\"]\n+   meetings: [\"Standup\", \"Retro\"]"))
    }

    @Test func aNewScreensStateMustBeAssertedWhenItArrives() async throws {
        let harness = try harness()
        try await harness.send(.add, to: MeetingsList.self) {
            """
            stack
              meetings
                sheet: addMeeting ◀
            state of addMeeting
              title: ""
            """
        }
        try await harness.send(.setTitle, content: "Standup", to: AddMeeting.self) {
            """
            stack
              meetings
                sheet: addMeeting ◀
            state of addMeeting
              title: "Standup"
            """
        }
        try await harness.finish()
        #expect(harness.failures.isEmpty)
    }

    @Test func twoScreensOfTheSameRouteAreToldApartByTheirIDs() async throws {
        let harness = try FlowHarness(
            .stack(.meetings, .meetings),
            providers: MeetingApp.providers(clock: ManualClock()),
            reporter: .silent
        )
        try await harness.send(.load, to: MeetingsList.self) {
            """
            stack
              meetings
              meetings ◀
            state of meetings #3
              meetings: ["Standup", "Retro"]
              dismissals: 0
            """
        }
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func theNonExhaustiveModeChecksOnlyTheBlocksGiven() async throws {
        let harness = try harness(.nonExhaustive)
        try await harness.send(.load, to: MeetingsList.self) {
            """
            stack
              meetings ◀
            """
        }
        try await harness.send(.add, to: MeetingsList.self) {
            """
            stack
              meetings
                sheet: addMeeting ◀
            state of meetings
              meetings: ["Standup", "Retro"]
              dismissals: 0
            """
        }
        try await harness.finish()
        #expect(harness.failures.isEmpty)
    }

    @Test func aScreenStateChangedOutsideTheStepsIsReported() async throws {
        let harness = try harness()
        harness.destination(MeetingsList.self)?.screenState.meetings = ["Planning"]
        try await harness.finish()
        guard case .unassertedChange(let diff)? = harness.failures.first?.problem else {
            Issue.record("expected an unasserted change, got \(harness.failures)")
            return
        }
        #expect(diff.contains("+   meetings: [\"Planning\"]"))
    }

    @Test func theTranscriptAndTheTestSourceCarryTheScreenStates() async throws {
        let harness = try harness(.nonExhaustive)
        try await harness.send(.load, to: MeetingsList.self)
        try await harness.send(.add, to: MeetingsList.self)
        let text = harness.transcript.text
        #expect(
            text.contains(
                """
                ## 0. start
                stack #1
                  meetings #2 ◀
                state of meetings #2
                  meetings: []
                  dismissals: 0
                """))
        #expect(
            text.contains(
                """
                ## 1. send load to MeetingsList (meetings #2)
                stack #1
                  meetings #2 ◀
                state of meetings #2
                  meetings: ["Standup", "Retro"]
                """))
        let source = harness.transcript.testSource(
            named: "addsAMeeting", layout: ".stack(.meetings)", providers: "providers")
        #expect(source.contains("let harness = try FlowHarness(.stack(.meetings), providers: providers)"))
        #expect(
            source.contains(
                """
                    try await harness.send(.add, to: MeetingsList.self) {
                        \"\"\"
                        stack #1
                          meetings #2
                            sheet: addMeeting #3 ◀
                        state of addMeeting #3
                          title: ""
                        \"\"\"
                    }
                """))
    }

    @Test func theTestSourceOfATranscriptReplaysToNoFailures() async throws {
        // The expectations a transcript records are the ones its replay needs.
        let recorded = try harness(.nonExhaustive)
        try await recorded.send(.load, to: MeetingsList.self)
        try await recorded.send(.add, to: MeetingsList.self)
        try await recorded.send(.setTitle, content: "Standup", to: AddMeeting.self)
        let replay = try harness()
        let entries = recorded.transcript.entries
        try await replay.send(.load, to: MeetingsList.self) { entries[1].state }
        try await replay.send(.add, to: MeetingsList.self) { entries[2].state }
        try await replay.send(.setTitle, content: "Standup", to: AddMeeting.self) { entries[3].state }
        try await replay.finish()
        #expect(replay.failures.isEmpty)
    }
}

/// How a screen's state prints.
@Suite struct ScreenStateTextTests {
    struct Note: Equatable {
        var id: Int
        var title: String
    }
    enum Phase: Equatable {
        case idle
        case running(seconds: Int, label: String)
    }
    struct State: Equatable {
        var title = "Standup"
        var count: Int? = nil
        var phase = Phase.running(seconds: 3, label: "go")
        var tags: Set<String> = ["b", "a"]
        var notes = [Note(id: 1, title: "One")]
    }

    @Test func fieldsPrintOneALine() {
        #expect(
            ScreenStateText.lines(of: State()) == [
                "title: \"Standup\"",
                "count: nil",
                "phase: .running(seconds: 3, label: \"go\")",
                "tags: [\"a\", \"b\"]",
                "notes: [Note(id: 1, title: \"One\")]",
            ])
    }

    @Test func aLongNestedValueIsSpreadOverLines() {
        let notes = (1...3).map { Note(id: $0, title: "A rather long title, number \($0)") }
        #expect(
            ScreenStateText.lines(of: ["notes": notes].values.first ?? []) == [
                "[",
                "  Note(id: 1, title: \"A rather long title, number 1\"),",
                "  Note(id: 2, title: \"A rather long title, number 2\"),",
                "  Note(id: 3, title: \"A rather long title, number 3\"),",
                "]",
            ])
    }

    @Test func aValueWithoutFieldsPrintsOnOneLine() {
        #expect(ScreenStateText.lines(of: 42) == ["42"])
        #expect(ScreenStateText.lines(of: Phase.idle) == [".idle"])
        #expect(ScreenStateText.lines(of: "a \"quoted\" text") == ["\"a \\\"quoted\\\" text\""])
    }
}

/// A screen whose state prints less than it holds: its description leaves out `calibration`.
@MainActor final class Dial: StatefulDestination {
    enum Event: Hashable, Sendable, CaseIterable { case turn, calibrate }
    struct ScreenState: Equatable, Sendable, CustomStringConvertible {
        var position = 0
        var calibration = 0
        var description: String { "position \(position)" }
    }
    let context = DestinationContext<KitchenRoute, Event>()
    var screenState = ScreenState()
}

/// Screen states are compared as values, with `==`; their printing only shows a change.
@MainActor
@Suite struct ScreenStateEqualityTests {
    func harness() throws -> FlowHarness<KitchenRoute> {
        let dial = Provider { (_: KitchenRoute) in
            Dial()
        } events: { events in
            events.on(.turn, .perform { input in input.destination.screenState.position += 1 })
            events.on(.calibrate, .perform { input in input.destination.screenState.calibration += 1 })
        }
        return try FlowHarness(
            .stack(.kitchen), providers: Providers { _ in dial }, transcriptIDs: false, reporter: .silent)
    }

    static func dial(_ position: Int) -> String {
        """
        stack
          kitchen ◀
        state of kitchen
          position \(position)
        """
    }

    @Test func aChangeThePrintingDoesNotShowFailsEvenWithAnExpectationThatMatchesTheText() async throws {
        let harness = try harness()
        // The text is what it was; the value is not.
        try await harness.send(.calibrate, to: Dial.self) { Self.dial(0) }
        #expect(harness.failures.count == 1)
        guard case .unprintedScreenChange(let screen, let diff)? = harness.failures.first?.problem else {
            Issue.record("expected an unprinted change, got \(harness.failures)")
            return
        }
        #expect(screen == "state of kitchen #2")
        #expect(diff.contains("-   - calibration: 0\n+   - calibration: 1"), "\(diff)")
    }

    @Test func aChangeThePrintingDoesNotShowIsDumpedWhenNobodyAssertedIt() async throws {
        let harness = try harness()
        try await harness.send(.calibrate, to: Dial.self)
        guard case .unassertedChange(let diff)? = harness.failures.first?.problem else {
            Issue.record("expected an unasserted change, got \(harness.failures)")
            return
        }
        #expect(harness.failures.count == 1)
        #expect(diff.contains("state of kitchen #2 changed but prints as before (dumped):"), "\(diff)")
        #expect(diff.contains("+   - calibration: 1"), "\(diff)")
    }

    @Test func aPrintedChangeIsAssertedByItsText() async throws {
        let harness = try harness()
        try await harness.send(.turn, to: Dial.self) { Self.dial(1) }
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }
}
