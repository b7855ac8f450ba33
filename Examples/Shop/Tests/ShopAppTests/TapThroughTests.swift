import DestinationsTesting
import DestinationsURLs
import ShopApp
import Testing

@Suite @MainActor struct TapThroughTests {
    @Test func browsingAProductAddingItAndCheckingOut() async throws {
        let cart = CartModel()
        let harness = try FlowHarness(ShopConfiguration.configuration(cart: cart))
        try await harness.send(.select, content: 2, to: CatalogList.self) {
            """
            tabs (selected: catalog)
              [catalog] stack
                catalog
                product(id: 2) ◀
              [cart] stack
                cart
              [account] stack
                account
            state of product(id: 2)
              id: 2
              added: 0
            """
        }
        try await harness.send(.addToCart, content: 3, to: ProductScreen.self) {
            """
            tabs (selected: catalog)
              [catalog] stack
                catalog
                product(id: 2) ◀
              [cart] stack
                cart
              [account] stack
                account
            state of product(id: 2)
              id: 2
              added: 3
            """
        }
        #expect(cart.items == [2: 3])
        try await harness.send(.showReviews, to: ProductScreen.self) {
            """
            tabs (selected: catalog)
              [catalog] stack
                catalog
                product(id: 2)
                reviews(productID: 2) ◀
              [cart] stack
                cart
              [account] stack
                account
            """
        }
        try await harness.swipeBack {
            """
            tabs (selected: catalog)
              [catalog] stack
                catalog
                product(id: 2) ◀
              [cart] stack
                cart
              [account] stack
                account
            """
        }
        try await harness.tapTab(.cart) {
            """
            tabs (selected: cart)
              [catalog] stack
                catalog
                product(id: 2)
              [cart] stack
                cart ◀
              [account] stack
                account
            """
        }
        try await harness.send(.checkout, to: CartScreen.self) {
            """
            tabs (selected: cart)
              [catalog] stack
                catalog
                product(id: 2)
              [cart] stack
                cart
                  sheet: checkout ◀
              [account] stack
                account
            """
        }
        try await harness.send(.cancel, to: CheckoutScreen.self) {
            """
            tabs (selected: cart)
              [catalog] stack
                catalog
                product(id: 2)
              [cart] stack
                cart ◀
              [account] stack
                account
            """
        }
        try await harness.finish()
        harness.assertTranscript(named: "shop-tap-through", bundle: .module)
    }

    @Test func sendingSelectWithItsListingPlaceholderInsteadOfAProductIDIsRefusedAndChangesNothing() async throws {
        let harness = try FlowHarness(ShopConfiguration.configuration(cart: CartModel()))
        let before = harness.state
        await #expect(throws: HarnessError.self) {
            try await harness.send(.select(.listed), to: CatalogList.self)
        }
        #expect(harness.state == before)
    }
}

@Suite @MainActor struct CheckoutGuardTests {
    @Test func checkoutWithAnEmptyCartShowsTheEmptyCartAlertAndNoSheet() async throws {
        let harness = try FlowHarness(ShopConfiguration.configuration(cart: CartModel()))
        try await harness.tapTab(.cart) {
            """
            tabs (selected: cart)
              [catalog] stack
                catalog
              [cart] stack
                cart ◀
              [account] stack
                account
            """
        }
        try await harness.send(.checkout, to: CartScreen.self) {
            """
            tabs (selected: cart)
              [catalog] stack
                catalog
              [cart] stack
                cart
                  alert: emptyCart ◀
              [account] stack
                account
            pending: cart.checkout from #5 → sheet, redirected by cartNotEmpty
            """
        }
        #expect(harness.flow.pendingChange != nil)
        let alert = try #require(harness.state.presentedChain.last)
        #expect(harness.flow.alertDisplay(of: alert.modal)?.title == "Your cart is empty")
        try await harness.tapAlertButton(labeled: "OK") {
            """
            tabs (selected: cart)
              [catalog] stack
                catalog
              [cart] stack
                cart ◀
              [account] stack
                account
            pending: none
            """
        }
        #expect(harness.flow.pendingChange == nil)
        try await harness.finish()
    }

    @Test func checkoutWithAnEmptyCartAppliedDirectlyIsRedirected() throws {
        let flow = try Flow(ShopConfiguration.configuration(cart: CartModel()))
        try flow.apply(.selectTab(.cart))
        let outcome = try flow.apply(.sheet(.checkout))
        #expect(outcome == .redirected(guard: ShopConfiguration.cartNotEmpty))
        #expect(!flow.state.routes.contains(.checkout))
    }

