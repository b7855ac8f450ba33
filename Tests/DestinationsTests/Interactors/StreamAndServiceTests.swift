import Destinations
import Testing

@MainActor
@Suite struct StreamInteractorTests {
    @Test func aStreamDeliversEachValueInOrderUntilStopped() async throws {
        let stream = TestStream()
        let providers = itemsProviders(datasource: ItemsDatasource()) { events in
            events.on(
                .watch,
                .stream(stream, "ticks") { screen, tick in
                    screen.ticks.append(tick)
                    screen.onTick?(tick)
                })
            events.on(.stopWatching, .stopStreams)
        }
        let flow = try Flow(.stack(.list), providers: providers)
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        let (delivered, report) = AsyncStream<Int>.makeStream()
        screen.onTick = { report.yield($0) }
        try screen.send(.watch)
        #expect(screen.context.hasRunningStreams)
        var iterator = delivered.makeAsyncIterator()
        for tick in 1...3 {
            stream.input.yield(tick)
            #expect(await iterator.next() == tick)
        }
        try screen.send(.stopWatching)
        #expect(!screen.context.hasRunningStreams)
        stream.input.yield(4)
        try await flow.settle()
        #expect(screen.ticks == [1, 2, 3])
    }
}

@MainActor
@Suite struct SyncServiceTests {
    @Test func aServicesResultIsDeliveredBeforeSendReturns() throws {
        let counter = CounterService()
        let providers = itemsProviders(datasource: ItemsDatasource()) { events in
            events.on(.count, .request(counter, 2) { screen, result in screen.total = (try? result.get()) ?? -1 })
        }
        let flow = try Flow(.stack(.list), providers: providers)
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try screen.send(.count)
        #expect(screen.total == 2)
        try screen.send(.count)
        #expect(screen.total == 4)
    }

    @Test func aServicesFailureIsDeliveredTyped() throws {
        let counter = CounterService()
        let providers = itemsProviders(datasource: ItemsDatasource()) { events in
            events.on(
                .count,
                .request(counter, -1) { screen, result in
                    if case .failure(let error) = result { screen.errors.append(error) }
                })
        }
        let flow = try Flow(.stack(.list), providers: providers)
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try screen.send(.count)
        #expect(screen.errors == [.notFound(-1)])
        #expect(counter.count == 0)
    }

    @Test func aSharedServiceKnowsEachScreenThatUsesIt() async throws {
        let counter = CounterService()
        let providers = itemsProviders(datasource: ItemsDatasource()) { events in
            events.on(.count, .request(counter, 1) { screen, result in screen.total = (try? result.get()) ?? -1 })
        }
        let flow = try Flow(.stack(.list), providers: providers)
        try flow.apply(.push(.detail(id: 1)))
        try await flow.settle()
        #expect(counter.users == [ElementID(2), ElementID(3)])
        try flow.apply(.back)
        try await flow.settle()
        #expect(counter.users == [ElementID(2)])
    }
}
