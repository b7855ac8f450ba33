import Destinations
import Testing

/// A stream whose values are results: live updates that can fail without ending.
final class UpdatesStream: StreamInteractor, @unchecked Sendable {
    let (values, input) = AsyncStream<Result<Int, DataError>>.makeStream()

    func values(for request: String) async -> AsyncStream<Result<Int, DataError>> {
        values
    }
}

@MainActor
@Suite struct StreamFailureTests {
    @Test func aStreamsFailuresArriveTypedAndTheStreamGoesOn() async throws {
        let updates = UpdatesStream()
        let (delivered, report) = AsyncStream<Result<Int, DataError>>.makeStream()
        let providers = itemsProviders(datasource: ItemsDatasource()) { events in
            events.on(
                .watch,
                .stream(updates, "live") { screen, update in
                    switch update {
                    case .success(let value): screen.ticks.append(value)
                    case .failure(let error): screen.errors.append(error)
                    }
                    report.yield(update)
                })
        }
        let flow = try Flow(.stack(.list), providers: providers)
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try screen.send(.watch)
        var iterator = delivered.makeAsyncIterator()
        for update: Result<Int, DataError> in [.success(1), .failure(.offline), .success(2)] {
            updates.input.yield(update)
            #expect(await iterator.next() == update)
        }
        #expect(screen.ticks == [1, 2])
        #expect(screen.errors == [.offline])
        #expect(screen.context.hasRunningStreams)
    }

    @Test func aScreenWithALiveStreamIsReleasedWhenRemoved() async throws {
        let updates = UpdatesStream()
        let providers = itemsProviders(datasource: ItemsDatasource()) { events in
            events.on(.watch, .stream(updates, "live") { screen, _ in screen.deliveries += 1 })
        }
        let flow = try Flow(.stack(.list), providers: providers)
        try flow.apply(.push(.detail(id: 1)))
        let detail = WeakBox(value: flow.focusedDestination(as: ItemsScreen.self))
        try detail.value?.send(.watch)
        #expect(detail.value?.context.hasRunningStreams == true)
        try flow.apply(.back)
        updates.input.yield(.success(1))
        try await flow.settle()
        #expect(detail.value == nil, "the stream holds neither the screen nor its model")
    }
}
