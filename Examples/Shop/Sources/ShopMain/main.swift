import Destinations
import DestinationsURLs
import Foundation
import ShopApp

// The app's launch: the same configuration the tests use, the last session's navigation
// brought back, then the launch link, as its own transaction.
@MainActor func launch(savedData: Data?, link: String?) throws -> Flow<ShopRoute> {
    let cart = CartModel()
    let flow = try Flow(ShopConfiguration.configuration(cart: cart))
    let urls = try FlowURLs(flow, router: try ShopConfiguration.router(), scene: "main")
    let directory = FileManager.default.temporaryDirectory
    let breaker = CrashLoopBreaker(marker: directory.appendingPathComponent("shop-restoring.marker"))
    if let savedData, breaker.beginRestoring() {
        let restored = try ShopPersistence.restoration().restore(savedData)
        try flow.restore(restored.state)
        breaker.finishRestoring()
        print("restored \(restored.report.restoredScreens) screens; \(restored.report.issues)")
    }
    if let link {
        print("\(link): \(try urls.open(link, source: .external(.universalLink)))")
    }
    return flow
}

try MainActor.assumeIsolated {
    let first = try launch(savedData: nil, link: "https://shop.example.com/product/3/reviews")
    print(first.state)
    let saved = try ShopPersistence.save(first)
    let second = try launch(savedData: saved, link: "shop://product/7")
    print(second.state)
}
