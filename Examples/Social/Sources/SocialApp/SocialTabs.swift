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

    /// The tabs a signed-out app shows.
    public static let signedOut: [TabID] = [.local, .explore, .settings]

    /// A new account's arrangement: the five standard tabs, then the others, hidden.
    public static let standardArrangement = TabArrangement(
        order: standard + all.filter { !standard.contains($0) },
        hidden: Set(all.filter { !standard.contains($0) }))

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

    /// A tab's layout: a stack that starts at its root; explore is the search tab.
    public static func layout(of tab: TabID) -> TabLayout<SocialRoute> {
        .tab(tab, .stack(root(of: tab)), role: tab == .explore ? .search : nil)
    }

    /// The "post" action item: it presents the composer from the screen on top, never selected.
    public static let post: TabLayout<SocialRoute> = .action("post", presents: .stack(.composer(replyTo: nil)))

    /// A timeline the user pinned in the sidebar: a list, a followed tag or another server.
    public static func pinned(_ route: SocialRoute) -> TabLayout<SocialRoute>? {
        switch route {
        case .list(let id): .tab(TabID("list-\(id)"), .stack(route), section: "Lists")
        case .tag(let name): .tab(TabID("tag-\(name)"), .stack(route), section: "Tags")
        case .remoteTimeline(let host): .tab(TabID("server-\(host)"), .stack(route), section: "Servers")
        default: nil
        }
    }

    /// Gives an account that just signed in its tabs: every tab it can pick that the bar lacks
    /// is inserted (the tabs already there keep their screens), then the tabs are arranged as
    /// the account last arranged them — except that the tab the user is looking at stays shown.
    public static func accountTabs(_ arrangement: TabArrangement) -> Presentation<SocialRoute> {
        .custom(
            CustomPresentation("accountTabs") { change in
                let tabs = change.state.root.tabs
                let present = Set(tabs?.ids ?? [])
                for tab in all where !present.contains(tab) {
                    try change.apply(.insertTab(layout(of: tab), at: tabs?.tabs.count))
                }
                var shown = arrangement
                if let selection = tabs?.selection { shown.hidden.remove(selection) }
                try change.apply(.arrangeTabs(shown))
            })
    }
}
