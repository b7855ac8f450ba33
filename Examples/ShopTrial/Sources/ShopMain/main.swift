import Destinations
import DestinationsURLs
import ShopApp

// The app: the same configuration the tests use.
@MainActor func run() throws {
    let cart = CartModel()
    let flow = try Flow(ShopConfiguration.configuration(cart: cart))
    let urls = try FlowURLs(flow, router: try ShopConfiguration.router(), scene: "main")
    try flow.focusedDestination(as: CatalogList.self)?.send(.select, content: 2)
    print(flow.state)
    try urls.open("shop://product/3", source: .external(.universalLink))
    print(flow.state)
    print(try urls.stateURL)
}
try MainActor.assumeIsolated { try run() }
