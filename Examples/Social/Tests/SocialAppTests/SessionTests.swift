import Destinations
import DestinationsTesting
import SocialApp
import Testing

@Suite @MainActor struct SessionTests {
    @Test func aSignedOutUserOpeningTheHomeTabSignsInFirstAndThenSeesIt() async throws {
        let session = SocialSession()
        let harness = try FlowHarness(Fixtures.configuration(session), exhaustivity: .nonExhaustive)
        let outcome = try harness.flow.apply(.path([.selectTab(.local), .push(.homeTimeline)]))
        #expect(outcome == .redirected(guard: SocialConfiguration.signedIn))
        #expect(harness.state.focusedScreen.route == .welcome)
        try await harness.send(.chooseServer, content: "mastodon.social", to: WelcomeScreen.self)
        try await harness.send(
            .signIn, content: Fixtures.alice, to: WelcomeScreen.self, route: .signIn(server: "mastodon.social"))
        #expect(session.current == Fixtures.alice)
        #expect(harness.state.focusedScreen.route == .homeTimeline)
        #expect(harness.state.presentedChain.isEmpty, "the sign-in sheet closed")
        try await harness.finish()
    }

    @Test func cancellingSignInDropsTheWaitingChange() async throws {
        let harness = try FlowHarness(Fixtures.configuration(SocialSession()), exhaustivity: .nonExhaustive)
        let before = harness.state
        _ = try harness.flow.apply(.push(.bookmarks))
        #expect(harness.flow.pendingChange != nil)
        try await harness.send(.cancel, to: WelcomeScreen.self)
        #expect(harness.flow.pendingChange == nil)
        #expect(harness.state == before)
        try await harness.finish()
    }

    @Test func choosingAnAccountThatIsNotSignedInClosesTheSwitcherAndKeepsTheCurrentOne() async throws {
        let session = Fixtures.signedIn()
        session.signIn(Fixtures.bob)
        let harness = try FlowHarness(Fixtures.configuration(session), exhaustivity: .nonExhaustive)
        try harness.flow.apply(.path([.selectTab(.profile)]))
        try harness.flow.apply(.sheet(.accountSwitcher))
        try await harness.send(.choose, content: "nobody", to: AccountSwitcherScreen.self)
        #expect(session.current == Fixtures.bob, "an account that is not signed in is not switched to")
        #expect(harness.state.presentedChain.isEmpty)
        try await harness.finish()
    }

    @Test func signingOutAsksThenShowsTheSignedOutTabs() async throws {
        let session = Fixtures.signedIn()
        var configuration = Fixtures.configuration(session)
        configuration.layout = SocialConfiguration.signedInLayout(
            TabArrangement(order: [.home, .settings], hidden: Set(SocialTabs.all).subtracting([.home, .settings])))
        let harness = try FlowHarness(configuration, exhaustivity: .nonExhaustive)
        try await harness.tapTab(.settings)
        try await harness.send(.signOut, to: SettingsScreen.self)
        try await harness.tapAlertButton(labeled: "Sign out")
        #expect(!session.isSignedIn)
        #expect(harness.state.routes == [.localTimeline, .explore, .settings])
        try await harness.finish()
    }
}
