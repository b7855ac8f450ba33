import Destinations
import Testing

/// A Destination that shows a model handed over by the presentation that added it.
@MainActor
final class CardScreen: Destination {
    enum Event: Hashable, Sendable, CaseIterable {
        case pick(Carrying<String>)
        case refresh
        static let allCases: [Event] = [.pick(.listed), .refresh]
    }
    let context = DestinationContext<TestRoute, Event>()
    let route: TestRoute
    let handed: String?

    init(route: TestRoute, handed: String?) {
        self.route = route
        self.handed = handed
    }
}

/// A mock of a datasource, swapped in through an existential.
actor MockItems: Interactor {
    func perform(request: ItemsRequest) async -> Result<[String], DataError> { .success(["mock"]) }
}

/// The answers to what a newcomer asked for.
@MainActor
@Suite struct ConvenienceTests {
    func cardFlow() throws -> Flow<TestRoute> {
        let provider = Provider { (route: TestRoute, handed: String?) in
            CardScreen(route: route, handed: handed)
        } events: { events in
            events.on(.pick, .handOff { (title: String) in .push(.detail(title.count)) })
            events.on(.refresh, .handledByDestination)
        }
        return try Flow(.stack(.home), providers: Providers { _ in provider })
    }

    @Test func aPresentationHandsContentToTheDestinationItAddsWhileTheRouteKeepsTheID() throws {
        let flow = try cardFlow()
        try flow.focusedDestination(as: CardScreen.self)?.send(.pick, content: "Groceries")
        let card = try #require(flow.focusedDestination(as: CardScreen.self))
        #expect(card.route == .detail(9))
        #expect(card.handed == "Groceries")
        #expect(flow.destination(ElementID(2), as: CardScreen.self)?.handed == nil)
        try flow.apply(.push(.about), handing: "About us")
        #expect(flow.focusedDestination(as: CardScreen.self)?.handed == "About us")
        let before = flow.state
        #expect(throws: NavigationError.unexpectedHandOff(route: "list", type: "Int", accepted: ["String"])) {
            try flow.apply(.push(.list), handing: 42)
        }
        #expect(flow.state == before, "content of another type is refused, never handed over as nil")
    }

    @Test func aRestoredScreenGetsNoHandedContent() throws {
        let flow = try cardFlow()
        try flow.focusedDestination(as: CardScreen.self)?.send(.pick, content: "Groceries")
        let saved = flow.state
        try flow.apply(.back)
        try flow.restore(saved)
        #expect(flow.focusedDestination(as: CardScreen.self)?.handed == nil)
    }

    @Test func anEventHandledByTheDestinationIsConfiguredAndDoesNothing() throws {
        let flow = try cardFlow()
        let before = flow.state
        try flow.focusedDestination(as: CardScreen.self)?.send(.refresh)
        #expect(flow.state == before)
        #expect(
            Flow<TestRoute>.validate(
                .stack(.home),
                providers: Providers { _ in
                    Provider { (route: TestRoute) in
                        CardScreen(route: route, handed: nil)
                    } events: {
                        $0.on(.refresh, .handledByDestination)
                    }
                }) == [.unconfiguredEvent(event: "pick", route: "home")])
    }

    @Test func aDatasourceIsSwappedForAMockThroughAnExistential() async throws {
        func providers(_ datasource: any Interactor<ItemsRequest, [String], DataError>) -> Providers<DataRoute> {
            itemsProviders(datasource: datasource)
        }
        let flow = try Flow(.stack(.list), providers: providers(MockItems()))
        let list = try #require(flow.focusedDestination(as: ItemsScreen.self))
        try list.send(.load)
        try await flow.settle()
        #expect(list.items == ["mock"])
    }

    @Test func theTreeAnswersCommonQuestionsWithoutPatternMatching() throws {
        var state = try NavigationState<TestRoute>(
            .tabs([
                .tab(.inbox, .stack(.home, .list)),
                .tab(.profile, .split(sidebar: .stack(.menu), detail: .screen(.detail(1)))),
            ]))
        state = try state.applying(.sheet(.editor))
        #expect(state.stack(inTab: .inbox)?.elements.map(\.route) == [.home, .list])
        #expect(state.node(inTab: .profile)?.split?.columns == [.sidebar, .detail])
        #expect(state.node(inTab: .search) == nil)
        #expect(state.parent(of: ElementID(4))?.id == ElementID(2))
        #expect(state.stack(containing: ElementID(4))?.id == ElementID(2))
        #expect(state.stack(containing: ElementID(9)) == nil)
        #expect(state.routes == [.home, .list, .editor, .menu, .detail(1)])
        #expect(state.root.children.map(\.id) == [ElementID(2), ElementID(5)])
        #expect(state.presentedChain.map(\.modal) == [ElementID(9)])
        #expect(state.root.tabs?.selection == .inbox)
        #expect(state.node(ElementID(4))?.stack == nil)
    }
}

extension ContentEvent<CardScreen.Event, String> {
    static var pick: Self { Self(CardScreen.Event.pick) }
}
