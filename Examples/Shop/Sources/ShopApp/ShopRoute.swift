public import Destinations

/// Every screen of the shop, with what it shows.
public enum ShopRoute: NavigationRoute, Codable, CaseIterable {
    case catalog
    case product(id: Int)
    case reviews(productID: Int)
    case cart
    case account
    case checkout
    case emptyCart

    /// One sample of each case, so that the flow can check every route has a provider.
    public static var allCases: [ShopRoute] {
        [.catalog, .product(id: 0), .reviews(productID: 0), .cart, .account, .checkout, .emptyCart]
    }

    /// The product a route is about.
    public var productID: Int {
        switch self {
        case .product(let id), .reviews(let id): id
        default: 0
        }
    }
}

extension TabID {
    /// The catalog: products and their reviews.
    public static let catalog: TabID = "catalog"
    /// The cart and its checkout.
    public static let cart: TabID = "cart"
    /// The user's account.
    public static let account: TabID = "account"
}
