import Destinations
public import DestinationsURLs

extension AccountReference: URLParameter {
    /// `user@host` for a handle, the id otherwise.
    public init?(urlComponent: Substring) {
        let parts = urlComponent.split(separator: "@", omittingEmptySubsequences: false)
        switch parts.count {
        case 1 where !urlComponent.isEmpty: self = .id(String(urlComponent))
        case 2 where !parts[0].isEmpty && !parts[1].isEmpty:
            self = .handle(user: String(parts[0]), host: String(parts[1]))
        default: return nil
        }
    }

    /// The canonical text: the id, or `user@host`.
    public var urlComponent: String {
        switch self {
        case .id(let id): id
        case .handle(let user, let host): "\(user)@\(host)"
        }
    }
}

/// Each route's form in a state URL: what saves, restores and shares a whole navigation.
public enum SocialPatterns {
    /// The patterns, one per route case.
    public static let all = RoutePatterns<SocialRoute> {
        RoutePattern("welcome", .welcome)
        RoutePattern("sign-in/{server}", SocialRoute.signIn(server:)) { if case .signIn(let s) = $0 { s } else { nil } }
        RoutePattern("home", .homeTimeline)
        RoutePattern("local", .localTimeline)
        RoutePattern("federated", .federatedTimeline)
        RoutePattern("trending", .trending)
        RoutePattern("server/{host}", SocialRoute.remoteTimeline(server:)) {
            if case .remoteTimeline(let host) = $0 { host } else { nil }
        }
        RoutePattern("list/{id}", SocialRoute.list(id:)) { if case .list(let id) = $0 { id } else { nil } }
        RoutePattern("tag/{name}", SocialRoute.tag(name:)) { if case .tag(let name) = $0 { name } else { nil } }
        RoutePattern("notifications", .notifications)
        RoutePattern("mentions", .mentions)
        RoutePattern("explore", .explore)
        RoutePattern("search(q={query})", SocialRoute.search(query:)) { if case .search(let q) = $0 { q } else { nil } }
        RoutePattern("conversations", .conversations)
        RoutePattern("me", .myProfile)
        RoutePattern("bookmarks", .bookmarks)
        RoutePattern("favorites", .favorites)
        RoutePattern("lists", .lists)
        RoutePattern("followed-tags", .followedTags)
        RoutePattern("settings", .settings)
        RoutePattern("status/{id}", SocialRoute.status(id:)) { if case .status(let id) = $0 { id } else { nil } }
        RoutePattern("history/{id}", SocialRoute.statusHistory(id:)) {
            if case .statusHistory(let id) = $0 { id } else { nil }
        }
        RoutePattern("account/{account}", SocialRoute.account) { if case .account(let a) = $0 { a } else { nil } }
        RoutePattern("followers/{id}", SocialRoute.followers(accountID:)) {
            if case .followers(let id) = $0 { id } else { nil }
        }
        RoutePattern("following/{id}", SocialRoute.following(accountID:)) {
            if case .following(let id) = $0 { id } else { nil }
        }
        RoutePattern("favorited-by/{id}", SocialRoute.favoritedBy(statusID:)) {
            if case .favoritedBy(let id) = $0 { id } else { nil }
        }
        RoutePattern("boosted-by/{id}", SocialRoute.boostedBy(statusID:)) {
            if case .boostedBy(let id) = $0 { id } else { nil }
        }
        RoutePattern("conversation/{id}", SocialRoute.conversation(id:)) {
            if case .conversation(let id) = $0 { id } else { nil }
        }
        RoutePattern("filters", .filters)
        RoutePattern("display", .displaySettings)
        RoutePattern("accounts", .accountsSettings)
        RoutePattern("push", .pushSettings)
        RoutePattern("tab-settings", .tabSettings)
        RoutePattern("about", .about)
        RoutePattern("compose(reply={reply?})", SocialRoute.composer(replyTo:)) {
            if case .composer(let id) = $0 { id } else { nil }
        }
        RoutePattern("edit/{id}", SocialRoute.editStatus(id:)) { if case .editStatus(let id) = $0 { id } else { nil } }
        RoutePattern("media/{id}/{index}", SocialRoute.media(statusID:index:)) {
            if case .media(let id, let index) = $0 { (id, index) } else { nil }
        }
        RoutePattern("report/{id}", SocialRoute.report(accountID:)) { if case .report(let id) = $0 { id } else { nil } }
        RoutePattern("switch-account", .accountSwitcher)
        RoutePattern("add-account", .addAccount)
        RoutePattern("edit-profile", .editProfile)
        RoutePattern("list-editor/{id}", SocialRoute.listEditor(id:)) {
            if case .listEditor(let id) = $0 { id } else { nil }
        }
        RoutePattern("new-list", .newList)
        RoutePattern("add-server", .addServer)
        RoutePattern("translation/{id}", SocialRoute.translation(statusID:)) {
            if case .translation(let id) = $0 { id } else { nil }
        }
        RoutePattern("browser/{url}", SocialRoute.browser(url:)) { if case .browser(let url) = $0 { url } else { nil } }
        RoutePattern("confirm-delete/{id}", SocialRoute.confirmDelete(statusID:)) {
            if case .confirmDelete(let id) = $0 { id } else { nil }
        }
        RoutePattern("confirm-block/{id}", SocialRoute.confirmBlock(accountID:)) {
            if case .confirmBlock(let id) = $0 { id } else { nil }
        }
        RoutePattern("confirm-sign-out", .confirmSignOut)
    }
}
