public import Destinations
public import DestinationsURLs

/// A signed-in account.
public struct Account: Hashable, Codable, Sendable, Identifiable {
    /// The account's id on its server.
    public var id: String
    /// The account's user name.
    public var user: String
    /// The account's server.
    public var server: String
    /// Creates an account.
    public init(id: String, user: String, server: String) {
        (self.id, self.user, self.server) = (id, user, server)
    }
    /// `user@server`.
    public var handle: String { "\(user)@\(server)" }
}

/// A status, as a timeline has it loaded.
public struct Status: Hashable, Sendable {
    /// The status's id on the account's server.
    public var id: String
    /// Who wrote it.
    public var author: Account
    /// What it says.
    public var text: String
    /// Creates a status.
    public init(id: String, author: Account, text: String) {
        (self.id, self.author, self.text) = (id, author, text)
    }
}

/// The app's session: who is signed in, the other accounts, the servers the user knows. The app
/// gives it to the flow's configuration once; guards, providers and links read it from there.
@MainActor public final class SocialSession {
    /// Every signed-in account.
    public private(set) var accounts: [Account] = []
    /// The account the app shows; `nil` when signed out.
    public private(set) var current: Account?
    /// Servers the user knows besides the accounts' own: their older status links open in the
    /// app. The router's links read it as it changes.
    public let knownServers = KnownHosts(["mastodon.social"])

    /// How each account arranged its tabs, by account id: saved when the user arranges them,
    /// given back when the account signs in or is switched to.
    public private(set) var arrangements: [String: TabArrangement] = [:]

    /// Creates a signed-out session.
    public init() {}

    /// How the current account arranged its tabs: five picked, the rest hidden, unless the
    /// user arranged them otherwise.
    public var arrangement: TabArrangement {
        current.flatMap { arrangements[$0.id] } ?? SocialTabs.standardArrangement
    }

    /// Keeps the current account's arrangement of its tabs.
    public func save(_ arrangement: TabArrangement) {
        guard let current else { return }
        arrangements[current.id] = arrangement
    }

    /// Whether an account is signed in.
    public var isSignedIn: Bool { current != nil }

    /// Signs an account in and makes it the current one.
    public func signIn(_ account: Account) {
        if !accounts.contains(account) { accounts.append(account) }
        current = account
        knownServers.insert(account.server)
    }

    /// Makes another signed-in account the current one; `false` when it is not signed in.
    @discardableResult public func switchTo(accountID: String) -> Bool {
        guard let account = accounts.first(where: { $0.id == accountID }) else { return false }
        current = account
        return true
    }

    /// Signs the current account out; the next one, if any, becomes current.
    public func signOut() {
        accounts.removeAll { $0 == current }
        current = accounts.first
    }

    /// Keeps each arrangement of the tabs the user makes (the platform's tab customization) as
    /// the current account's, until the returned registration is cancelled or released.
    public func keepArrangements(of flow: Flow<SocialRoute>) -> FlowChangeObservation {
        flow.observeChanges { [weak self] cause in
            if case .userAction(.arrangedTabs(let arrangement, _)) = cause { self?.save(arrangement) }
        }
    }

    /// Adds a server whose links the app opens itself.
    public func addServer(_ host: String) { knownServers.insert(host) }
}
