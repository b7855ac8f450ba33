import DestinationsTesting
import ShopApp
import Testing

@Suite @MainActor struct ExplorationTests {
    @Test func randomWalksKeepTheInvariants() async {
        var walk = RandomWalk(steps: 200) {
            var configuration = ShopConfiguration.configuration(cart: CartModel())
            configuration.logger = .disabled
            return configuration
        }
        walk.content(for: .select, of: CatalogList.self) { list, random in list.productIDs.randomElement(using: &random)
        }
        walk.content(for: .addToCart, of: ProductScreen.self) { _, random in Int.random(in: 1...3, using: &random) }
        for seed: UInt64 in [1, 2, 3] {
            await walk.check(seed: seed)
        }
    }

    /// A step that changes only what a screen shows (`addToCart`, a `.perform` response that
    /// changes the product's screen state) is a new state: checkout, four steps away (select,
    /// add to cart, tap the cart tab, check out), is reached.
    @Test func theExplorerReachesCheckoutOnceSomethingIsInTheCart() async {
        var explorer = FlowExplorer(depth: 5) {
            var configuration = ShopConfiguration.configuration(cart: CartModel())
            configuration.logger = .disabled
            return configuration
        }
        explorer.content(for: .select, of: CatalogList.self) { _ in [1] }
        explorer.content(for: .addToCart, of: ProductScreen.self) { _ in [1] }
        let report = await explorer.explore { flow in
            flow.state.routes.contains(.checkout) ? "checkout reached" : nil
        }
        #expect(report.violation != nil, "\(report)")
    }
}

@Suite @MainActor struct FlowGraphTests {
    /// The empty-cart alert is reached only through the guard's redirect, which the guard
    /// declares: the graph of the whole configuration reaches every route, and draws the edge
    /// from the guard.
    @Test func theGraphOfTheConfigurationReachesTheGuardsAlert() {
        let graph = FlowGraph(ShopConfiguration.configuration(cart: CartModel()))
        #expect(graph.unreachableRoutes.isEmpty, "\(graph.unreachableRoutes)")
        #expect(graph.missingProviders.isEmpty)
        #expect(graph.edges.contains { $0.from == "(guard cartNotEmpty)" && $0.to == "emptyCart" })
    }
}
