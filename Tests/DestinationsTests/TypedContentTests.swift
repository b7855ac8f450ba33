import Testing

@testable import Destinations

/// A cart: a confirmation asks before an item goes, and carries the item's id to the cart.
enum ShopRoute: NavigationRoute, Codable {
    case cart
    case product(Int)
    case confirmRemoval(item: Int)
}

@MainActor
final class CartScreen: Destination {
    enum Event: Hashable, Sendable, CaseIterable {
        case open(Carrying<Int>)
        case askToRemove(Carrying<Int>)
        case remove(Carrying<Int>)
        static let allCases: [Event] = [.open(.listed), .askToRemove(.listed), .remove(.listed)]
    }
    let context = DestinationContext<ShopRoute, Event>()
    var items = [1, 2, 3]
    /// What the product screen was handed.
    var opened: [Int] = []
}

extension ContentEvent<CartScreen.Event, Int> {
    static var open: Self { Self(CartScreen.Event.open) }
    static var askToRemove: Self { Self(CartScreen.Event.askToRemove) }
    static var remove: Self { Self(CartScreen.Event.remove) }
}

@MainActor
final class ProductScreen: Destination {
    enum Event: Hashable, Sendable { case close }
    let context = DestinationContext<ShopRoute, Event>()
    let handed: Int?
    init(handed: Int?) { self.handed = handed }
}

@MainActor
enum Shop {
    static func providers(removalPresenter: Bool = true) -> Providers<ShopRoute> {
        let cart = Provider { (_: ShopRoute) in
            CartScreen()
        } events: { events in
            events.on(.open, .handOff { id in .push(.product(id)) })
            events.on(.askToRemove, .present { id in .alert(.confirmRemoval(item: id)) })
            events.on(.remove, .perform { cart, id in cart.items.removeAll { $0 == id } })
        }
        let product = Provider { (_: ShopRoute, handed: Int?) in
            ProductScreen(handed: handed)
        } events: { events in
            events.on(.close, .present(.back))
        }
        let confirm: Provider<ShopRoute> =
            removalPresenter
            ? .alert(presentedBy: CartScreen.self) { route in
                guard case .confirmRemoval(let item) = route else { return AlertContent("?", buttons: []) }
                return AlertContent(
                    "Remove this item?",
                    buttons: [
                        AlertButton("Remove", role: .destructive, sends: .remove, content: item),
                        AlertButton("Cancel", role: .cancel),
                    ])
            }
            : .alert(presentedBy: ProductScreen.self) { _ in
                AlertContent("Close?", buttons: [AlertButton("Close", sends: .close)])
            }
        return Providers { route in
            switch route {
            case .cart: cart
            case .product: product
            case .confirmRemoval: confirm
            }
        }
    }
}

@MainActor
@Suite struct TypedContentTests {
    func cartFlow(removalPresenter: Bool = true) throws -> (Flow<ShopRoute>, CartScreen) {
        let flow = try Flow(
            .stack(.cart), providers: Shop.providers(removalPresenter: removalPresenter), logger: .disabled)
        let cart = try #require(flow.focusedDestination(as: CartScreen.self))
        return (flow, cart)
    }

    @Test func theContentASendCarriesReachesTheResponseTyped() throws {
        let (flow, cart) = try cartFlow()
        try cart.send(.open, content: 2)
        #expect(flow.focusedScreen.route == .product(2))
        #expect(flow.focusedDestination(as: ProductScreen.self)?.handed == 2)
    }

