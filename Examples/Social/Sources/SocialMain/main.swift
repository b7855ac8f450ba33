import Destinations
import SocialApp

// One journey of the social client, printing the navigation tree after each step: signed out, a
// tap that needs an account signs in first, the account's tabs arrive and the tap lands; a list
// is pinned in the sidebar; the post button composes from the screen on top.
try MainActor.assumeIsolated {
    let session = SocialSession()
    var configuration = SocialConfiguration.configuration(session: session)
    configuration.logger = .disabled
    let flow = try Flow(configuration)
    @MainActor func step(_ title: String, _ body: () throws -> Void) throws {
        try body()
        print("— \(title)\n\(flow.state)\n")
    }
    try step("signed out: open bookmarks, which needs an account") { _ = try flow.apply(.push(.bookmarks)) }
    try step("choose a server") {
        try flow.focusedDestination(as: WelcomeScreen.self)?.send(.chooseServer, content: "mastodon.social")
    }
    try step("signed in: the account's tabs arrive, and the bookmarks open") {
        let account = Account(id: "1", user: "alice", server: "mastodon.social")
        try flow.focusedDestination(as: WelcomeScreen.self)?.send(.signIn, content: account)
    }
    try step("show the lists tab, as the platform's tab customization does, and pin 'friends'") {
        guard var arrangement = flow.state.root.tabs?.arrangement else { return }
        arrangement.hidden.remove(.lists)
        _ = try flow.apply(UserAction.arrangedTabs(arrangement, tabs: flow.state.root.id))
        try flow.apply(.selectTab(.lists))
        try flow.focusedDestination(as: CollectionScreen.self)?.send(.pin, content: "friends")
    }
    try step("tap the post button") {
        _ = try flow.apply(UserAction.tappedTabAction("post", tabs: flow.state.root.id))
    }
}
