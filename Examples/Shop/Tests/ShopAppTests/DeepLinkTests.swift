import DestinationsTesting
import DestinationsURLs
import ShopApp
import Testing

@Suite @MainActor struct DeepLinkTests {
    let router: URLRouter<ShopRoute>
    init() throws { router = try ShopConfiguration.router() }

    @Test func theRouterKnowsEveryRoute() {
        #expect(router.validate(routes: ShopRoute.allCases) == [])
    }

    @Test func aProductLinkFromOutsideShowsTheProductInTheCatalog() async throws {
        let harness = try FlowHarness(ShopConfiguration.configuration(cart: CartModel()))
        try await harness.tapTab(.account) {
            """
            tabs (selected: account)
              [catalog] stack
                catalog
              [cart] stack
                cart
              [account] stack
                account ◀
            """
        }
        let link = try router.request(for: "shop://product/7", scene: "main", source: .external(.universalLink))
        let outcome = try await harness.perform(link) {
            """
            tabs (selected: catalog)
              [catalog] stack
                catalog
                product(id: 7) ◀
              [cart] stack
                cart
              [account] stack
                account
            state of product(id: 7)
              id: 7
              added: 0
            """
        }
        #expect(outcome == .applied)
        try await harness.finish()
    }

    @Test func aWebReviewsLinkBuildsTheBackStack() async throws {
        let harness = try FlowHarness(ShopConfiguration.configuration(cart: CartModel()))
        let link = try router.request(
            for: "https://shop.example.com/product/4/reviews", scene: "main", source: .external(.universalLink))
        try await harness.perform(link) {
            """
            tabs (selected: catalog)
              [catalog] stack
                catalog
                product(id: 4)
                reviews(productID: 4) ◀
              [cart] stack
                cart
              [account] stack
                account
            state of product(id: 4)
              id: 4
              added: 0
            """
        }
        try await harness.finish()
    }

    @Test func theStateURLParsesBackToAnEquivalentState() throws {
        let cart = CartModel()
        cart.add(1, quantity: 1)
        let flow = try Flow(ShopConfiguration.configuration(cart: cart))
        let urls = try FlowURLs(flow, router: router, scene: "main")
        try urls.open("https://shop.example.com/product/4/reviews", source: .external(.universalLink))
        try flow.apply(.selectTab(.cart))
        try flow.apply(.sheet(.checkout))
        let url = try urls.stateURL
        #expect(url == "shop://main/cart(catalog:catalog/product/4/reviews/4)/cart/!sheet/checkout")
        var ids = SequentialElementIDs()
        guard case .state(let scene, let parsed) = try router.parse(url, ids: &ids) else {
            Issue.record("not a state URL: \(url)")
            return
        }
        #expect(scene == "main")
        #expect(parsed.isEquivalent(to: flow.state))
        #expect(try urls.open(url, source: .app) == .unchanged)
    }

    @Test func aStateURLOpenedInAFreshFlowLeadsToTheSameState() throws {
        let flow = try Flow(ShopConfiguration.configuration(cart: CartModel()))
        let urls = try FlowURLs(flow, router: router, scene: "main")
        try urls.open("shop://main/catalog/catalog/product/4/reviews/4", source: .app)
        #expect(flow.state.focusedScreen.route == .reviews(productID: 4))
        #expect(try urls.stateURL == "shop://main/catalog/catalog/product/4/reviews/4")
    }

    @Test func aMalformedURLThrowsATypedErrorAndChangesNothing() throws {
        let flow = try Flow(ShopConfiguration.configuration(cart: CartModel()))
        let urls = try FlowURLs(flow, router: router, scene: "main")
        try urls.open("shop://product/3", source: .external(.universalLink))
        let before = flow.state
        #expect {
            try urls.open("shop://product/three", source: .external(.universalLink))
        } throws: { error in
            guard let error = error as? DeepLinkError else { return false }
            if case .invalidParameter = error { return true }
            return false
        }
        #expect(throws: DeepLinkError.self) {
            try urls.open("shop://product/3/../4", source: .external(.universalLink))
        }
        #expect(flow.state == before)
    }

    @Test func anUnknownURLThrowsATypedErrorAndChangesNothing() throws {
        let flow = try Flow(ShopConfiguration.configuration(cart: CartModel()))
        let urls = try FlowURLs(flow, router: router, scene: "main")
        let before = flow.state
        #expect {
            try urls.open("shop://nowhere/1", source: .external(.universalLink))
        } throws: { error in
            guard let error = error as? DeepLinkError else { return false }
            if case .noMatchingLink = error { return true }
            return false
        }
        #expect(throws: DeepLinkError.unknownRoute(keyword: "nowhere", offset: 28)) {
            try urls.open("shop://main/catalog/catalog/nowhere", source: .app)
        }
        #expect(throws: DeepLinkError.unknownPrefix) {
            try urls.open("https://elsewhere.example.com/product/1", source: .external(.universalLink))
        }
        #expect(flow.state == before)
    }

    @Test func anExternalLinkCannotOpenCheckoutDirectly() throws {
        let flow = try Flow(ShopConfiguration.configuration(cart: CartModel()))
        let urls = try FlowURLs(flow, router: router, scene: "main")
        let before = flow.state
        #expect(throws: DeepLinkError.self) {
            try urls.open("shop://checkout", source: .external(.universalLink))
        }
        #expect(flow.state == before)
    }
}

