import Destinations
import Testing

@MainActor
@Suite struct InteractorCancellationTests {
    @Test func aResultThatArrivesAfterTheScreenIsGoneNeverReachesIt() async throws {
        let datasource = GatedDatasource()
        let flow = try Flow(.stack(.list), providers: itemsProviders(datasource: datasource))
        try flow.apply(.push(.detail(id: 1)))
        var detail = WeakBox(value: flow.focusedDestination(as: ItemsScreen.self))
        try detail.value?.send(.load)
        await datasource.arrived.wait()
        var deliveredTo: [Int] = []
        detail.value.map { deliveredTo.append($0.deliveries) }
        try flow.apply(.back)
        datasource.gate.fire()
        try await flow.settle()
        #expect(await datasource.answered == 1, "the datasource answered")
        #expect(deliveredTo == [0])
        #expect(detail.value == nil, "the removed Destination was released, so nothing reached it")
        detail.value = nil
    }

    @Test func aDatasourceThatNeverAnswersDoesNotHoldTheScreenOrTheFlow() async throws {
        let datasource = SilentDatasource()
        let flow = try Flow(.stack(.list), providers: itemsProviders(datasource: datasource))
        try flow.apply(.push(.detail(id: 1)))
        let detail = WeakBox(value: flow.focusedDestination(as: ItemsScreen.self))
        try detail.value?.send(.load)
        await datasource.arrived.wait()
        try flow.apply(.back)
        try await flow.settle()
        #expect(detail.value == nil)
        #expect(flow.destinations.count == 1, "only the list remains")
    }

    @Test func removalCancelsTheInteractorsWorkSoItCanBeReleased() async throws {
        var datasource: SilentDatasource? = SilentDatasource()
        let weakDatasource = WeakBox(value: datasource)
        // Only the detail uses the datasource, so that once it is removed nothing the flow still
        // shows holds the datasource (tearing the flow down runs the list's interactor cleanup).
        func makeFlow(_ datasource: SilentDatasource) throws -> Flow<DataRoute> {
            let detail = itemsProviders(datasource: datasource).provider(for: .detail(id: 1))
            let list = Provider { (_: DataRoute) in ItemsScreen(loadsOnPrepare: false) }
            return try Flow(.stack(.list), providers: Providers { route in route == .list ? list : detail })
        }
        var flow: Flow<DataRoute>? = try makeFlow(datasource!)
        try flow?.apply(.push(.detail(id: 1)))
        try flow?.focusedDestination(as: ItemsScreen.self)?.send(.load)
        await datasource?.arrived.wait()
        try flow?.apply(.back)
        try await flow?.settle()
        #expect(await datasource?.gaveUp == true, "the request's task was cancelled")
        flow = nil
        datasource = nil
        #expect(weakDatasource.value == nil)
    }

    @Test func removingOneScreenCancelsOnlyItsOwnRequests() async throws {
        let datasource = GatedDatasource()
        let flow = try Flow(.stack(.list), providers: itemsProviders(datasource: datasource))
        let list = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try list.send(.load)
        try flow.apply(.push(.detail(id: 1)))
        try flow.focusedDestination(as: ItemsScreen.self)?.send(.load)
        try flow.apply(.back)
        datasource.gate.fire()
        try await flow.settle()
        #expect(list.items == ["late"])
        #expect(list.deliveries == 1)
    }

    @Test func aStreamStopsWhenItsScreenIsRemoved() async throws {
        let stream = TestStream()
        let datasource = ItemsDatasource()
        let providers = itemsProviders(datasource: datasource) { events in
            events.on(.watch, .stream(stream, "ticks") { screen, tick in screen.ticks.append(tick) })
        }
        let flow = try Flow(.stack(.list), providers: providers)
        try flow.apply(.push(.detail(id: 1)))
        let detail = WeakBox(value: flow.focusedDestination(as: ItemsScreen.self))
        try detail.value?.send(.watch)
        await stream.started.wait()
        try flow.apply(.back)
        stream.input.yield(1)
        await stream.cleanedUp.wait()
        try await flow.settle()
        #expect(detail.value == nil)
    }
}
