import DestinationsTesting
import Foundation
import ShopApp
import Testing

@Suite @MainActor struct RestorationTests {
    @Test func savedNavigationComesBackInANewSession() async throws {
        let cart = CartModel()
        let first = try Flow(ShopConfiguration.configuration(cart: cart))
        try first.focusedDestination(as: CatalogList.self)?.send(.select, content: 5)
        try first.apply(.push(.reviews(productID: 5)))
        try first.apply(.selectTab(.account))
        let data = try ShopPersistence.save(first)

        let harness = try FlowHarness(ShopConfiguration.configuration(cart: cart))
        let restored = try ShopPersistence.restoration().restore(data)
        #expect(restored.report.isComplete)
        try await harness.perform(.restore(restored.state)) {
            """
            tabs (selected: account)
              [catalog] stack
                catalog
                product(id: 5)
                reviews(productID: 5)
              [cart] stack
                cart
              [account] stack
                account ◀
            state of product(id: 5)
              id: 5
              added: 0
            """
        }
        // A corrupt blob afterwards is refused, and the exhaustive harness sees no change.
        #expect(throws: ShopRestoreError.self) {
            try ShopPersistence.restore(data.prefix(data.count / 2), into: harness.flow)
        }
        #expect(throws: ShopRestoreError.self) {
            try ShopPersistence.restore(Data("not json".utf8), into: harness.flow)
        }
        try await harness.finish()
    }

    @Test func aPlainCodableStateRoundTrips() throws {
        let flow = try Flow(ShopConfiguration.configuration(cart: CartModel()))
        try flow.focusedDestination(as: CatalogList.self)?.send(.select, content: 5)
        let data = try JSONEncoder().encode(flow.state)
        let decoded = try JSONDecoder().decode(NavigationState<ShopRoute>.self, from: data)
        #expect(decoded == flow.state)
    }

    @Test func aCheckoutSheetIsNeverRestored() throws {
        let cart = CartModel()
        cart.add(1, quantity: 2)
        let flow = try Flow(ShopConfiguration.configuration(cart: cart))
        try flow.apply(.selectTab(.cart))
        try flow.apply(.sheet(.checkout))
        let data = try ShopPersistence.save(flow)
        let restored = try ShopPersistence.restoration().restore(data)
        #expect(!restored.state.routes.contains(.checkout))
        #expect(restored.state.focusedScreen.route == .cart)
    }

    @Test func aCorruptBlobIsRefusedAndTheStateIsUnchanged() throws {
        let flow = try Flow(ShopConfiguration.configuration(cart: CartModel()))
        try flow.focusedDestination(as: CatalogList.self)?.send(.select, content: 5)
        let before = flow.state
        var data = try ShopPersistence.save(flow)
        data.removeLast(data.count / 2)
        #expect(throws: ShopRestoreError.self) {
            try ShopPersistence.restore(data, into: flow)
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NavigationState<ShopRoute>.self, from: Data("{\"root\":7}".utf8))
        }
        #expect(flow.state == before)
    }

    @Test func aCorruptStateIsRefusedByTheFlowAndTheStateIsUnchanged() throws {
        let flow = try Flow(ShopConfiguration.configuration(cart: CartModel()))
        let before = flow.state
        // Two screens with one id: decoding refuses it.
        let duplicate = Data(
            #"{"root":{"id":1,"content":{"stack":{"elements":[{"id":2,"content":{"screen":{"catalog":{}}}},{"id":2,"content":{"screen":{"account":{}}}}]}}}}"#
                .utf8)
        #expect(throws: (any Error).self) {
            let state = try JSONDecoder().decode(NavigationState<ShopRoute>.self, from: duplicate)
            try flow.restore(state)
        }
        #expect(flow.state == before)
    }
}
