import Destinations
import SocialApp

// One journey of the social client, printing the navigation tree after each step: signed out, a
// tap that needs an account signs in first and then lands; a status, its author; the composer.
try MainActor.assumeIsolated {
    let session = SocialSession()
    let flow = try Flow(SocialConfiguration.configuration(session: session))
    @MainActor func step(_ title: String, _ body: () throws -> Void) throws {
        try body()
        print("— \(title)\n\(flow.state)\n")
    }
    try step("signed out: open bookmarks") { _ = try flow.apply(.push(.bookmarks)) }
    try step("choose a server") {
        try flow.focusedDestination(as: WelcomeScreen.self)?.send(.chooseServer, content: "mastodon.social")
    }
    try step("signed in: the bookmarks open") {
        let account = Account(id: "1", user: "alice", server: "mastodon.social")
        try flow.focusedDestination(as: WelcomeScreen.self)?.send(.signIn, content: account)
    }
    try step("open a status from the local timeline") {
        try flow.apply(.selectTab(.local))
        let bob = Account(id: "2", user: "bob", server: "fosstodon.org")
        try flow.focusedDestination(as: TimelineScreen.self)?.send(
            .openStatus, content: Status(id: "10", author: bob, text: "Hello"))
    }
    try step("reply") { try flow.focusedDestination(as: StatusScreen.self)?.send(.reply) }
}
