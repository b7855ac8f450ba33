public import Destinations

/// Every screen of the social client, with what it identifies. Forty-eight routes: what a
/// Mastodon client of the usual size shows.
public enum SocialRoute: NavigationRoute, Codable, CaseIterable {
    // Signed out.
    /// The first screen of a signed-out app.
    case welcome
    /// Signing in on a server.
    case signIn(server: String)

    // Timelines: tab roots, and pushed from a list, a tag or another server.
    /// The signed-in account's home timeline.
    case homeTimeline
    /// The account's server's local timeline.
    case localTimeline
    /// Every server the account's server knows.
    case federatedTimeline
    /// What is trending on the account's server.
    case trending
    /// Another server's public timeline, pinned in the sidebar.
    case remoteTimeline(server: String)
    /// One of the account's lists.
    case list(id: String)
    /// A hashtag's timeline.
    case tag(name: String)

    // Tab roots.
    /// The account's notifications.
    case notifications
    /// Notifications that mention the account.
    case mentions
    /// Trending tags, accounts and links.
    case explore
    /// Search results.
    case search(query: String)
    /// Private conversations.
    case conversations
    /// The signed-in account's own profile.
    case myProfile
    /// Saved statuses.
    case bookmarks
    /// Favourited statuses.
    case favorites
    /// The account's lists.
    case lists
    /// The hashtags the account follows.
    case followedTags
    /// The app's settings.
    case settings

    // Pushed details.
    /// One status on the account's server.
    case status(id: String)
    /// A status's edit history.
    case statusHistory(id: String)
    /// An account, by id on the account's server or by its handle on any server.
    case account(AccountReference)
    /// Who follows an account.
    case followers(accountID: String)
    /// Whom an account follows.
    case following(accountID: String)
    /// Who favourited a status.
    case favoritedBy(statusID: String)
    /// Who boosted a status.
    case boostedBy(statusID: String)
    /// One private conversation.
    case conversation(id: String)
    /// Content filters.
    case filters
    /// Display settings.
    case displaySettings
    /// The signed-in accounts.
    case accountsSettings
    /// Push notification settings.
    case pushSettings
    /// Which tabs the bar shows, and in what order.
    case tabSettings
    /// About the app.
    case about

    // Modals.
    /// Writing a status, or a reply to one.
    case composer(replyTo: String?)
    /// Editing one of the account's statuses.
    case editStatus(id: String)
    /// A status's media, full screen.
    case media(statusID: String, index: Int)
    /// Reporting an account.
    case report(accountID: String)
    /// Choosing among the signed-in accounts.
    case accountSwitcher
    /// Signing in another account.
    case addAccount
    /// Editing the account's profile.
    case editProfile
    /// Editing a list.
    case listEditor(id: String)
    /// Making a new list.
    case newList
    /// Pinning another server's timeline.
    case addServer
    /// A status's translation.
    case translation(statusID: String)
    /// The in-app browser, for a link no screen of the app shows.
    case browser(url: String)
    /// Asks before deleting a status.
    case confirmDelete(statusID: String)
    /// Asks before blocking an account.
    case confirmBlock(accountID: String)
    /// Asks before signing out.
    case confirmSignOut

    /// One sample of each case, so that the flow can check every route has a provider.
    public static var allCases: [SocialRoute] {
        [
            .welcome, .signIn(server: "s"), .homeTimeline, .localTimeline, .federatedTimeline, .trending,
            .remoteTimeline(server: "s"), .list(id: "1"), .tag(name: "t"), .notifications, .mentions, .explore,
            .search(query: "q"), .conversations, .myProfile, .bookmarks, .favorites, .lists, .followedTags,
            .settings, .status(id: "1"), .statusHistory(id: "1"), .account(.id("1")), .followers(accountID: "1"),
            .following(accountID: "1"), .favoritedBy(statusID: "1"), .boostedBy(statusID: "1"),
            .conversation(id: "1"), .filters, .displaySettings, .accountsSettings, .pushSettings, .tabSettings,
            .about, .composer(replyTo: nil), .editStatus(id: "1"), .media(statusID: "1", index: 0),
            .report(accountID: "1"), .accountSwitcher, .addAccount, .editProfile, .listEditor(id: "1"), .newList,
            .addServer, .translation(statusID: "1"), .browser(url: "https://example.com"),
            .confirmDelete(statusID: "1"), .confirmBlock(accountID: "1"), .confirmSignOut,
        ]
    }
}

/// An account as a route names it: by its id on the signed-in account's server, or by its
/// handle (`user@host`) on any server.
public enum AccountReference: Hashable, Codable, Sendable {
    /// An id on the signed-in account's server.
    case id(String)
    /// A handle on a server.
    case handle(user: String, host: String)
}
