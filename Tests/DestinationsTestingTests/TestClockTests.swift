import DestinationsTesting
import Foundation
import Testing

/// Streams and time are tracked work: a test advances a manual clock and asserts each tick as a
/// step, and a step waits for the stream values already produced. No sleeps.
@MainActor
@Suite struct TestClockTests {
    static let recording = """
        stack
          meetings
          record(1) ◀
        """

    func recordingHarness(clock: ManualClock, speech: SpeechService = SpeechService()) async throws -> FlowHarness<
        MeetingRoute
    > {
        let harness = try FlowHarness(
            .stack(.meetings), providers: MeetingApp.providers(clock: clock, speech: speech), reporter: .silent)
        try await harness.send(.record, content: 1, to: MeetingsList.self) {
            Self.recording + """

                state of record(1)
                  secondsElapsed: 0
                  isTimerRunning: true
                  transcript: ""
                  isEnded: false
                """
        }
        return harness
    }

    @Test func eachTickOfAManualClockIsAnAssertedStep() async throws {
        let clock = ManualClock()
        let harness = try await recordingHarness(clock: clock)
        for second in 1...5 {
            try await harness.advance(clock, by: .seconds(1)) {
                Self.recording + """

                    state of record(1)
                      secondsElapsed: \(second)
                      isTimerRunning: true
                      transcript: ""
                      isEnded: false
                    """
            }
        }
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func advancingSeveralIntervalsDeliversEveryTickDue() async throws {
        let clock = ManualClock()
        let harness = try await recordingHarness(clock: clock)
        try await harness.advance(clock, by: .milliseconds(3500)) {
            Self.recording + """

                state of record(1)
                  secondsElapsed: 3
                  isTimerRunning: true
                  transcript: ""
                  isEnded: false
                """
        }
        try await harness.advance(clock, by: .milliseconds(400))  // no tick due: nothing changes
        try await harness.advance(clock, by: .milliseconds(100)) {
            Self.recording + """

                state of record(1)
                  secondsElapsed: 4
                  isTimerRunning: true
                  transcript: ""
                  isEnded: false
                """
        }
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures)")
    }

    @Test func aTickNobodyAssertedFailsTheStep() async throws {
        let clock = ManualClock()
        let harness = try await recordingHarness(clock: clock)
        try await harness.advance(clock, by: .seconds(1))
        guard case .unassertedChange(let diff)? = harness.failures.first?.problem else {
            Issue.record("expected an unasserted change, got \(harness.failures)")
            return
        }
        #expect(diff.contains("-   secondsElapsed: 0\n+   secondsElapsed: 1"))
    }

    @Test func aStepWaitsForTheStreamValuesAlreadyProduced() async throws {
        // Values yielded before a step are delivered within it, every time.
        let speech = SpeechService()
        let harness = try await recordingHarness(clock: ManualClock(), speech: speech)
        try await harness.send(.listen, content: "en", to: RecordMeeting.self)
        var heard: [String] = []
        for round in 1...40 {
            let word = "w\(round)"
            heard.append(word)
            speech.input.yield(word)
            try await harness.settle {
                Self.recording + """

                    state of record(1)
                      secondsElapsed: 0
                      isTimerRunning: true
                      transcript: \(heard.joined(separator: " ").debugDescription)
                      isEnded: false
                    """
            }
        }
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures.first.map { "\($0)" } ?? "")")
    }

    @Test func stoppedStreamsNoLongerHoldASettle() async throws {
        let clock = ManualClock()
        let speech = SpeechService()
        let harness = try await recordingHarness(clock: clock, speech: speech)
        try await harness.send(.listen, content: "en", to: RecordMeeting.self)
        harness.destination(RecordMeeting.self)?.context.stopStreams()
        speech.input.yield("lost")
        clock.advance(by: .seconds(5))
        try await harness.settle()
        #expect(harness.destination(RecordMeeting.self)?.screenState.secondsElapsed == 0)
        #expect(harness.destination(RecordMeeting.self)?.screenState.transcript == "")
    }
}

/// The test clocks on their own.
@Suite struct ManualClockTests {
    @MainActor @Test func sleepersWakeInDeadlineOrderWhenTheirTimeComes() async throws {
        let clock = ManualClock()
        let (woken, report) = AsyncStream<Int>.makeStream()
        // Registered out of order (3 first). Each advance wakes only the sleepers it passed, so
        // the order of the reports is the order of the deadlines.
        for delay in [3, 1, 2] {
            Task { @MainActor in
                try await clock.sleep(for: .seconds(delay))
                report.yield(delay)
            }
        }
        while clock.sleeperCount < 3 { await Task.yield() }
        var iterator = woken.makeAsyncIterator()
        clock.advance(by: .milliseconds(1500))
        #expect(await iterator.next() == 1)
        #expect(clock.sleeperCount == 2)
        clock.advance(to: ManualClock.Instant(offset: .milliseconds(2500)))
        #expect(await iterator.next() == 2)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        #expect(await iterator.next() == 3)
        #expect(clock.sleeperCount == 0)
        #expect(clock.now == ManualClock.Instant(offset: .milliseconds(3500)))
    }

    @MainActor @Test func oneAdvancePastSeveralDeadlinesWakesEveryDueSleeperAndNoOther() async throws {
        let clock = ManualClock()
        let (woken, report) = AsyncStream<Int>.makeStream()
        for delay in [3, 1, 2, 9] {
            Task { @MainActor in
                try await clock.sleep(for: .seconds(delay))
                report.yield(delay)
            }
        }
        while clock.sleeperCount < 4 { await Task.yield() }
        clock.advance(by: .seconds(3))
        // The woken tasks run concurrently, so only the set of them is certain, not their order.
        var iterator = woken.makeAsyncIterator()
        var reports: Set<Int> = []
        for _ in 0..<3 { reports.insert(await iterator.next() ?? 0) }
        #expect(reports == [1, 2, 3])
        #expect(clock.sleeperCount == 1)
    }

    @Test func aCancelledSleeperThrowsAndLeavesTheClock() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        while clock.sleeperCount < 1 { await Task.yield() }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func advancingToAnInstantPassedDoesNotGoBack() {
        let clock = ManualClock(now: .init(offset: .seconds(10)))
        clock.advance(to: .init(offset: .seconds(4)))
        #expect(clock.now.offset == .seconds(10))
    }

    @Test func anImmediateClockReturnsAtOnceWithTheTimeMoved() async throws {
        let clock = ImmediateClock()
        try await clock.sleep(for: .seconds(60))
        try await clock.sleep(for: .seconds(30))
        #expect(clock.now.offset == .seconds(90))
    }
}
