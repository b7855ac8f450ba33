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

    /// The configuration, quiet.
    @MainActor static func configuration(_ session: SocialSession) -> FlowConfiguration<SocialRoute> {
        var configuration = SocialConfiguration.configuration(session: session)
        configuration.logger = .disabled
        return configuration
    }
}
