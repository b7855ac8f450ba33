import DestinationsTesting
import DestinationsURLs
import Foundation
import ShopApp
import Testing

/// Seeded walks over the shop's presentations; after each step, the state's URL and its
/// snapshot both bring it back.
@Suite @MainActor struct RoundTripPropertyTests {
    static let presentations: [Presentation<ShopRoute>] = [
        .push(.product(id: 1)), .push(.product(id: -3)), .push(.product(id: Int.max)), .push(.reviews(productID: 0)),
        .selectTab(.catalog), .selectTab(.cart), .selectTab(.account), .sheet(.checkout),
        .sheet(.checkout, SheetOptions(detents: [.medium, .large], selectedDetent: .medium)),
        .sheetStack(.product(id: 2)), .fullScreenCover(.account), .alert(.emptyCart), .dismiss, .back, .dismissAll,
        .presentInTab(.cart, .product(id: 9)),
    ]

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func everyReachableStateRoundTripsThroughItsURLAndItsSnapshot(seed: UInt64) throws {
        let cart = CartModel()
        cart.add(1, quantity: 1)
        var configuration = ShopConfiguration.configuration(cart: cart)
        configuration.logger = .disabled
        let flow = try Flow(configuration)
        let router = try ShopConfiguration.router()
        let urls = try FlowURLs(flow, router: router, scene: "main")
        let restoration = try ShopPersistence.restoration()
        var random = WalkRandom(seed: seed)
        var seen: Set<String> = []
        for step in 0..<60 {
            let presentation = Self.presentations[Int(random.next() % UInt64(Self.presentations.count))]
            _ = try? flow.apply(presentation)
            let url = try urls.stateURL
            seen.insert(url)
            var ids = SequentialElementIDs()
            guard case .state(_, let parsed) = try router.parse(url, ids: &ids) else {
                Issue.record("seed \(seed) step \(step): \(url) is not a state URL")
                return
            }
            #expect(parsed.isEquivalent(to: flow.state), "seed \(seed) step \(step): \(url)\n\(parsed)\n\(flow.state)")
            var printed = ""
            do { printed = try router.stateURL(for: parsed, scene: "main") } catch {
                Issue.record("seed \(seed) step \(step): \(error)")
            }
            #expect(printed == url, "seed \(seed) step \(step)")

            let data = try ShopPersistence.save(flow)
            let decoded = try JSONDecoder().decode(
                NavigationState<ShopRoute>.self, from: JSONEncoder().encode(flow.state))
            #expect(decoded == flow.state)
            let restored = restoration.restore(data)
            if !flow.state.routes.contains(.checkout) && !flow.state.routes.contains(.emptyCart) {
                #expect(
                    restored.state == flow.state,
                    "seed \(seed) step \(step): \(restored.report.issues)\n\(flow.state)\n\(restored.state)")
            }
        }
        print("ROUNDTRIP seed \(seed): \(seen.count) states, e.g. \(seen.max(by: { $0.count < $1.count }) ?? "")")
        #expect(seen.count > 10)
    }
}
