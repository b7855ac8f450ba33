import Destinations

/// The routes of a mid-sized shop app: 50 screens without payloads, all of them reachable, so
/// that validating a flow walks every case.
public enum ShopRoute: NavigationRoute, CaseIterable, Codable {
    case home
    case search
    case results
    case product
    case reviews
    case review
    case cart
    case checkout
    case payment
    case address
    case orders
    case order
    case tracking
    case returns
    case account
    case profile
    case editProfile
    case settings
    case notifications
    case privacy
    case security
    case password
    case language
    case appearance
    case help
    case faq
    case contact
    case chat
    case feedback
    case about
    case licenses
    case terms
    case wishlist
    case compare
    case categories
    case category
    case brands
    case brand
    case deals
    case deal
    case stores
    case store
    case map
    case scanner
    case giftCards
    case giftCard
    case rewards
    case referral
    case onboarding
    case signIn
}

/// The Destination every ``ShopRoute`` screen is built as: three events, all configured.
@MainActor
public final class ShopScreen: Destination {
    /// What a shop screen can send; `CaseIterable`, so validation checks each is configured.
    public enum Event: Hashable, Sendable, CaseIterable {
        /// Pushes the next route.
        case open
        /// Goes back.
        case back
        /// Presents the next route as a sheet.
        case share
    }

    /// The Destination's link to its flow.
    public let context = DestinationContext<ShopRoute, Event>()

    /// Creates a screen's Destination.
    public init() {}
}

extension Providers where Route == ShopRoute {
    /// One provider per route, made once: each pushes the next route and presents the one
    /// after it as a sheet, so validation follows every provider's fixed routes too.
    public static var shop: Providers<ShopRoute> {
        let all = ShopRoute.allCases
        var byRoute: [ShopRoute: Provider<ShopRoute>] = [:]
        for (index, route) in all.enumerated() {
            let next = all[(index + 1) % all.count]
            let after = all[(index + 2) % all.count]
            byRoute[route] = Provider<ShopRoute> { _ in
                ShopScreen()
            } events: { events in
                events.on(.open, .present(.push(next)))
                events.on(.back, .present(.back))
                events.on(.share, .present(.sheet(after)))
            }
        }
        return Providers { byRoute[$0] }
    }
}

extension Layout where Route == ShopRoute {
    /// The shop's first state: four tabs, each a stack of one screen.
    public static var shop: Layout<ShopRoute> {
        .tabs([
            .tab("home", .stack(.home)),
            .tab("search", .stack(.search)),
            .tab("cart", .stack(.cart)),
            .tab("account", .stack(.account)),
        ])
    }
}
