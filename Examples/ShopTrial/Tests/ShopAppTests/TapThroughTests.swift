import DestinationsTesting
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
    }

    @Test func sendingSelectWithoutAProductIDIsRefusedAndChangesNothing() async throws {
        let harness = try FlowHarness(ShopConfiguration.configuration(cart: CartModel()))
        let before = harness.state
        await #expect(throws: HarnessError.self) {
            try await harness.send(.select, to: CatalogList.self)
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
