import DestinationsTesting
import Foundation
import Testing

/// What happened inside a step — events a Destination sends from its code, stream values, a
/// clock's ticks — is recorded in order, and an exhaustive test receives each one with the
/// state it led to.
@MainActor
@Suite struct HappeningTests {
    static let recording = """
        stack
          meetings
          record(1) ◀
        """

    /// A harness on the recording screen, its `startTimer` (sent by the screen itself) received.
    func recording(
        clock: ManualClock = ManualClock(), speech: SpeechService = SpeechService(),
        happenings: Exhaustivity = .exhaustive
    ) async throws -> FlowHarness<MeetingRoute> {
        let harness = try FlowHarness(
            .stack(.meetings), providers: MeetingApp.providers(clock: clock, speech: speech), reporter: .silent)
        harness.happenings = happenings
        try await harness.send(.record, content: 1, to: MeetingsList.self) {
            Self.recording + """

                state of record(1)
                  secondsElapsed: 0
                  isTimerRunning: true
                  transcript: ""
                  isEnded: false
                """
        }
        if happenings == .exhaustive { harness.receive(RecordMeeting.Event.startTimer) }
        return harness
    }

    @Test func anEventAScreenSendsFromItsCodeIsRecordedButTheStepsOwnIsNot() async throws {
        let harness = try await recording(happenings: .nonExhaustive)
        #expect(harness.pendingHappenings.map(\.description) == ["event .startTimer from RecordMeeting"])
        #expect(harness.pendingHappenings.first?.step == 1)
    }

    @Test func ticksReceivedInOrderEachWithTheStateItLedToPass() async throws {
        let clock = ManualClock()
        let harness = try await recording(clock: clock)
        try await harness.advance(clock, by: .seconds(3)) {
            """
            state of record(1)
              secondsElapsed: 3
            """
        }
        harness.receive(1) {
            """
            state of record(1)
              secondsElapsed: 1
            """
        }
        harness.receive(2) {
            """
            state of record(1)
              secondsElapsed: 2
            """
        }
        harness.receive(3)  // the last one led to the step's state, which the step asserted
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func aHappeningNotReceivedFailsTheTestNamingItsStepAndValue() async throws {
        let clock = ManualClock()
        let harness = try await recording(clock: clock)
        try await harness.advance(clock, by: .seconds(1)) {
            """
            state of record(1)
              secondsElapsed: 1
            """
        }
        try await harness.finish()
        #expect(harness.failures.map(\.problem) == [.unreceivedHappening("value 1 from MeetingTimer")])
        #expect(harness.failures.first?.step == 2)
        #expect(harness.failures.first?.description.contains("Step 2") == true)
    }

    @Test func aHappeningNotReceivedFailsTheNextStep() async throws {
        let speech = SpeechService()
        let harness = try await recording(speech: speech)
        try await harness.send(.listen, content: "en", to: RecordMeeting.self)
        speech.input.yield("hello")
        try await harness.settle {
            """
            state of record(1)
              transcript: "hello"
            """
        }
        try await harness.send(.end, to: RecordMeeting.self) {
            """
            stack
              meetings
              record(1)
                alert: endAlert ◀
            state of record(1)
              secondsElapsed: 0
              isTimerRunning: false
              transcript: "hello"
              isEnded: false
            """
        }
        #expect(harness.failures.map(\.problem) == [.unreceivedHappening("value \"hello\" from SpeechService")])
    }

    @Test func anIntermediateHappeningThatChangedTheStateMustSayWhatItLedTo() async throws {
        let clock = ManualClock()
        let harness = try await recording(clock: clock)
        try await harness.advance(clock, by: .seconds(2)) {
            """
            state of record(1)
              secondsElapsed: 2
            """
        }
        harness.receive(1)
        harness.receive(2)
        guard case .unassertedChange(let diff)? = harness.failures.first?.problem else {
            Issue.record("expected an unasserted change, got \(harness.failures)")
            return
        }
        #expect(diff.contains("-   secondsElapsed: 0\n+   secondsElapsed: 1"))
        #expect(harness.failures.count == 1)
    }

    @Test func receivingAnotherValueFailsNamingWhatCameInstead() async throws {
        let clock = ManualClock()
        let harness = try await recording(clock: clock)
        try await harness.advance(clock, by: .seconds(1)) {
            """
            state of record(1)
              secondsElapsed: 1
            """
        }
        harness.receive(2)
        harness.receive(3)
        #expect(
            harness.failures.map(\.problem) == [
                .unexpectedHappening(expected: "2", received: "value 1 from MeetingTimer"),
                .unexpectedHappening(expected: "3", received: nil),
            ])
    }

    @Test func aWrongStateAfterAHappeningIsShownAgainstTheRightOne() async throws {
        let clock = ManualClock()
        let harness = try await recording(clock: clock)
        try await harness.advance(clock, by: .seconds(2)) {
            """
            state of record(1)
              secondsElapsed: 2
            """
        }
        harness.receive(1) {
            """
            state of record(1)
              secondsElapsed: 2
            """
        }
        harness.receive(2)
        guard case .stateMismatch(let diff)? = harness.failures.first?.problem else {
            Issue.record("expected a mismatch, got \(harness.failures)")
            return
        }
        #expect(diff.contains("-   secondsElapsed: 2\n+   secondsElapsed: 1"))
    }

