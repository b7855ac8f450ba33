import DestinationsTesting
import Foundation
import Testing

/// The failures a harness reported, in order.
@MainActor final class ReportedFailures {
    var messages: [String] = []
    var lines: [Int] = []

    var reporter: FailureReporter {
        FailureReporter { message, location in
            self.messages.append(message)
            self.lines.append(location.line)
        }
    }
}

/// Work still running when a test ends fails it, naming the work and the step it started in,
/// unless the test ended it or declared that it may go on.
@MainActor
@Suite struct RunningWorkTests {
    func harness(clock: ManualClock, phrases: Phrases = Phrases(), reported: ReportedFailures) throws -> FlowHarness<
        KitchenRoute
    > {
        let harness = try FlowHarness(
            .stack(.kitchen), providers: KitchenApp.providers(clock: clock, phrases: phrases), transcriptIDs: false,
            reporter: reported.reporter)
        harness.settleTimeout = .seconds(3)
        return harness
    }

    @Test func aStreamStillRunningAtTheEndFailsTheTestNamingItAndItsStep() async throws {
        let reported = ReportedFailures()
        var line = 0
        do {
            let harness = try harness(clock: ManualClock(), reported: reported)
            line = #line + 1
            try await harness.send(.listen, to: Kitchen.self) { KitchenApp.state(isStreaming: true) }
        }
        #expect(reported.messages.count == 1)
        let message = try #require(reported.messages.first)
        #expect(message.contains("work still running at the end of the test: kitchen #2: stream Phrases"))
        #expect(message.contains("started in step 1 (send listen to Kitchen)"))
        #expect(reported.lines == [line])
    }

    @Test func aRequestAsleepOnTheTestClockAtTheEndFailsTheTest() async throws {
        let reported = ReportedFailures()
        do {
            let harness = try harness(clock: ManualClock(), reported: reported)
            try await harness.send(.bake, content: "bread", to: Kitchen.self)
        }
        #expect(reported.messages.count == 1)
        #expect(reported.messages.first?.contains("started in step 1 (send bake to Kitchen with bread)") == true)
    }

    @Test func workTheTestEndedDoesNotFailIt() async throws {
        let reported = ReportedFailures()
        let phrases = Phrases()
        let clock = ManualClock()
        do {
            let harness = try harness(clock: clock, phrases: phrases, reported: reported)
            try await harness.send(.bake, content: "bread", to: Kitchen.self)
            try await harness.send(.listen, to: Kitchen.self) { KitchenApp.state(isStreaming: true) }
            try await harness.advance(clock, by: .seconds(2)) {
                KitchenApp.state(baked: "baked bread", isStreaming: true)
            }
            phrases.latest?.finish()
            try await harness.settle { KitchenApp.state(baked: "baked bread") }
        }
        #expect(reported.messages.isEmpty, "\(reported.messages)")
    }

    @Test func workTheTestDeclaredMayGoOnDoesNotFailIt() async throws {
        let reported = ReportedFailures()
        do {
            let harness = try harness(clock: ManualClock(), reported: reported)
            harness.allowRunningWork(matching: "stream Phrases")
            try await harness.send(.listen, to: Kitchen.self) { KitchenApp.state(isStreaming: true) }
            try await harness.send(.bake, content: "bread", to: Kitchen.self)
        }
        #expect(reported.messages.count == 1)
        #expect(reported.messages.first?.contains("stream Phrases") == false)
    }
}
