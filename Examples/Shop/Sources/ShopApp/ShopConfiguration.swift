public import Destinations
public import DestinationsURLs

/// The one configuration of the shop's navigation: the app and its tests both build their flow
/// from it.
public enum ShopConfiguration {
    /// The shop's tab bar: a catalog stack, the cart, the account.
    public static let layout: Layout<ShopRoute> = .tabs([
        .tab(.catalog, .stack(.catalog)),
        .tab(.cart, .stack(.cart)),
        .tab(.account, .stack(.account)),
    ])

    /// The guard's name, in errors and outcomes.
    public static let cartNotEmpty = "cartNotEmpty"

    /// Refuses checkout while the cart is empty: the user sees the empty-cart alert instead.
    @MainActor public static func checkoutGuard(cart: CartModel) -> NavigationGuard<ShopRoute> {
        NavigationGuard(cartNotEmpty, redirects: [.emptyCart]) { change in
            guard change.added.contains(.checkout), cart.isEmpty else { return .allow }
            return .redirect(.alert(.emptyCart))
        }
    }

    /// Every route's provider.
    @MainActor public static func providers(cart: CartModel) -> Providers<ShopRoute> {
        let catalog = Provider { (_: ShopRoute) in
            CatalogList()
        } events: { events in
            events.on(.select, .present { id in .push(.product(id: id)) }.leading(to: .product(id: 0)))
        }
        let product = Provider { (route: ShopRoute) in
            ProductScreen(id: route.productID)
        } events: { events in
            events.on(
                .addToCart,
                .perform { screen, quantity in
                    cart.add(screen.screenState.id, quantity: quantity)
                    screen.didAdd(quantity)
                })
            events.on(
                .showReviews,
                .assist { input in .push(.reviews(productID: input.destination.screenState.id)) }
                    .leading(to: .reviews(productID: 0)))
        }
        let reviews = Provider { (_: ShopRoute) in
            ReviewsScreen()
        } events: { events in
            events.on(.markHelpful, .handledByDestination)
        }
        let cartScreen = Provider { (_: ShopRoute) in
            CartScreen()
        } events: { events in
            events.on(.checkout, .present(.sheet(.checkout)))
        }
        let checkout = Provider { (_: ShopRoute) in
            CheckoutScreen()
        } events: { events in
            events.on(.cancel, .present(.dismiss))
        }
        let account = Provider { (_: ShopRoute) in
            AccountScreen()
        } events: { events in
            events.on(.signOut, .handledByDestination)
        }
        let emptyCart: Provider<ShopRoute> = .alert(presentedBy: CartScreen.self) { _ in
            AlertContent(
                "Your cart is empty", message: "Add a product before checking out.",
                buttons: [
                    AlertButton("OK", role: .cancel)
                ])
        }
        return Providers { route in
            switch route {
            case .catalog: catalog
            case .product: product
            case .reviews: reviews
            case .cart: cartScreen
            case .account: account
            case .checkout: checkout
            case .emptyCart: emptyCart
            }
        }
    }

    /// The whole configuration, guards included.
    @MainActor public static func configuration(cart: CartModel) -> FlowConfiguration<ShopRoute> {
        FlowConfiguration(layout: layout, providers: providers(cart: cart), guards: [checkoutGuard(cart: cart)])
    }

    /// Each route's URL form.
    public static let patterns = RoutePatterns<ShopRoute> {
        RoutePattern("catalog", .catalog)
        RoutePattern("product/{id}", ShopRoute.product(id:), access: .external, placement: .inTab(.catalog)) {
            if case .product(let id) = $0 { id } else { nil }
        }
        RoutePattern("reviews/{id}", ShopRoute.reviews(productID:)) {
            if case .reviews(let id) = $0 { id } else { nil }
        }
        RoutePattern("cart", .cart)
        RoutePattern("account", .account)
        RoutePattern("checkout", .checkout)
        RoutePattern("empty-cart", .emptyCart)
    }

    /// The web links the shop answers. `product/{id}` is declared as a link, as well as being
    /// the product pattern's one-route link placed `.inTab(.catalog)`, so that its back stack
    /// starts at the catalog: a declared link is tried before a one-route link.
    public static let links = DeepLinks<ShopRoute> {
        DeepLink("product/{id}") { (id: Int) in .inTab(.catalog, [.catalog, .product(id: id)]) }
        DeepLink("product/{id}/reviews") { (id: Int) in
            .inTab(.catalog, [.catalog, .product(id: id), .reviews(productID: id)])
        }
    }

    /// The shop's URL router.
    public static func router() throws -> URLRouter<ShopRoute> {
        try URLRouter<ShopRoute>(
            prefixes: ["shop://", "https://shop.example.com/"],
            scenes: [SceneKind("main", layout: layout)],
            patterns: patterns,
            links: links
        )
    }
}
