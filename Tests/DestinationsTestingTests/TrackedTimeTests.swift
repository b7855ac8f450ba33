import DestinationsTesting
import Foundation
import Testing

/// A kitchen timer: a request that sleeps on the clock, a countdown stream whose producer sleeps
/// on the clock, and phrases a test feeds and ends.
enum KitchenRoute: NavigationRoute, Codable {
    case kitchen
}

@MainActor final class Kitchen: StatefulDestination {
    enum Event: Hashable, Sendable, CaseIterable {
        case bake(Carrying<String>)
        case countdown(Carrying<Int>)
        case listen
        static let allCases: [Event] = [.bake(.listed), .countdown(.listed), .listen]
    }
    struct ScreenState: Equatable, Sendable {
        var baked: String?
        var remaining: [Int]
        var heard: [String]
        var isStreaming: Bool
    }
    let context = DestinationContext<KitchenRoute, Event>()
    var baked: String?
    var remaining: [Int] = []
    var heard: [String] = []
    /// Read from the context: the end of a stream is a change of the screen's state.
    var screenState: ScreenState {
        ScreenState(baked: baked, remaining: remaining, heard: heard, isStreaming: context.hasRunningStreams)
    }
}

extension ContentEvent<Kitchen.Event, String> {
    /// `bake` carries what to bake.
    static var bake: Self { Self(Kitchen.Event.bake) }
}

extension ContentEvent<Kitchen.Event, Int> {
    /// `countdown` carries the seconds to count down.
    static var countdown: Self { Self(Kitchen.Event.countdown) }
}

/// A request that takes two seconds of its clock.
struct Oven: Interactor {
    let clock: any Clock<Duration>

    func perform(request: String) async -> Result<String, CancellationError> {
        do {
            try await clock.sleep(for: .seconds(2))
        } catch {
            return .failure(CancellationError())
        }
        return .success("baked \(request)")
    }
}

/// A producer that sleeps on the clock, written the documented way (`Clock.stream(_:)`).
struct Countdown: StreamInteractor {
    let clock: any Clock<Duration>

    func values(for seconds: Int) async -> TrackedStream<Int> {
        clock.stream { continuation in
            for remaining in (0..<seconds).reversed() {
                try await clock.sleep(for: .seconds(1))
                continuation.yield(remaining)
            }
        }
    }
}

/// A fresh stream for each request, which the test feeds and ends.
final class Phrases: StreamInteractor, @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [TrackedStream<String>.Continuation] = []

    /// The producing end of the latest stream.
    var latest: TrackedStream<String>.Continuation? { lock.withLock { continuations.last } }

    func values(for request: Int) async -> TrackedStream<String> {
        let (stream, continuation) = TrackedStream<String>.makeStream()
        lock.withLock { continuations.append(continuation) }
        return stream
    }
}

@MainActor
enum KitchenApp {
    static func providers(clock: any Clock<Duration>, phrases: Phrases = Phrases()) -> Providers<KitchenRoute> {
        let oven = Oven(clock: clock)
        let countdown = Countdown(clock: clock)
        let kitchen = Provider { (_: KitchenRoute) in
            Kitchen()
        } events: { events in
            events.on(
                .bake,
                .request(oven, assistant: { dish in dish }) { kitchen, result in
                    kitchen.baked = try? result.get()
                })
            events.on(
                .countdown,
                .stream(countdown, assistant: { seconds in seconds }) { kitchen, remaining in
                    kitchen.remaining.append(remaining)
                })
            events.on(.listen, .stream(phrases, 0) { kitchen, phrase in kitchen.heard.append(phrase) })
        }
        return Providers { _ in kitchen }
    }

    static func harness(clock: any Clock<Duration>, phrases: Phrases = Phrases()) throws -> FlowHarness<KitchenRoute> {
        let harness = try FlowHarness(
            .stack(.kitchen), providers: providers(clock: clock, phrases: phrases), transcriptIDs: false,
            reporter: .silent)
        // A wait that never ends fails in seconds, not in the default half a minute.
        harness.settleTimeout = .seconds(3)
        return harness
    }

    static func state(baked: String? = nil, remaining: [Int] = [], heard: [String] = [], isStreaming: Bool = false)
        -> String
    {
        """
        stack
          kitchen ◀
        state of kitchen
          baked: \(baked.map { $0.debugDescription } ?? "nil")
          remaining: [\(remaining.map(String.init).joined(separator: ", "))]
          heard: [\(heard.map(\.debugDescription).joined(separator: ", "))]
          isStreaming: \(isStreaming)
        """
    }
}

