public import Destinations

/// What the user put in the cart: product id to quantity.
@MainActor public final class CartModel {
    /// The quantity of each product in the cart.
    public private(set) var items: [Int: Int] = [:]
    /// Creates an empty cart.
    public init() {}
    /// Whether checkout has nothing to pay for.
    public var isEmpty: Bool { items.values.reduce(0, +) == 0 }
    /// Adds `quantity` of a product.
    public func add(_ productID: Int, quantity: Int) {
        items[productID, default: 0] += quantity
    }
}

/// The catalog's list of products.
@MainActor public final class CatalogList: Destination {
    /// What the list's view sends.
    public enum Event: Hashable, Sendable, CaseIterable {
        case select(Carrying<Int>)
        public static let allCases: [Event] = [.select(.listed)]
    }
    /// The list's link to its flow.
    public let context = DestinationContext<ShopRoute, Event>()
    /// The products shown.
    public let productIDs = [1, 2, 3]
    /// Creates the list.
    public init() {}
}

extension ContentEvent<CatalogList.Event, Int> {
    /// The user tapped a product; carries its id.
    public static var select: Self { Self(CatalogList.Event.select) }
}

/// One product.
@MainActor public final class ProductScreen: StatefulDestination {
    /// What the product's view sends.
    public enum Event: Hashable, Sendable, CaseIterable {
        case addToCart(Carrying<Int>)
        case showReviews
        public static let allCases: [Event] = [.addToCart(.listed), .showReviews]
    }
    /// What the screen shows.
    public struct ScreenState: Equatable, Sendable {
        /// The product.
        public var id: Int
        /// How many the user added from this screen.
        public var added = 0
    }
    /// The product's link to its flow.
    public let context = DestinationContext<ShopRoute, Event>()
    /// What the screen shows.
    public private(set) var screenState: ScreenState
    /// Creates the screen of a product.
    public init(id: Int) { screenState = ScreenState(id: id) }
    /// Counts what was added.
    func didAdd(_ quantity: Int) { screenState.added += quantity }
}

extension ContentEvent<ProductScreen.Event, Int> {
    /// The user added the product to the cart; carries the quantity.
    public static var addToCart: Self { Self(ProductScreen.Event.addToCart) }
}

/// A product's reviews.
@MainActor public final class ReviewsScreen: Destination {
    /// What the reviews' view sends.
    public enum Event: Hashable, Sendable, CaseIterable { case markHelpful }
    /// The screen's link to its flow.
    public let context = DestinationContext<ShopRoute, Event>()
    /// Creates the screen.
    public init() {}
}

/// The cart.
@MainActor public final class CartScreen: Destination {
    /// What the cart's view sends.
    public enum Event: Hashable, Sendable, CaseIterable { case checkout }
    /// The screen's link to its flow.
    public let context = DestinationContext<ShopRoute, Event>()
    /// Creates the screen.
    public init() {}
}

/// The checkout sheet.
@MainActor public final class CheckoutScreen: Destination {
    /// What the checkout's view sends.
    public enum Event: Hashable, Sendable, CaseIterable { case cancel }
    /// The screen's link to its flow.
    public let context = DestinationContext<ShopRoute, Event>()
    /// Creates the screen.
    public init() {}
}

/// The account tab.
@MainActor public final class AccountScreen: Destination {
    /// What the account's view sends.
    public enum Event: Hashable, Sendable, CaseIterable { case signOut }
    /// The screen's link to its flow.
    public let context = DestinationContext<ShopRoute, Event>()
    /// Creates the screen.
    public init() {}
}

extension CheckoutScreen: Interruptible {
    /// A link from outside asks before it takes the user out of a checkout.
    public var interruption: InterruptionPolicy { .confirm }
}
