import Destinations
import Testing

/// A cache that answers without the network: the swap a product team makes, or a test's mock.
actor CachedItems: Interactor {
    func perform(request: ItemsRequest) async -> Result<[String], DataError> {
        .success(["cached"])
    }
}

@MainActor
@Suite struct InteractorSwapTests {
    @Test func swappingTheDatasourceChangesWhatArrivesWithoutTouchingTheScreen() async throws {
        let live = ItemsDatasource()
        let providers = itemsProviders(datasource: live)
        let cache = CachedItems()
        let list = try #require(providers.provider(for: .list)).configuring(ItemsScreen.self) { events in
            events.replace(
                .load,
                with: .request(cache, ItemsRequest(action: .retrieve)) { screen, result in
                    screen.receive(result)
                })
        }
        let flow = try Flow(.stack(.list), providers: providers.overriding("list", with: list))
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try screen.send(.load)
        try await flow.settle()
        #expect(screen.items == ["cached"])
        #expect(await live.requests.isEmpty)
    }

    @Test func theSameEventReachesTheLiveDatasourceWithoutTheSwap() async throws {
        let live = ItemsDatasource()
        let flow = try Flow(.stack(.list), providers: itemsProviders(datasource: live))
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try screen.send(.load)
        try await flow.settle()
        #expect(screen.items == ["milk", "eggs", "bread"])
    }

    @Test func oneDatasourceServesTwoScreensAndEachGetsItsOwnResult() async throws {
        let shared = ItemsDatasource()
        let providers = itemsProviders(datasource: shared) { events in
            events.on(
                .rename,
                .request(
                    shared,
                    assistant: { name in ItemsRequest(action: .rename(id: 0, to: name)) }
                ) { screen, result in screen.receive(result) })
        }
        let flow = try Flow(.stack(.list), providers: providers)
        let list = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try list.send(.load)
        // Two Destinations' requests reach the shared actor in no set order; let the list's
        // answer arrive first so the test says which answer each one got.
        try await flow.settle()
        try flow.apply(.push(.detail(id: 0)))
        let detail = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try detail.send(.rename, content: "oat milk")
        try await flow.settle()
        #expect(detail.items.first == "oat milk")
        #expect(list.items.first == "milk", "the list got its own, earlier answer")
        try list.send(.load)
        try await flow.settle()
        #expect(list.items.first == "oat milk", "both read the same datasource")
        #expect(await shared.lifecycle == ["prepare #2", "prepare #3"])
    }
}