    @Test func checkoutWithSomethingInTheCartOpensTheSheet() throws {
        let cart = CartModel()
        cart.add(1, quantity: 1)
        let flow = try Flow(ShopConfiguration.configuration(cart: cart))
        try flow.apply(.selectTab(.cart))
        try flow.focusedDestination(as: CartScreen.self)?.send(.checkout)
        #expect(flow.state.focusedScreen.route == .checkout)
    }
}

@Suite @MainActor struct CheckoutLinkTests {
    @Test func aCheckoutStateURLWithAnEmptyCartShowsTheAlertInstead() async throws {
        let harness = try FlowHarness(ShopConfiguration.configuration(cart: CartModel()))
        let request = try ShopConfiguration.router().request(
            for: "shop://main/cart/cart/!sheet/checkout", scene: "main", source: .app)
        let outcome = try await harness.perform(request) {
            """
            tabs (selected: catalog)
              [catalog] stack
                catalog
                  alert: emptyCart ◀
              [cart] stack
                cart
              [account] stack
                account
            pending: open state URL from app, redirected by cartNotEmpty
            """
        }
        #expect(outcome == .redirected(guard: ShopConfiguration.cartNotEmpty))
        try await harness.finish()
    }

    @Test func aLinkFromOutsideAsksBeforeLeavingACheckout() throws {
        let cart = CartModel()
        cart.add(1, quantity: 1)
        let flow = try Flow(ShopConfiguration.configuration(cart: cart))
        let urls = try FlowURLs(flow, router: try ShopConfiguration.router(), scene: "main")
        try flow.apply(.selectTab(.cart))
        try flow.apply(.sheet(.checkout))
        let before = flow.state
        let outcome = try urls.open("https://shop.example.com/product/4/reviews", source: .external(.universalLink))
        guard case .needsConfirmation(let plan) = outcome else {
            Issue.record("expected a confirmation, got \(outcome)")
            return
        }
        #expect(flow.state == before)
        #expect(try urls.commit(plan) == .applied)
        #expect(flow.state.focusedScreen.route == .reviews(productID: 4))
        #expect(!flow.state.routes.contains(.checkout))
    }

    /// The guard's redirect is presented from the focused screen (here the catalog), not from
    /// the cart the checkout was asked for; an alert built with `alert(presentedBy: CartScreen.self)`
    /// then cannot deliver its buttons, and the refusal says its presenter is not a `CartScreen`.
    @Test func aPresenterAlertOverTheWrongScreenSaysSo() throws {
        var configuration = ShopConfiguration.configuration(cart: CartModel())
        let alert: Provider<ShopRoute> = .alert(presentedBy: CartScreen.self) { _ in
            AlertContent("Your cart is empty", buttons: [AlertButton("Retry", sends: .checkout)])
        }
        configuration.providers = configuration.providers.overriding("emptyCart", with: alert)
        let flow = try Flow(configuration)
        final class Refusals { var errors: [NavigationError] = [] }
        let refusals = Refusals()
        flow.onRefusal = { error, _ in refusals.errors.append(error) }
        let urls = try FlowURLs(flow, router: try ShopConfiguration.router(), scene: "main")
        try urls.open("shop://main/cart/cart/!sheet/checkout", source: .app)
        let top = try #require(flow.state.presentedChain.last)
        try flow.tapAlertButton(0, of: top.modal)
        let refused = try #require(refusals.errors.first)
        guard case .presenterMismatch(let expected, let presenter) = refused else {
            Issue.record("expected presenterMismatch, got \(refused)")
            return
        }
        #expect(expected == "CartScreen" && flow.destination(presenter) is CatalogList)
    }
}

@Suite @MainActor struct VariantTests {
    /// The GettingStarted's "Swap behaviour without touching views", for an A/B quick-look sheet.
    @Test func aVariantShowsTheProductInASheetOnceTheScreensAreRebound() throws {
        let cart = CartModel()
        let providers = ShopConfiguration.providers(cart: cart)
        let flow = try Flow(ShopConfiguration.configuration(cart: cart))
        let catalog = try #require(providers.provider(for: .catalog))
        let variant = catalog.configuring(CatalogList.self) { events in
            events.replace(.select, with: .present { id in .sheet(.product(id: id)) })
        }
        flow.replaceProviders(providers.overriding("catalog", with: variant))
        try flow.focusedDestination(as: CatalogList.self)?.send(.select, content: 1)
        #expect(flow.state.focusedScreen.route == .product(id: 1))
        #expect(flow.state.presentedChain.isEmpty)  // the list on screen still pushes
        try flow.apply(.back)
        flow.rebindScreens()
        try flow.focusedDestination(as: CatalogList.self)?.send(.select, content: 1)
        #expect(flow.state.presentedChain.count == 1)
        #expect(flow.state.focusedScreen.route == .product(id: 1))
    }
}
