import Destinations
import DestinationsTesting
import DestinationsURLs
import SocialApp
import Testing

/// The app's server, as the tests have it: it knows the statuses in `known`, by URL.
struct FakeAPI: SocialAPI {
    var known: [String: String] = ["https://fosstodon.org/@bob/110": "10"]
    func statusID(at url: String) async throws -> String? { known[url] }
}

@Suite @MainActor struct LinkTests {
    let session = Fixtures.signedIn()

    func open(_ url: String) async throws -> (FlowHarness<SocialRoute>, FlowURLs<SocialRoute>) {
        var configuration = SocialConfiguration.configuration(session: session, api: FakeAPI())
        configuration.logger = .disabled
        let harness = try FlowHarness(configuration, exhaustivity: .nonExhaustive)
        let urls = try FlowURLs(harness.flow, router: SocialLinks.router(known: session.knownServers), scene: "main")
        try await harness.performAwaiting(urls.request(for: url, source: .external(.universalLink)))
        return (harness, urls)
    }

    @Test func anAccountWithItsHomeServerOpensFromAnyServer() async throws {
        let (harness, _) = try await open("https://fosstodon.org/@carol@hachyderm.io")
        #expect(harness.state.focusedScreen.route == .account(.handle(user: "carol", host: "hachyderm.io")))
        try await harness.finish()
    }

    @Test func anAccountOfTheLinksOwnServerTakesTheHostAsItsServer() async throws {
        let (harness, _) = try await open("https://Hachyderm.io/@carol")
        #expect(harness.state.focusedScreen.route == .account(.handle(user: "carol", host: "hachyderm.io")))
        try await harness.finish()
    }

    @Test func theServersAboutPageIsDeclinedAndOpensInTheBrowser() async throws {
        let (harness, _) = try await open("https://mastodon.social/@about")
        #expect(harness.state.focusedScreen.route == .browser(url: "https://mastodon.social/@about"))
        try await harness.finish()
    }

    @Test func aTagOpensFromAnyServer() async throws {
        let (harness, _) = try await open("https://example.social/tags/swift")
        #expect(harness.state.focusedScreen.route == .tag(name: "swift"))
        try await harness.finish()
    }

    @Test func aStatusOnAnotherServerIsLookedUpOnTheAccountsServerThenOpened() async throws {
        let (harness, _) = try await open("https://fosstodon.org/@bob/110")
        #expect(harness.state.focusedScreen.route == .status(id: "10"))
        #expect(harness.state.stack(inTab: .home)?.elements.map(\.route) == [.homeTimeline, .status(id: "10")])
        try await harness.finish()
    }

    @Test func aStatusTheServerDoesNotKnowOpensInTheBrowser() async throws {
        let (harness, _) = try await open("https://fosstodon.org/@bob/999")
        #expect(harness.state.focusedScreen.route == .browser(url: "https://fosstodon.org/@bob/999"))
        try await harness.finish()
    }

    @Test func anOlderStatusPathOpensOnlyFromAServerTheUserAdded() async throws {
        let url = "https://hachyderm.io/users/bob/statuses/1"
        let (before, _) = try await open(url)
        #expect(before.state.focusedScreen.route == .browser(url: url), "an unknown server's page")
        try await before.finish()
        session.addServer("hachyderm.io")
        let (after, _) = try await open(url)
        #expect(after.state.focusedScreen.route == .browser(url: url), "the API does not know it either")
        var api = FakeAPI()
        api.known[url] = "12"
        var configuration = SocialConfiguration.configuration(session: session, api: api)
        configuration.logger = .disabled
        let flow = try Flow(configuration)
        let urls = try FlowURLs(flow, router: SocialLinks.router(known: session.knownServers), scene: "main")
        try await urls.openAwaitingGuards(url, source: .external(.universalLink))
        #expect(flow.state.focusedScreen.route == .status(id: "12"), "no router was rebuilt")
        try await after.finish()
    }

    @Test func aLinkUnderAPlainSheetDismissesItAndLands() async throws {
        var configuration = SocialConfiguration.configuration(session: session, api: FakeAPI())
        configuration.logger = .disabled
        let flow = try Flow(configuration)
        try flow.apply(.sheet(.translation(statusID: "3")))
        let urls = try FlowURLs(flow, router: SocialLinks.router(known: session.knownServers), scene: "main")
        try await urls.openAwaitingGuards("https://example.social/tags/swift", source: .external(.universalLink))
        #expect(flow.state.presentedChain.isEmpty)
        #expect(flow.state.focusedScreen.route == .tag(name: "swift"))
    }

    @Test func aMalformedLinkIsATypedErrorAndNothingChanges() async throws {
        let flow = try Flow(Fixtures.configuration(session))
        let urls = try FlowURLs(flow, router: SocialLinks.router(known: session.knownServers), scene: "main")
        let before = flow.state
        await #expect(throws: DeepLinkError.self) {
            try await urls.openAwaitingGuards("https://example.social/tags/%zz", source: .external(.universalLink))
        }
        #expect(flow.state == before)
    }

    @Test func onAPadALaunchLinkLandsInTheTabsNotTheNotificationsColumn() async throws {
        var configuration = SocialConfiguration.configuration(session: session, pad: true, api: FakeAPI())
        configuration.logger = .disabled
        let flow = try Flow(configuration)
        let urls = try FlowURLs(flow, router: SocialLinks.router(known: session.knownServers), scene: "main")
        try await urls.openAwaitingGuards("https://fosstodon.org/@bob/110", source: .external(.universalLink))
        #expect(flow.state.stack(inTab: .home)?.elements.map(\.route) == [.homeTimeline, .status(id: "10")])
        #expect(flow.state.root.split?.detail?.stack?.elements.map(\.route) == [.notifications])
    }
}
