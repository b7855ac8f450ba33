public import Destinations

extension TabID {
    /// The home timeline.
    public static let home: TabID = "home"
    /// The server's local timeline.
    public static let local: TabID = "local"
    /// The federated timeline.
    public static let federated: TabID = "federated"
    /// Trending statuses.
    public static let trending: TabID = "trending"
    /// Notifications.
    public static let notifications: TabID = "notifications"
    /// Mentions.
    public static let mentions: TabID = "mentions"
    /// Explore and search.
    public static let explore: TabID = "explore"
    /// Private conversations.
    public static let messages: TabID = "messages"
    /// The account's profile.
    public static let profile: TabID = "profile"
    /// Bookmarks.
    public static let bookmarks: TabID = "bookmarks"
    /// Favourites.
    public static let favorites: TabID = "favorites"
    /// The account's lists.
    public static let lists: TabID = "lists"
    /// Followed hashtags.
    public static let tags: TabID = "tags"
    /// Settings.
    public static let settings: TabID = "settings"
}

/// The fourteen tabs a user picks from, and what each shows first.
public enum SocialTabs {
    /// Every tab the user can pick, in the order the tab settings list them.
    public static let all: [TabID] = [
        .home, .local, .federated, .trending, .notifications, .mentions, .explore, .messages, .profile,
        .bookmarks, .favorites, .lists, .tags, .settings,
    ]

    /// The five tabs a new account starts with.
    public static let standard: [TabID] = [.home, .notifications, .explore, .messages, .profile]

    /// What a tab shows first.
    public static func root(of tab: TabID) -> SocialRoute {
        switch tab {
        case .local: .localTimeline
        case .federated: .federatedTimeline
        case .trending: .trending
        case .notifications: .notifications
        case .mentions: .mentions
        case .explore: .explore
        case .messages: .conversations
        case .profile: .myProfile
        case .bookmarks: .bookmarks
        case .favorites: .favorites
        case .lists: .lists
        case .tags: .followedTags
        case .settings: .settings
        default: .homeTimeline
        }
    }

    /// A tab's layout: a stack that starts at its root.
    public static func layout(of tab: TabID) -> TabLayout<SocialRoute> {
        .tab(tab, .stack(root(of: tab)))
    }
}