/// Streams and time hold a step exactly as long as they should: values produced before a step
/// are that step's, a stream's end is awaited, work asleep on the test clock is settled until
/// the test advances it, and a producer written with `Clock.stream(_:)` never misses an advance.
@MainActor
@Suite struct TrackedTimeTests {
    @Test func valuesProducedBeforeAStepBelongToThatStep() async throws {
        for round in 1...20 {
            let phrases = Phrases()
            let harness = try KitchenApp.harness(clock: ManualClock(), phrases: phrases)
            try await harness.send(.listen, to: Kitchen.self) { KitchenApp.state(isStreaming: true) }
            let feed = try #require(phrases.latest)
            feed.yield("round \(round)")
            // The value was produced before the step: the step delivers it and asserts it.
            try await harness.send(.countdown, content: 0, to: Kitchen.self) {
                KitchenApp.state(heard: ["round \(round)"], isStreaming: true)
            }
            try await harness.finish()
            #expect(harness.failures.isEmpty, "round \(round): \(harness.failures.first.map { "\($0)" } ?? "")")
        }
    }

    @Test func aStreamsEndIsAwaitedWithItsLastValue() async throws {
        for round in 1...20 {
            let phrases = Phrases()
            let harness = try KitchenApp.harness(clock: ManualClock(), phrases: phrases)
            try await harness.send(.listen, to: Kitchen.self) { KitchenApp.state(isStreaming: true) }
            let feed = try #require(phrases.latest)
            feed.yield("last")
            feed.finish()
            try await harness.settle { KitchenApp.state(heard: ["last"], isStreaming: false) }
            #expect(harness.destination(Kitchen.self)?.context.hasRunningStreams == false)
            try await harness.finish()
            #expect(harness.failures.isEmpty, "round \(round): \(harness.failures.first.map { "\($0)" } ?? "")")
        }
    }

    @Test func aRequestAsleepOnTheTestClockSettlesUntilTheClockIsAdvanced() async throws {
        let clock = ManualClock()
        let harness = try KitchenApp.harness(clock: clock)
        // The request sleeps for two seconds of the clock: the step settles with it asleep.
        try await harness.send(.bake, content: "bread", to: Kitchen.self)
        #expect(clock.sleeperCount == 1)
        try await harness.advance(clock, by: .seconds(1))
        try await harness.advance(clock, by: .seconds(1)) { KitchenApp.state(baked: "baked bread") }
        #expect(clock.sleeperCount == 0)
        try await harness.finish()
        #expect(harness.failures.isEmpty, "\(harness.failures.first.map { "\($0)" } ?? "")")
    }

    @Test func aProducerWrittenWithClockStreamNeverMissesAnAdvance() async throws {
        for round in 1...20 {
            let clock = ManualClock()
            let harness = try KitchenApp.harness(clock: clock)
            // The advance comes right after the step that started the stream: the producer is
            // pending work from the start, so the step waited until it slept on the clock.
            try await harness.send(.countdown, content: 2, to: Kitchen.self) { KitchenApp.state(isStreaming: true) }
            try await harness.advance(clock, by: .seconds(1)) { KitchenApp.state(remaining: [1], isStreaming: true) }
            try await harness.advance(clock, by: .seconds(1)) {
                KitchenApp.state(remaining: [1, 0], isStreaming: false)
            }
            try await harness.finish()
            #expect(harness.failures.isEmpty, "round \(round): \(harness.failures.first.map { "\($0)" } ?? "")")
        }
    }

    @Test func aContentEventSentWithoutItsContentIsRefusedAndChangesNothing() async throws {
        let harness = try KitchenApp.harness(clock: ManualClock())
        let before = harness.state
        do {
            // Only the placeholder that lists the case compiles; the flow refuses it before its response runs.
            try await harness.send(.bake(.listed), to: Kitchen.self)
            Issue.record("an event declared with content was sent without it")
        } catch {
            guard case .refused(.contentMismatch(let event, let expected, let actual)) = error.problem else {
                Issue.record("expected contentMismatch, got \(error.problem)")
                return
            }
            #expect([event, expected, actual] == ["bake", "String", "nothing"])
        }
        #expect(harness.state == before)
        #expect(
            harness.destination(Kitchen.self)?.screenState
                == Kitchen.ScreenState(baked: nil, remaining: [], heard: [], isStreaming: false))
        try await harness.finish()
        #expect(harness.failures.isEmpty)
    }

    @Test func exhaustivityIsATopLevelType() throws {
        let mode: Exhaustivity = .nonExhaustive
        let harness = try FlowHarness(
            .stack(.kitchen), providers: KitchenApp.providers(clock: ManualClock()), exhaustivity: mode)
        #expect(harness.exhaustivity == .nonExhaustive)
        #expect(FlowHarness<KitchenRoute>.Exhaustivity.self == Exhaustivity.self)
    }
}
