import Destinations
import DestinationsTesting
import SocialApp
import Testing

@Suite @MainActor struct BrowsingTests {
    @Test func aStatusItsAuthorAndTheirFollowersStackUpInTheHomeTab() async throws {
        let harness = try FlowHarness(Fixtures.fiveTabs(Fixtures.signedIn()))
        try await harness.send(.openStatus, content: Fixtures.hello, to: TimelineScreen.self) {
            """
            tabs (selected: home)
              [home] stack
                homeTimeline
                status(id: "10") ◀
              [notifications] stack
                notifications
              [explore] stack
                explore
              [messages] stack
                conversations
              [profile] stack
                myProfile
            """
        }
        let status = try #require(harness.destination(StatusScreen.self))
        #expect(status.loaded == Fixtures.hello, "the status is handed over loaded")
        try await harness.send(.openAccount, content: Fixtures.bob, to: StatusScreen.self) {
            """
            tabs (selected: home)
              [home] stack
                homeTimeline
                status(id: "10")
                account(SocialApp.AccountReference.id("2")) ◀
              [notifications] stack
                notifications
              [explore] stack
                explore
              [messages] stack
                conversations
              [profile] stack
                myProfile
            """
        }
        #expect(harness.destination(AccountScreen.self)?.loaded == Fixtures.bob)
        try await harness.send(.followers, to: AccountScreen.self) {
            """
            tabs (selected: home)
              [home] stack
                homeTimeline
                status(id: "10")
                account(SocialApp.AccountReference.id("2"))
                followers(accountID: "2") ◀
              [notifications] stack
                notifications
              [explore] stack
                explore
              [messages] stack
                conversations
              [profile] stack
                myProfile
            """
        }
        try await harness.tapTab(.notifications) {
            """
            tabs (selected: notifications)
              [home] stack
                homeTimeline
                status(id: "10")
                account(SocialApp.AccountReference.id("2"))
                followers(accountID: "2")
              [notifications] stack
                notifications ◀
              [explore] stack
                explore
              [messages] stack
                conversations
              [profile] stack
                myProfile
            """
        }
        try await harness.finish()
    }

    @Test func deletingAStatusAsksFirstThenGoesBack() async throws {
        let harness = try FlowHarness(Fixtures.configuration(Fixtures.signedIn()), exhaustivity: .nonExhaustive)
        try await harness.send(.openStatus, content: Fixtures.hello, to: TimelineScreen.self)
        let status = try #require(harness.destination(StatusScreen.self))
        try await harness.send(.delete, to: StatusScreen.self)
        #expect(harness.state.routes.contains(.confirmDelete(statusID: "10")))
        try await harness.tapAlertButton(labeled: "Delete")
        #expect(status.isDeleted)
        #expect(harness.state.focusedScreen.route == .homeTimeline)
        try await harness.finish()
    }

    @Test func aReplyOpensTheComposerInASheetAndPostingClosesIt() async throws {
        let harness = try FlowHarness(Fixtures.configuration(Fixtures.signedIn()), exhaustivity: .nonExhaustive)
        try await harness.send(.reply, content: Fixtures.hello, to: TimelineScreen.self)
        #expect(harness.state.focusedScreen.route == .composer(replyTo: "10"))
        let composer = try #require(harness.destination(EditorScreen.self))
        try await harness.send(.submit, content: "Hi Bob", to: EditorScreen.self)
        #expect(composer.submitted == ["Hi Bob"])
        #expect(harness.state.focusedScreen.route == .homeTimeline)
        try await harness.finish()
    }

    @Test func tappingAnItemInExploreOpensItsTag() async throws {
        let harness = try FlowHarness(Fixtures.configuration(Fixtures.signedIn()), exhaustivity: .nonExhaustive)
        try await harness.tapTab(.explore)
        try await harness.send(.open, content: "swift", to: CollectionScreen.self)
        #expect(harness.state.focusedScreen.route == .tag(name: "swift"))
        try await harness.finish()
    }
}