@Suite @MainActor struct DeepLinkRepeatTests {
    @Test func openingTheSameProductLinkTwiceShowsTheProductOnce() throws {
        let flow = try Flow(ShopConfiguration.configuration(cart: CartModel()))
        let urls = try FlowURLs(flow, router: try ShopConfiguration.router(), scene: "main")
        try urls.open("shop://product/4", source: .external(.universalLink))
        let once = flow.state
        // The outcome is `.applied`, though nothing changed: only a state URL says `.unchanged`.
        try urls.open("shop://product/4", source: .external(.universalLink))
        #expect(flow.state == once)
    }

    /// An external pattern's one-route link placed `.inTab(tab)`, opened twice, shows its
    /// route once: the tab already shows it on top.
    @Test func aOneRouteLinkPlacedInATabOpenedTwiceShowsItsRouteOnce() throws {
        let router = try URLRouter<ShopRoute>(
            prefixes: ["shop://"], scenes: [SceneKind("main", layout: ShopConfiguration.layout)],
            patterns: ShopConfiguration.patterns, links: DeepLinks<ShopRoute> {})
        let flow = try Flow(ShopConfiguration.configuration(cart: CartModel()))
        let urls = try FlowURLs(flow, router: router, scene: "main")
        try urls.open("shop://product/4", source: .external(.universalLink))
        try urls.open("shop://product/4", source: .external(.universalLink))
        #expect(try urls.stateURL == "shop://main/catalog/catalog/product/4")
    }

    /// `+7` cannot start a value in a one-route link: the error names the byte and its offset,
    /// rather than saying that the parameter is missing.
    @Test func aSignedIntegerInALinkIsReportedAsMalformedNotMissing() throws {
        let router = try URLRouter<ShopRoute>(
            prefixes: ["shop://"], scenes: [SceneKind("main", layout: ShopConfiguration.layout)],
            patterns: ShopConfiguration.patterns, links: DeepLinks<ShopRoute> {})
        var ids = SequentialElementIDs()
        #expect(throws: DeepLinkError.malformed(.unexpectedByte(UInt8(ascii: "+")), offset: 15)) {
            try router.parse("shop://product/+7", ids: &ids)
        }
    }
}

@Suite @MainActor struct FailingProviderTests {
    struct NoSuchProduct: Error {}

    /// A product provider that refuses ids the catalog does not have: a link to one is a typed
    /// error, and the screens already shown keep their Destinations.
    @Test func aLinkToAProductTheProviderRefusesChangesNothing() throws {
        var configuration = ShopConfiguration.configuration(cart: CartModel())
        let strict = Provider { (route: ShopRoute) in
            guard route.productID > 0 else { throw NoSuchProduct() }
            return ProductScreen(id: route.productID)
        }
        configuration.providers = configuration.providers.overriding(
            "product",
            with: strict.configuring(ProductScreen.self) { events in
                events.on(.addToCart, .handledByDestination)
                events.on(.showReviews, .handledByDestination)
            })
        let flow = try Flow(configuration)
        let urls = try FlowURLs(flow, router: try ShopConfiguration.router(), scene: "main")
        try urls.open("https://shop.example.com/product/4/reviews", source: .external(.universalLink))
        let before = flow.state
        let shown = try #require(flow.destination(before.focusedScreen.id))
        #expect {
            try urls.open("https://shop.example.com/product/-1/reviews", source: .external(.universalLink))
        } throws: { error in
            // Wrapped as `.step(2, of: 3, …)`: the path's step that failed; `underlying` unwraps it.
            guard case .navigation(let navigation) = error as? DeepLinkError,
                case .providerFailed(let route, _) = navigation.underlying
            else { return false }
            return route == "product"
        }
        #expect(flow.state == before)
        #expect(flow.destination(before.focusedScreen.id) === shown)
    }
}
