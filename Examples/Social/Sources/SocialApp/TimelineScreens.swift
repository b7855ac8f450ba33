public import Destinations

/// A timeline of statuses: home, local, federated, trending, a list, a tag, another server's.
@MainActor public final class TimelineScreen: Destination {
    /// What a timeline's view sends.
    public enum Event: Hashable, Sendable, CaseIterable { case openStatus, openAccount, openTag, reply }
    /// The timeline's link to its flow.
    public let context = DestinationContext<SocialRoute, Event>()
    /// Which timeline it shows.
    public let route: SocialRoute
    /// Creates a timeline.
    public init(route: SocialRoute) { self.route = route }
}

extension ContentEvent<TimelineScreen.Event, Status> {
    /// The user tapped a status; carries it, loaded.
    public static var openStatus: Self { Self(.openStatus) }
    /// The user tapped reply on a status.
    public static var reply: Self { Self(.reply) }
}

extension ContentEvent<TimelineScreen.Event, Account> {
    /// The user tapped a status's author; carries the account, loaded.
    public static var openAccount: Self { Self(.openAccount) }
}

extension ContentEvent<TimelineScreen.Event, String> {
    /// The user tapped a hashtag; carries its name.
    public static var openTag: Self { Self(.openTag) }
}

/// One status, with its replies.
@MainActor public final class StatusScreen: Destination {
    /// What a status's view sends.
    public enum Event: Hashable, Sendable, CaseIterable {
        case openAccount, reply, favoritedBy, boostedBy, media, translate, history, edit, delete, deleteConfirmed,
            openLink
    }
    /// The status's link to its flow.
    public let context = DestinationContext<SocialRoute, Event>()
    /// The status's id.
    public let id: String
    /// The status, when the screen was handed it loaded; otherwise it loads by id.
    public let loaded: Status?
    /// Whether the user deleted it.
    public private(set) var isDeleted = false
    /// Creates the screen of a status.
    public init(id: String, loaded: Status?) { (self.id, self.loaded) = (id, loaded) }
    func markDeleted() { isDeleted = true }
}

extension ContentEvent<StatusScreen.Event, Account> {
    /// The user tapped the author.
    public static var openAccount: Self { Self(.openAccount) }
}

extension ContentEvent<StatusScreen.Event, String> {
    /// The user tapped a link in the status's text; carries the URL.
    public static var openLink: Self { Self(.openLink) }
}

extension ContentEvent<StatusScreen.Event, Int> {
    /// The user tapped one of the status's media; carries its index.
    public static var media: Self { Self(.media) }
}

/// An account's profile.
@MainActor public final class AccountScreen: Destination {
    /// What a profile's view sends.
    public enum Event: Hashable, Sendable, CaseIterable {
        case followers, following, openStatus, report, block, editProfile
    }
    /// The profile's link to its flow.
    public let context = DestinationContext<SocialRoute, Event>()
    /// How the route names the account.
    public let reference: AccountReference
    /// The account, when the screen was handed it loaded; otherwise it loads from the reference.
    public let loaded: Account?
    /// Creates a profile.
    public init(reference: AccountReference, loaded: Account?) { (self.reference, self.loaded) = (reference, loaded) }
    /// The account's id, once known.
    public var accountID: String {
        if let loaded { return loaded.id }
        switch reference {
        case .id(let id): return id
        case .handle(let user, let host): return "\(user)@\(host)"
        }
    }
}

extension ContentEvent<AccountScreen.Event, Status> {
    /// The user tapped one of the account's statuses.
    public static var openStatus: Self { Self(.openStatus) }
}

/// A list of accounts: followers, following, who favourited or boosted a status.
@MainActor public final class AccountListScreen: Destination {
    /// What the list's view sends.
    public enum Event: Hashable, Sendable, CaseIterable { case openAccount }
    /// The list's link to its flow.
    public let context = DestinationContext<SocialRoute, Event>()
    /// Creates a list.
    public init() {}
}

extension ContentEvent<AccountListScreen.Event, Account> {
    /// The user tapped an account.
    public static var openAccount: Self { Self(.openAccount) }
}
