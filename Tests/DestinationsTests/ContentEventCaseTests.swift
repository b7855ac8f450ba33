import Destinations
import Testing

/// A shelf whose `take` event carries a book's title: a case that carries `Carrying<String>`.
enum ShelfRoute: NavigationRoute {
    case shelf
    case book(String)
    case about
}

@MainActor final class Shelf: Destination {
    enum Event: Hashable, Sendable, CaseIterable {
        case take(Carrying<String>)
        case about
        static let allCases: [Event] = [.take(.listed), .about]
    }
    let context = DestinationContext<ShelfRoute, Event>()
}

extension ContentEvent<Shelf.Event, String> {
    static var take: Self { Self(Shelf.Event.take) }
}

@MainActor final class Page: Destination {
    enum Event: Hashable, Sendable { case close }
    let context = DestinationContext<ShelfRoute, Event>()
}

@MainActor
func shelfProviders(_ configure: (inout EventTable<Shelf>) -> Void) -> Providers<ShelfRoute> {
    let shelf = Provider { (_: ShelfRoute) in
        Shelf()
    } events: { events in
        configure(&events)
        events.on(.about, .present(.push(.about)))
    }
    let page = Provider { (_: ShelfRoute) in
        Page()
    } events: { events in
        events.on(.close, .present(.back))
    }
    return Providers { route in route == .shelf ? shelf : page }
}

@MainActor
@Suite struct ContentEventCaseTests {
    @Test func aContentEventIsNamedByItsCaseAlone() throws {
        let providers = shelfProviders { events in
            events.on(.take, .present { title in .push(.book(title)) }.leading(to: .book("")))
        }
        let provider = try #require(providers.provider(for: .shelf))
        #expect(provider.configuredEvents == ["take", "about"])
        #expect(provider.declaredEvents == ["take", "about"])
        #expect(AnyEvent(Shelf.Event.take(.listed)).description == "take")
        let edges = FlowGraph(.stack(.shelf), providers: providers).edges
        #expect(edges.contains { $0.from == "shelf" && $0.event == "take" && $0.to == "book" })
    }

    @Test func validationFindsAContentEventNobodyConfigured() {
        let providers = shelfProviders { _ in }
        let problems = Flow.validate(.stack(.shelf), providers: providers)
        #expect(problems.contains(.unconfiguredEvent(event: "take", route: "shelf")))
        #expect(!problems.contains(.unconfiguredEvent(event: "about", route: "shelf")))
    }

    @Test func aContentEventSentWithItsContentRunsItsTypedResponse() throws {
        let providers = shelfProviders { events in events.on(.take, .present { title in .push(.book(title)) }) }
        let flow = try Flow(.stack(.shelf), providers: providers)
        try flow.focusedDestination(as: Shelf.self)?.send(.take, content: "Dune")
        #expect(flow.state.focusedScreen.route == .book("Dune"))
    }

    @Test func aContentEventTakesAResponseThatDoesNotReadItsContent() throws {
        let providers = shelfProviders { events in events.on(.take, .present(.push(.about))) }
        let flow = try Flow(.stack(.shelf), providers: providers)
        try flow.focusedDestination(as: Shelf.self)?.send(.take, content: "Dune")
        #expect(flow.state.focusedScreen.route == .about)
    }

    @Test func swappingOneContentEventsResponseKeepsTheOthers() throws {
        let providers = shelfProviders { events in
            events.on(.take, .present { title in .push(.book(title)) })
        }
        let variant = try #require(providers.provider(for: .shelf)).configuring(Shelf.self) { events in
            events.replace(.take, with: .present { title in .push(.book(title.uppercased())) })
        }
        let swapped = Providers<ShelfRoute> { route in route == .shelf ? variant : providers.provider(for: route) }
        let flow = try Flow(.stack(.shelf), providers: swapped)
        try flow.focusedDestination(as: Shelf.self)?.send(.take, content: "Dune")
        #expect(flow.state.focusedScreen.route == .book("DUNE"))
        #expect(variant.configuredEvents == ["take", "about"])
    }

    @Test func removingAContentEventsConfigurationLeavesItUnconfigured() throws {
        let providers = shelfProviders { events in
            events.on(.take, .present { title in .push(.book(title)) })
            events.remove(.take)
        }
        #expect(try #require(providers.provider(for: .shelf)).configuredEvents == ["about"])
        #expect(
            Flow.validate(.stack(.shelf), providers: providers) == [.unconfiguredEvent(event: "take", route: "shelf")])
    }

    @Test func firingAContentEventByNameChecksItsContentAndChangesNothingOnAMismatch() throws {
        let providers = shelfProviders { events in events.on(.take, .present { title in .push(.book(title)) }) }
        let flow = try Flow(.stack(.shelf), providers: providers)
        let provider = try #require(providers.provider(for: .shelf))
        let shelf = try #require(flow.focusedDestination(as: Shelf.self))
        let before = flow.state
        #expect(throws: NavigationError.contentMismatch(event: "take", expected: "String", actual: "Int")) {
            try provider.send(eventNamed: "take", to: shelf, content: 3)
        }
        #expect(flow.state == before)
        try provider.send(eventNamed: "take", to: shelf, content: "Emma")
        #expect(flow.state.focusedScreen.route == .book("Emma"))
    }

    @Test func anAssistantReceivesTheSendingDestinationAndTheTypedContent() throws {
        let providers = shelfProviders { events in
            events.on(
                .take,
                .assist { input in .push(.book("\(input.content) from \(input.destination.id.map { "\($0)" } ?? "?")"))
                })
        }
        let flow = try Flow(.stack(.shelf), providers: providers)
        let shelf = try #require(flow.focusedDestination(as: Shelf.self))
        try shelf.send(.take, content: "Dune")
        #expect(flow.state.focusedScreen.route == .book("Dune from \(try #require(shelf.id))"))
    }
}
