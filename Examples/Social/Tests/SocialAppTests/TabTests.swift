import Destinations
import DestinationsTesting
import DestinationsURLs
import SocialApp
import Testing

@Suite @MainActor struct TabTests {
    @Test func signingInAddsTheAccountsTabsKeepsTheScreensShownAndLandsTheWaitingChange() async throws {
        let session = SocialSession()
        let harness = try FlowHarness(Fixtures.configuration(session), exhaustivity: .nonExhaustive)
        let explore = try #require(harness.state.stack(inTab: .explore)?.elements.first?.id)
        let exploreScreen = harness.flow.destination(explore)
        #expect(try harness.flow.apply(.push(.bookmarks)) == .redirected(guard: SocialConfiguration.signedIn))
        try await harness.send(.chooseServer, content: "mastodon.social", to: WelcomeScreen.self)
        try await harness.send(
            .signIn, content: Fixtures.alice, to: WelcomeScreen.self, route: .signIn(server: "mastodon.social"))
        let tabs = try #require(harness.state.root.tabs)
        #expect(Set(tabs.ids) == Set(SocialTabs.all))
        #expect(tabs.visibleTabs.map(\.id) == SocialTabs.standard + [.local], "the tab on screen stays shown")
        #expect(tabs.actions.map(\.id) == ["post"])
        #expect(harness.state.focusedScreen.route == .bookmarks, "the waiting change landed")
        #expect(harness.flow.destination(explore) === exploreScreen, "explore kept its Destination")
        try await harness.finish()
    }

    @Test func theUsersArrangementIsKeptPerAccountAndComesBackAtTheNextLaunch() async throws {
        let session = Fixtures.signedIn()
        let harness = try FlowHarness(Fixtures.configuration(session), exhaustivity: .nonExhaustive)
        let keeping = session.keepArrangements(of: harness.flow)
        let shown: Set<TabID> = [.explore, .home, .bookmarks, .notifications]
        let arranged = TabArrangement(
            order: [.explore, .home, .bookmarks], hidden: Set(SocialTabs.all).subtracting(shown))
        try await harness.arrangeTabs(arranged)
        #expect(session.arrangement == arranged)
        keeping.cancel()
        let relaunched = try Flow(Fixtures.configuration(session))
        let tabs = try #require(relaunched.state.root.tabs)
        #expect(Array(tabs.ids.prefix(3)) == [.explore, .home, .bookmarks])
        #expect(tabs.visibleTabs.map(\.id) == [.explore, .home, .bookmarks, .notifications])
        session.signIn(Fixtures.bob)
        #expect(session.arrangement == SocialTabs.standardArrangement, "another account has its own")
        try await harness.finish()
    }

    @Test func pinningAListAddsATabInTheListsSectionAndEveryOtherTabKeepsItsScreens() async throws {
        let harness = try FlowHarness(Fixtures.configuration(Fixtures.signedIn()), exhaustivity: .nonExhaustive)
        try await harness.send(.openStatus, content: Fixtures.hello, to: TimelineScreen.self)
        let statusID = harness.state.focusedScreen.id
        let status = try #require(harness.destination(StatusScreen.self))
        try harness.flow.apply(.arrangeTabs(TabArrangement(hidden: [.messages])))
        try await harness.tapTab(.lists)
        try await harness.send(.pin, content: "friends", to: CollectionScreen.self)
        let tabs = try #require(harness.state.root.tabs)
        let pinned = try #require(tabs.tabs.last)
        #expect(pinned.id == "list-friends")
        #expect(pinned.section == "Lists")
        #expect(harness.state.stack(inTab: "list-friends")?.elements.map(\.route) == [.list(id: "friends")])
        #expect(harness.flow.destination(statusID) === status, "the home tab kept its status screen")
        #expect(tabs.selection == .lists)
        // Pinned twice: a typed refusal, and nothing changes.
        let before = harness.state
        await #expect(throws: HarnessError.self) {
            try await harness.send(.pin, content: "friends", to: CollectionScreen.self)
        }
        #expect(harness.state == before)
        try await harness.finish()
    }

    @Test func pinningAServerFromSettingsAddsItsTimelineInTheServersSection() async throws {
        let session = Fixtures.signedIn()
        var configuration = Fixtures.configuration(session)
        configuration.layout = SocialConfiguration.signedInLayout(TabArrangement(hidden: []))
        let harness = try FlowHarness(configuration, exhaustivity: .nonExhaustive)
        try await harness.tapTab(.settings)
        try await harness.send(.addServer, to: SettingsScreen.self)
        try await harness.send(.submit, content: "hachyderm.io", to: EditorScreen.self)
        #expect(session.knownServers.contains("hachyderm.io"))
        let tab = try #require(harness.state.root.tabs?.tabs.last)
        #expect(tab.id == "server-hachyderm.io")
        #expect(tab.section == "Servers")
        #expect(harness.state.presentedChain.isEmpty)
        try await harness.finish()
    }

    @Test func thePostActionComposesFromTheScreenOnTopOfTheSelectedTab() async throws {
        let harness = try FlowHarness(Fixtures.configuration(Fixtures.signedIn()), exhaustivity: .nonExhaustive)
        try await harness.send(.openStatus, content: Fixtures.hello, to: TimelineScreen.self)
        let status = harness.state.focusedScreen.id
        try await harness.tapTabAction("post")
        #expect(harness.state.node(status)?.modal?.node.stack?.root.route == .composer(replyTo: nil))
        #expect(harness.state.root.tabs?.selection == .home, "an action item is never selected")
        try await harness.finish()
    }

    @Test func aSignedOutPostSignsInFirst() async throws {
        let harness = try FlowHarness(Fixtures.configuration(SocialSession()), exhaustivity: .nonExhaustive)
        try await harness.tapTabAction("post")
        #expect(harness.state.focusedScreen.route == .welcome)
        #expect(harness.flow.pendingChange?.guardName == SocialConfiguration.signedIn)
        try await harness.finish()
    }

    @Test func switchingAccountsShowsTheOtherAccountsTabs() async throws {
        let session = Fixtures.signedIn()
        session.signIn(Fixtures.bob)
        session.save(
            TabArrangement(order: [.trending], hidden: Set(SocialTabs.all).subtracting([.trending, .settings])))
        let harness = try FlowHarness(Fixtures.configuration(session), exhaustivity: .nonExhaustive)
        #expect(harness.state.root.tabs?.visibleTabs.map(\.id) == [.trending, .settings])
        try harness.flow.apply(.sheet(.accountSwitcher))
        try await harness.send(.choose, content: Fixtures.alice.id, to: AccountSwitcherScreen.self)
        #expect(session.current == Fixtures.alice)
        #expect(harness.state.root.tabs?.visibleTabs.map(\.id) == SocialTabs.standard)
        #expect(harness.state.presentedChain.isEmpty)
        try await harness.finish()
    }
}
