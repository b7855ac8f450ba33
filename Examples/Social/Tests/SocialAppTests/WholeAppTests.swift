import Destinations
import DestinationsTesting
import DestinationsURLs
import Foundation
import SocialApp
import Testing

@Suite @MainActor struct WholeAppTests {
    @Test func theAppHasFortyRoutesAndEveryOneIsReached() {
        #expect(SocialRoute.allCases.count >= 40)
        // Every tab a user can pick, in one bar.
        var configuration = Fixtures.configuration(Fixtures.signedIn())
        configuration.layout = SocialConfiguration.signedInLayout(TabArrangement())
        let graph = FlowGraph(configuration)
        #expect(graph.missingProviders.isEmpty)
        #expect(graph.unreachableRoutes.isEmpty, "\(graph.unreachableRoutes)")
    }

    @Test func randomWalksKeepTheInvariants() async {
        var walk = RandomWalk(steps: 150) { Fixtures.configuration(Fixtures.signedIn()) }
        walk.content(for: .openStatus, of: TimelineScreen.self) { _, _ in Fixtures.hello }
        walk.content(for: .reply, of: TimelineScreen.self) { _, _ in Fixtures.hello }
        walk.content(for: .openAccount, of: TimelineScreen.self) { _, _ in Fixtures.bob }
        walk.content(for: .openTag, of: TimelineScreen.self) { _, _ in "swift" }
        walk.content(for: .open, of: CollectionScreen.self) { _, random in ["1", "2"].randomElement(using: &random) }
        for seed: UInt64 in [1, 2, 3] {
            await walk.check(seed: seed)
        }
    }

    @Test func aDeepStateSavesAndRestores() async throws {
        let flow = try Flow(Fixtures.configuration(Fixtures.signedIn()))
        try flow.apply(.path([.push(.status(id: "10")), .push(.account(.handle(user: "bob", host: "fosstodon.org")))]))
        try flow.apply(.selectTab(.explore))
        try flow.apply(.push(.tag(name: "swift")))
        let data = try JSONEncoder().encode(flow.state)
        let decoded = try JSONDecoder().decode(NavigationState<SocialRoute>.self, from: data)
        #expect(decoded == flow.state)
        let harness = try FlowHarness(Fixtures.configuration(Fixtures.signedIn()), exhaustivity: .nonExhaustive)
        try await harness.perform(.restore(decoded))
        #expect(harness.state.routes == flow.state.routes)
        try await harness.finish()
    }
}

@Suite @MainActor struct StateURLTests {
    @Test func everyRouteHasAPatternAndADeepStatePrintsAndReadsBack() throws {
        let router = try SocialLinks.router(known: KnownHosts())
        #expect(
            router.validate(routes: SocialRoute.allCases).isEmpty, "\(router.validate(routes: SocialRoute.allCases))")
        let flow = try Flow(Fixtures.configuration(Fixtures.signedIn()))
        let urls = try FlowURLs(flow, router: router, scene: "main")
        try flow.apply(.path([.push(.status(id: "10")), .push(.account(.handle(user: "bob", host: "fosstodon.org")))]))
        try flow.apply(.sheetStack(.composer(replyTo: "10")))
        let url = try urls.stateURL
        let other = try Flow(Fixtures.configuration(Fixtures.signedIn()))
        let otherURLs = try FlowURLs(other, router: router, scene: "main")
        try otherURLs.open(url, source: .app)
        #expect(other.state.routes == flow.state.routes, "\(url)")
    }
}