    @Test func contentArrivingUntypedIsStillCheckedAndChangesNothing() throws {
        let (flow, cart) = try cartFlow()
        let before = flow.state
        #expect(throws: NavigationError.contentMismatch(event: "open", expected: "Int", actual: "String")) {
            try cart.send(.open(.listed), carrying: "two")
        }
        #expect(throws: NavigationError.contentMismatch(event: "remove", expected: "Int", actual: "nothing")) {
            try cart.send(.remove(.listed))
        }
        #expect(flow.state == before)
        #expect(cart.items == [1, 2, 3])
    }

    @Test func anAlertButtonSendsThePresentersEventWithItsContent() throws {
        let (flow, cart) = try cartFlow()
        try cart.send(.askToRemove, content: 2)
        let alert = try #require(flow.state.presentedChain.last?.modal)
        #expect(flow.alertDisplay(of: alert)?.buttons.map(\.label) == ["Remove", "Cancel"])
        try flow.tapAlertButton(0, of: alert)
        #expect(flow.state.presentedChain.isEmpty)
        #expect(cart.items == [1, 3])
    }

    @Test func anAlertsCancelButtonSendsNothing() throws {
        let (flow, cart) = try cartFlow()
        try cart.send(.askToRemove, content: 2)
        try flow.tapAlertButton(1, of: try #require(flow.state.presentedChain.last?.modal))
        #expect(flow.state.presentedChain.isEmpty)
        #expect(cart.items == [1, 2, 3])
    }

    @Test func aButtonCarriesItsContentAsAValue() {
        let button = AlertButton<CartScreen.Event>("Remove", role: .destructive, sends: .remove, content: 2)
        #expect(button.event == .remove(.listed))
        #expect(button.content as? Int == 2)
        #expect(button == AlertButton("Remove", role: .destructive, sends: .remove, content: 2))
        #expect(button != AlertButton("Remove", role: .destructive, sends: .remove, content: 3))
    }

    @Test func anAlertPresentedByAnotherTypeOfScreenIsRefusedAndReported() throws {
        let (flow, cart) = try cartFlow(removalPresenter: false)
        var refused: [NavigationError] = []
        flow.onRefusal = { error, _ in refused.append(error) }
        try cart.send(.askToRemove, content: 2)
        let cartID = try #require(cart.id)
        try flow.tapAlertButton(0, of: try #require(flow.state.presentedChain.last?.modal))
        #expect(refused == [.presenterMismatch(expected: "ProductScreen", presenter: cartID)], "the cart is there")
        #expect(flow.state.presentedChain.isEmpty, "the tap happened: the alert goes")
        #expect(flow.focusedScreen.route == .cart)
    }

    @Test func validationStillFindsAContentEventNobodyConfigured() {
        let providers = Providers<ShopRoute> { _ in
            Provider { (_: ShopRoute) in
                CartScreen()
            } events: { events in
                events.on(.open, .present { id in .push(.product(id)) })
                events.on(.askToRemove, .present { id in .alert(.confirmRemoval(item: id)) })
            }
        }
        #expect(
            Flow<ShopRoute>.validate(.stack(.cart), providers: providers) == [
                .unconfiguredEvent(event: "remove", route: "cart")
            ])
    }

    @Test func theFlowGraphNamesTheContentAResponseReceives() {
        let summaries = Shop.providers().provider(for: .cart)?.presentations.map(\.response)
        #expect(summaries == ["assistant(Int)", "assistant(Int)", "perform(Int)"])
    }

    @Test func debugBuildsLogRefusalsByDefaultAndOnlyThem() {
        #if DEBUG
        #expect(FlowLogger.standard.isEnabled(.error))
        #else
        #expect(!FlowLogger.standard.isEnabled(.error))
        #endif
        #expect(!FlowLogger.standard.isEnabled(.info))
        #expect(!FlowLogger.standard.isEnabled(.debug))
    }

    @Test func aResponseThatDeclaresItsRoutesIsDrawnToThemAndReachesThem() {
        func graph(declaring: Bool) -> FlowGraph<ShopRoute> {
            let open: ContentResponse<CartScreen, Int> = .handOff { id in .push(.product(id)) }
            let cart = Provider { (_: ShopRoute) in
                CartScreen()
            } events: { events in
                events.on(.open, declaring ? open.leading(to: .product(0)) : open)
                events.on(.askToRemove, .present { id in .alert(.confirmRemoval(item: id)) })
                events.on(.remove, .perform { cart, id in cart.items.removeAll { $0 == id } })
            }
            let product = Provider { (_: ShopRoute) in ProductScreen(handed: nil) }
            return FlowGraph(.stack(.cart), providers: Providers { route in route == .cart ? cart : product })
        }
        let declared = graph(declaring: true)
        #expect(
            declared.edges.contains(
                FlowGraph.Edge(from: "cart", to: "product", event: "open", presentation: "assistant(Int)")))
        #expect(!declared.edges.contains { $0.event == "open" && $0.to == FlowGraph<ShopRoute>.dynamicTarget })
        #expect(!declared.unreachableRoutes.contains("product"))
        let undeclared = graph(declaring: false)
        #expect(
            undeclared.edges.contains(
                FlowGraph.Edge(
                    from: "cart", to: FlowGraph<ShopRoute>.dynamicTarget, event: "open", presentation: "assistant(Int)")
            ))
        #expect(!undeclared.routes.contains("product"), "nothing shows the graph the product")
    }
}
