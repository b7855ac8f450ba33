import Destinations
import Foundation
import Testing

/// One type that answers requests and streams values.
actor SearchService: Interactor, StreamInteractor {
    private(set) var prepared = 0
    private let (suggestions, input) = TrackedStream<String>.makeStream()

    func perform(request: ItemsRequest) async -> Result<[String], DataError> {
        .success(["request"])
    }

    func values(for prefix: String) async -> TrackedStream<String> {
        input.yield("\(prefix)1")
        input.yield("\(prefix)2")
        input.finish()
        return suggestions
    }

    func prepare(for destination: ElementID) async { prepared += 1 }
}

/// A sequence that is not an `AsyncStream`: counts to a limit, then throws.
struct Countdown: AsyncSequence, Sendable {
    struct Failed: Error {}
    let from: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        var current: Int
        mutating func next() async throws -> Int? {
            guard current > 0 else { throw Failed() }
            defer { current -= 1 }
            return current
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(current: from) }
}

struct CountdownStream: StreamInteractor {
    func values(for from: Int) async -> Countdown { Countdown(from: from) }
}

@MainActor
@Suite struct StreamShapesTests {
    @Test func oneTypeIsBothARequestAndAStreamInteractor() async throws {
        let service = SearchService()
        let providers = itemsProviders(datasource: service) { events in
            events.on(.watch, .stream(service, "mi") { screen, suggestion in screen.items.append(suggestion) })
        }
        let flow = try Flow(.stack(.list), providers: providers)
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try screen.send(.load)
        try await flow.settle(timeout: .seconds(60))
        #expect(screen.items == ["request"])
        try screen.send(.watch)
        try await flow.settle(timeout: .seconds(60))
        #expect(screen.items == ["request", "mi1", "mi2"])
        #expect(await service.prepared == 1)
    }

    @Test func aStreamRequestIsBuiltFromTheEventsContent() async throws {
        let stream = CountdownStream()
        let providers = itemsProviders(datasource: ItemsDatasource()) { events in
            events.on(
                .watchFrom,
                .stream(stream, assistant: { count in count }) { screen, tick in
                    screen.ticks.append(tick)
                    screen.onTick?(tick)
                })
        }
        let flow = try Flow(.stack(.list), providers: providers)
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        let (delivered, report) = AsyncStream<Int>.makeStream()
        screen.onTick = { if $0 == 1 { report.finish() } }
        try screen.send(.watchFrom, content: 3)
        for await _ in delivered {}
        #expect(screen.ticks == [3, 2, 1])
    }

    @Test func aStreamAssistantThatFailsStartsNoStreamAndSendThrows() throws {
        let stream = CountdownStream()
        let providers = itemsProviders(datasource: ItemsDatasource()) { events in
            events.on(
                .watchFrom,
                .stream(stream, assistant: { count in count }) { screen, tick in
                    screen.ticks.append(tick)
                })
        }
        let flow = try Flow(.stack(.list), providers: providers)
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        #expect(throws: NavigationError.self) { try screen.send(.watchFrom(.listed), carrying: "three") }
        #expect(!screen.context.hasRunningStreams)
    }

    @Test func aSequenceThatThrowsEndsItsStream() async throws {
        let stream = CountdownStream()
        let providers = itemsProviders(datasource: ItemsDatasource()) { events in
            events.on(.watch, .stream(stream, 2) { screen, tick in screen.ticks.append(tick) })
        }
        let flow = try Flow(.stack(.list), providers: providers)
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try screen.send(.watch)
        while screen.context.hasRunningStreams { await Task.yield() }
        #expect(screen.ticks == [2, 1])
    }

    @Test func settleWaitsForTrackedValuesProducedBeforeIt() async throws {
        let (values, input) = TrackedStream<Int>.makeStream()
        struct Fixed: StreamInteractor {
            let values: TrackedStream<Int>
            func values(for request: String) async -> TrackedStream<Int> { values }
        }
        let providers = itemsProviders(datasource: ItemsDatasource()) { events in
            events.on(.watch, .stream(Fixed(values: values), "") { screen, tick in screen.ticks.append(tick) })
        }
        let flow = try Flow(.stack(.list), providers: providers)
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try screen.send(.watch)
        try await flow.settle(timeout: .seconds(60))
        for round in 1...50 {
            input.yield(round)
            try await flow.settle(timeout: .seconds(60))
            #expect(screen.ticks.count == round)
        }
        #expect(flow.pendingWork.isEmpty)
    }

    @Test func aProducedValueIsPendingWorkNamedByItsStreamUntilDelivered() async throws {
        let (values, input) = TrackedStream<Int>.makeStream()
        let providers = itemsProviders(datasource: ItemsDatasource()) { events in
            events.on(.watch, .stream(FixedValues(values: values), "") { screen, tick in screen.ticks.append(tick) })
        }
        let flow = try Flow(.stack(.list), providers: providers)
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try screen.send(.watch)
        try await flow.settle(timeout: .seconds(60))
        #expect(flow.pendingWork.isEmpty)
        input.yield(7)
        // Nothing awaited since the value was produced: it cannot have been delivered yet.
        #expect(
            flow.pendingWork.map(\.description) == ["list #2: stream FixedValues: values produced, not yet delivered"])
        try await flow.settle(timeout: .seconds(60))
        #expect(screen.ticks == [7])
        #expect(flow.pendingWork.isEmpty)
    }

    @Test func valuesLeftUndeliveredByARemovedScreenDoNotHoldASettle() async throws {
        let (values, input) = TrackedStream<Int>.makeStream()
        let providers = itemsProviders(datasource: ItemsDatasource()) { events in
            events.on(.watch, .stream(FixedValues(values: values), "") { screen, tick in screen.ticks.append(tick) })
        }
        let flow = try Flow(.stack(.list), providers: providers)
        try flow.apply(.push(.list))
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try screen.send(.watch)
        try await flow.settle(timeout: .seconds(60))
        input.yield(1)
        input.yield(2)
        try flow.apply(.back)
        try await flow.settle(timeout: .seconds(30))
        #expect(screen.ticks.isEmpty)
        #expect(flow.pendingWork.isEmpty)
    }
}

/// Seeded property: whatever the interleaving of values produced and settles, every value
/// produced before a settle is delivered by the time it returns, in order.
@MainActor
@Suite struct TrackedStreamPropertyTests {
    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    @Test(arguments: [UInt64(1), 7, 42, 2026])
    func everyValueProducedBeforeASettleIsDeliveredByIt(seed: UInt64) async throws {
        var random = SplitMix(state: seed)
        let (values, input) = TrackedStream<Int>.makeStream()
        let mapped = values.map { $0 * 10 }
        struct Mapped: StreamInteractor {
            let values: TrackedStream<Int>
            func values(for request: String) async -> TrackedStream<Int> { values }
        }
        let providers = itemsProviders(datasource: ItemsDatasource()) { events in
            events.on(.watch, .stream(Mapped(values: mapped), "") { screen, tick in screen.ticks.append(tick) })
        }
        let flow = try Flow(.stack(.list), providers: providers)
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try screen.send(.watch)
        var produced: [Int] = []
        for _ in 0..<30 {
            for _ in 0..<Int(random.next() % 4) {
                let value = Int(random.next() % 1000)
                produced.append(value * 10)
                input.yield(value)
            }
            if random.next() % 3 == 0 { await Task.yield() }
            try await flow.settle(timeout: .seconds(60))
            #expect(screen.ticks == produced)
        }
    }
}

struct FixedValues: StreamInteractor {
    let values: TrackedStream<Int>
    func values(for request: String) async -> TrackedStream<Int> { values }
}
