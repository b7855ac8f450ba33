import Destinations
import Testing

/// A state model that `await`s an interactor through its context, rather than through a
/// configured event, gets the same guarantees: nothing arrives after removal, and a datasource
/// that never answers does not keep the model waiting.
@MainActor
@Suite struct DirectAwaitTests {
    @Test func awaitingADatasourceThatNeverAnswersEndsWhenTheScreenIsRemoved() async throws {
        let datasource = SilentDatasource()
        let flow = try Flow(.stack(.list), providers: itemsProviders(datasource: datasource))
        try flow.apply(.push(.detail(id: 1)))
        let detail = try #require(flow.focusedDestination(as: ItemsScreen.self))
        let waiting = Task { await detail.context.perform(ItemsRequest(action: .retrieve), on: datasource) }
        await datasource.arrived.wait()
        try flow.apply(.back)
        #expect(await waiting.value == nil)
    }

    @Test func cancellingTheCallerEndsTheWaitWithNothing() async throws {
        let datasource = SilentDatasource()
        let flow = try Flow(.stack(.list), providers: itemsProviders(datasource: datasource))
        let list = try #require(flow.focusedDestination(as: ItemsScreen.self))
        let waiting = Task { await list.context.perform(ItemsRequest(action: .retrieve), on: datasource) }
        await datasource.arrived.wait()
        waiting.cancel()
        #expect(await waiting.value == nil)
        #expect(flow.destination(list.id ?? ElementID(0), as: ItemsScreen.self) === list, "the screen stays")
    }

    @Test func aGatedAnswerThatComesInTimeIsReturned() async throws {
        let datasource = GatedDatasource()
        let flow = try Flow(.stack(.list), providers: itemsProviders(datasource: datasource))
        let list = try #require(flow.focusedDestination(as: ItemsScreen.self))
        let waiting = Task { await list.context.perform(ItemsRequest(action: .retrieve), on: datasource) }
        await datasource.arrived.wait()
        datasource.gate.fire()
        #expect(try await waiting.value?.get() == ["late"])
    }
}
