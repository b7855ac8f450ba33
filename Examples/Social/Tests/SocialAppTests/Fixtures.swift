import Destinations
import SocialApp

/// Accounts and statuses the journeys use.
enum Fixtures {
    static let alice = Account(id: "1", user: "alice", server: "mastodon.social")
    static let bob = Account(id: "2", user: "bob", server: "fosstodon.org")
    static let hello = Status(id: "10", author: bob, text: "Hello")

    /// A session with Alice signed in.
    @MainActor static func signedIn() -> SocialSession {
        let session = SocialSession()
        session.signIn(alice)
        return session
    }

    /// The configuration with only the five standard tabs in the bar, for tests that assert
    /// whole trees.
    @MainActor static func fiveTabs(_ session: SocialSession) -> FlowConfiguration<SocialRoute> {
        var configuration = configuration(session)
        configuration.layout = .tabs(SocialTabs.standard.map(SocialTabs.layout(of:)))
        return configuration
    }

    /// The configuration, quiet.
    @MainActor static func configuration(_ session: SocialSession) -> FlowConfiguration<SocialRoute> {
        var configuration = SocialConfiguration.configuration(session: session)
        configuration.logger = .disabled
        return configuration
    }
}