    @Test func aTickThatChangesNothingMustStillBeReceived() async throws {
        // Under the end alert the timer keeps ticking and the screen ignores the ticks: nothing
        // in the final state shows them, but each is recorded.
        let clock = ManualClock()
        let harness = try await recording(clock: clock)
        harness.happenings = .nonExhaustive
        try await harness.advance(clock, by: .seconds(2)) {
            """
            state of record(1)
              secondsElapsed: 2
            """
        }
        #expect(
            harness.pendingHappenings.map(\.description) == ["value 1 from MeetingTimer", "value 2 from MeetingTimer"])
    }

    @Test func skippedHappeningsAreListedNotFailed() async throws {
        let clock = ManualClock()
        let harness = try await recording(clock: clock)
        try await harness.advance(clock, by: .seconds(1)) {
            """
            state of record(1)
              secondsElapsed: 1
            """
        }
        harness.skipHappenings()
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
        #expect(harness.skipped == ["step 2 (advance the clock by 1.0 seconds): value 1 from MeetingTimer (step 2)"])
    }

    @Test func aResultThatIsNotEquatableIsReceivedByType() async throws {
        let harness = try await recording(happenings: .nonExhaustive)
        harness.receive(RecordMeeting.Event.self, where: { $0 == .startTimer })
        #expect(harness.failures.isEmpty, "\(harness.failures)")
        #expect(harness.pendingHappenings.isEmpty)
    }
}

/// The mutation the peer's test store catches: a recording screen that changes its transcript
/// in the step it is dismissed.
@MainActor
@Suite struct LeavingScreenTests {
    @Test func aRecordingScreenDismissedAsItsTranscriptChangesShowsTheTranscript() async throws {
        let speech = SpeechService()
        let harness = try FlowHarness(
            .stack(.meetings), providers: MeetingApp.providers(clock: ManualClock(), speech: speech),
            reporter: .silent)
        try await harness.send(.record, content: 1, to: MeetingsList.self) {
            HappeningTests.recording + """

                state of record(1)
                  secondsElapsed: 0
                  isTimerRunning: true
                  transcript: ""
                  isEnded: false
                """
        }
        try await harness.send(.listen, content: "en", to: RecordMeeting.self)
        speech.input.yield("bye")
        try await harness.swipeBack {
            """
            stack
              meetings ◀
            state of record(1) (left)
              secondsElapsed: 0
              isTimerRunning: true
              transcript: "bye"
              isEnded: false
            """
        }
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }
}

/// A tap's own event is not a happening; what the tap sets off is.
@MainActor
@Suite struct AlertTapHappeningTests {
    func onEndAlert() async throws -> FlowHarness<MeetingRoute> {
        let harness = try FlowHarness(
            .stack(.meetings), providers: MeetingApp.providers(clock: ManualClock()),
            exhaustivity: .nonExhaustive, reporter: .silent)
        try await harness.send(.record, content: 1, to: MeetingsList.self)
        try await harness.send(.end, to: RecordMeeting.self)
        harness.skipHappenings()
        return harness
    }

    @Test func anAlertButtonsEventForwardedToItsPresenterIsTheTapsOwn() async throws {
        let harness = try await onEndAlert()
        try await harness.tapAlertButton(labeled: "End")
        // The presenter hears the alert close before the button's `confirmEnd` reaches it: the
        // timer it restarts then is a happening; `confirmEnd` is the tap's.
        #expect(harness.pendingHappenings.map(\.description) == ["event .startTimer from RecordMeeting"])
        #expect(harness.destination(RecordMeeting.self)?.screenState.isEnded == true)
    }

    @Test func anEventTheDismissalSetsOffIsAHappening() async throws {
        let harness = try await onEndAlert()
        try await harness.tapAlertButton(labeled: "Resume")
        #expect(harness.pendingHappenings.map(\.description) == ["event .startTimer from RecordMeeting"])
    }
}

/// Random advances of the clock, then the invariants: every tick is recorded once, in order,
/// and each one's state shows that tick.
@MainActor
@Suite struct HappeningPropertyTests {
    @Test(arguments: [1, 7, 2026] as [UInt64])
    func everyTickIsReceivedOnceInOrderWithItsState(seed: UInt64) async throws {
        var random = WalkRandom(seed: seed)
        let clock = ManualClock()
        let harness = try await HappeningTests().recording(clock: clock)
        var elapsed = 0
        for _ in 0..<12 {
            let seconds = Int(random.next() % 4)
            if seconds == 0 {
                try await harness.advance(clock, by: .zero)  // nothing due, nothing to assert
            } else {
                try await harness.advance(clock, by: .seconds(seconds)) {
                    "state of record(1)\n  secondsElapsed: \(elapsed + seconds)"
                }
            }
            for tick in elapsed + 1..<elapsed + seconds + 1 {
                harness.receive(tick) { "state of record(1)\n  secondsElapsed: \(tick)" }
            }
            elapsed += seconds
            #expect(harness.pendingHappenings.isEmpty, "seed \(seed): \(harness.pendingHappenings)")
        }
        try await harness.finish()
        #expect(harness.failures.isEmpty, "seed \(seed): \(harness.failures.first.map { "\($0)" } ?? "")")
    }
}
