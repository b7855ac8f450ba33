import Destinations
import Testing

@MainActor
@Suite struct AsyncDatasourceTests {
    @Test func aRequestsResultReachesItsDestinationTyped() async throws {
        let datasource = ItemsDatasource()
        let flow = try Flow(.stack(.list), providers: itemsProviders(datasource: datasource))
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try screen.send(.load)
        #expect(screen.items.isEmpty, "the result arrives asynchronously")
        try await flow.settle()
        #expect(screen.items == ["milk", "eggs", "bread"])
        #expect(await datasource.requests == [.retrieve])
    }

    @Test func aFailureArrivesAsTheInteractorsTypedError() async throws {
        let datasource = ItemsDatasource()
        await datasource.fail(with: .offline)
        let flow = try Flow(.stack(.list), providers: itemsProviders(datasource: datasource))
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try screen.send(.load)
        try await flow.settle()
        #expect(screen.errors == [.offline])
        #expect(screen.items.isEmpty)
    }

    @Test func aCustomAssistantShapesTheRequestFromTheEventsContent() async throws {
        let datasource = ItemsDatasource()
        let providers = itemsProviders(datasource: datasource) { events in
            events.on(
                .search,
                .request(
                    datasource,
                    assistant: { query in ItemsRequest(action: .search(query)) }
                ) { screen, result in screen.receive(result) })
        }
        let flow = try Flow(.stack(.list), providers: providers)
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try screen.send(.search, content: "e")
        try await flow.settle()
        #expect(screen.items == ["milk", "eggs", "bread"].filter { $0.contains("e") })
        #expect(await datasource.requests == [.search("e")])
    }

    @Test func anAssistantThatFailsMakesSendThrowAndSendsNothing() async throws {
        let datasource = ItemsDatasource()
        let providers = itemsProviders(datasource: datasource) { events in
            events.on(
                .search,
                .request(
                    datasource,
                    assistant: { query in ItemsRequest(action: .search(query)) }
                ) { screen, result in screen.receive(result) })
        }
        let flow = try Flow(.stack(.list), providers: providers)
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        #expect(throws: NavigationError.contentMismatch(event: "search", expected: "String", actual: "Int")) {
            try screen.send(.search(.listed), carrying: 42)
        }
        try await flow.settle()
        #expect(await datasource.requests.isEmpty)
        #expect(screen.deliveries == 0)
    }

    @Test func aDestinationCanRetrieveWhenItIsFirstPresented() async throws {
        let datasource = ItemsDatasource()
        let flow = try Flow(.stack(.list), providers: itemsProviders(datasource: datasource, loadsOnPrepare: true))
        try await flow.settle()
        #expect(flow.focusedDestination(as: ItemsScreen.self)?.items == ["milk", "eggs", "bread"])
    }

    @Test func resultsArriveInTheOrderTheRequestsWereSent() async throws {
        let datasource = ItemsDatasource(items: ["a"])
        let providers = itemsProviders(datasource: datasource) { events in
            events.on(
                .page,
                .request(
                    datasource,
                    assistant: { input in
                        input.destination.page += 1
                        return ItemsRequest(action: .page(input.destination.page))
                    }
                ) { screen, result in screen.receive(result) })
        }
        let flow = try Flow(.stack(.list), providers: providers)
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try screen.send(.page)
        try screen.send(.page)
        try await flow.settle()
        #expect(Set(await datasource.requests) == [.page(1), .page(2)])
        #expect(screen.items == ["a#2"], "page 1 was delivered first, then page 2")
        #expect(screen.deliveries == 2)
    }

    @Test func theInteractorIsPreparedBeforeItsFirstRequestAndCleanedUpAfterRemoval() async throws {
        let datasource = ItemsDatasource()
        let flow = try Flow(.stack(.list), providers: itemsProviders(datasource: datasource, loadsOnPrepare: true))
        try flow.apply(.push(.detail(id: 1)))
        try await flow.settle()
        try flow.apply(.back)
        try await flow.settle()
        #expect(await datasource.lifecycle == ["prepare #2", "prepare #3", "cleanup #3"])
        #expect(await datasource.requests == [.retrieve, .retrieve])
    }

    @Test func aModelCanAwaitAnInteractorDirectly() async throws {
        let datasource = ItemsDatasource()
        let flow = try Flow(.stack(.list), providers: itemsProviders(datasource: datasource))
        let screen = try #require(flow.focusedDestination(as: ItemsScreen.self))
        let result = await screen.context.perform(ItemsRequest(action: .search("br")), on: datasource)
        #expect(try result?.get() == ["bread"])
    }

    @Test func awaitingDirectlyAfterRemovalAnswersNothing() async throws {
        let datasource = ItemsDatasource()
        let flow = try Flow(.stack(.list), providers: itemsProviders(datasource: datasource))
        try flow.apply(.push(.detail(id: 1)))
        let detail = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try flow.apply(.back)
        let result = await detail.context.perform(ItemsRequest(action: .retrieve), on: datasource)
        #expect(result == nil)
        #expect(await datasource.requests.isEmpty)
    }
}
