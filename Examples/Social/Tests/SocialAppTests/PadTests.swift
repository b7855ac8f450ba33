import Destinations
import DestinationsTesting
import SocialApp
import Testing

@Suite @MainActor struct PadTests {
    func padHarness(_ session: SocialSession = Fixtures.signedIn()) throws -> FlowHarness<SocialRoute> {
        var configuration = SocialConfiguration.configuration(session: session, pad: true)
        configuration.logger = .disabled
        #expect(configuration.layout == SocialConfiguration.padLayout(session.arrangement))
        return try FlowHarness(configuration, exhaustivity: .nonExhaustive)
    }

    @Test func aStatusOpenedFromTheNotificationsColumnIsPushedInTheContentNotTheColumn() async throws {
        let harness = try padHarness()
        let column = try #require(harness.state.root.split)
        #expect(column.isSideColumn)
        try await harness.send(.openStatus, content: "10", to: NotificationsScreen.self)
        #expect(harness.state.focusedScreen.route == .status(id: "10"))
        #expect(harness.state.stack(inTab: .home)?.elements.map(\.route) == [.homeTimeline, .status(id: "10")])
        #expect(column.detail?.stack?.elements.map(\.route) == [.notifications], "the column keeps its one screen")
        try await harness.finish()
    }

    @Test func compactWidthFoldsTheColumnAwayAndRegularBringsItBackWithTheSameScreens() async throws {
        let harness = try padHarness()
        let split = harness.state.root.id
        let notifications = try #require(harness.state.root.split?.detail?.stack?.elements.first?.id)
        let screen = harness.flow.destination(notifications)
        try await harness.perform(.userAction(.changedWidth(isCompact: true, split: split)))
        #expect(harness.state.root.split?.isCollapsed == true)
        try await harness.send(.openStatus, content: Fixtures.hello, to: TimelineScreen.self)
        try await harness.perform(.userAction(.changedWidth(isCompact: false, split: split)))
        #expect(harness.state.root.split?.isCollapsed == false)
        #expect(harness.flow.destination(notifications) === screen, "the column's screen was never rebuilt")
        #expect(harness.state.focusedScreen.route == .status(id: "10"))
        try await harness.finish()
    }
}

@Suite @MainActor struct HandOffTests {
    @Test func anAccountOpenedFromATimelineGetsItLoadedAndFromANotificationByItsHandle() async throws {
        let harness = try FlowHarness(Fixtures.configuration(Fixtures.signedIn()), exhaustivity: .nonExhaustive)
        try await harness.send(.openAccount, content: Fixtures.bob, to: TimelineScreen.self)
        let fromTimeline = try #require(harness.destination(AccountScreen.self))
        #expect(fromTimeline.loaded == Fixtures.bob)
        try await harness.tapTab(.notifications)
        let handle = AccountReference.handle(user: "carol", host: "hachyderm.io")
        try await harness.send(.openAccount, content: handle, to: NotificationsScreen.self)
        let fromNotification = try #require(harness.destination(AccountScreen.self))
        #expect(fromNotification.loaded == nil)
        #expect(fromNotification.reference == handle)
        #expect(fromNotification.accountID == "carol@hachyderm.io")
        try await harness.finish()
    }

    @Test func aHandOffOfAnotherTypeIsRefusedAndNothingChanges() throws {
        let flow = try Flow(Fixtures.configuration(Fixtures.signedIn()))
        let before = flow.state
        #expect(throws: NavigationError.self) {
            try flow.apply(.push(.account(.id("2"))), from: nil, handing: Fixtures.hello)
        }
        #expect(flow.state == before)
    }

    @Test func theGuardReadsTheSessionTheConfigurationWasGivenOnEveryChange() throws {
        let session = SocialSession()
        let flow = try Flow(Fixtures.configuration(session))
        #expect(try flow.apply(.push(.bookmarks)) == .redirected(guard: SocialConfiguration.signedIn))
        flow.dropPending()
        try flow.apply(.dismiss)
        session.signIn(Fixtures.alice)
        #expect(try flow.apply(.push(.bookmarks)) == .applied)
    }
}
