public import Destinations

/// A timeline of statuses: home, local, federated, trending, a list, a tag, another server's.
@MainActor public final class TimelineScreen: Destination {
    /// What a timeline's view sends.
    public enum Event: Hashable, Sendable, CaseIterable {
        case openStatus(Carrying<Status>)
        case openAccount(Carrying<Account>)
        case openTag(Carrying<String>)
        case reply(Carrying<Status>)
        public static let allCases: [Event] = [
            .openStatus(.listed), .openAccount(.listed), .openTag(.listed), .reply(.listed),
        ]
    }
    /// The timeline's link to its flow.
    public let context = DestinationContext<SocialRoute, Event>()
    /// Which timeline it shows.
    public let route: SocialRoute
    /// Creates a timeline.
    public init(route: SocialRoute) { self.route = route }
}

extension ContentEvent<TimelineScreen.Event, Status> {
    /// The user tapped a status; carries it, loaded.
    public static var openStatus: Self { Self(TimelineScreen.Event.openStatus) }
    /// The user tapped reply on a status.
    public static var reply: Self { Self(TimelineScreen.Event.reply) }
}

extension ContentEvent<TimelineScreen.Event, Account> {
    /// The user tapped a status's author; carries the account, loaded.
    public static var openAccount: Self { Self(TimelineScreen.Event.openAccount) }
}

extension ContentEvent<TimelineScreen.Event, String> {
    /// The user tapped a hashtag; carries its name.
    public static var openTag: Self { Self(TimelineScreen.Event.openTag) }
}

/// One status, with its replies.
@MainActor public final class StatusScreen: Destination {
    /// What a status's view sends.
    public enum Event: Hashable, Sendable, CaseIterable {
        case openAccount(Carrying<Account>)
        case reply, favoritedBy, boostedBy
        case media(Carrying<Int>)
        case translate, history, edit, delete, deleteConfirmed
        case
            openLink(Carrying<String>)
        public static let allCases: [Event] = [
            .openAccount(.listed), .reply, .favoritedBy, .boostedBy, .media(.listed), .translate, .history, .edit,
            .delete, .deleteConfirmed, .openLink(.listed),
        ]
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
    public static var openAccount: Self { Self(StatusScreen.Event.openAccount) }
}

extension ContentEvent<StatusScreen.Event, String> {
    /// The user tapped a link in the status's text; carries the URL.
    public static var openLink: Self { Self(StatusScreen.Event.openLink) }
}

extension ContentEvent<StatusScreen.Event, Int> {
    /// The user tapped one of the status's media; carries its index.
    public static var media: Self { Self(StatusScreen.Event.media) }
}

/// An account's profile.
@MainActor public final class AccountScreen: Destination {
    /// What a profile's view sends.
    public enum Event: Hashable, Sendable, CaseIterable {
        case followers, following
        case openStatus(Carrying<Status>)
        case report, block, editProfile
        public static let allCases: [Event] = [
            .followers, .following, .openStatus(.listed), .report, .block, .editProfile,
        ]
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
    public static var openStatus: Self { Self(AccountScreen.Event.openStatus) }
}

/// A list of accounts: followers, following, who favourited or boosted a status.
@MainActor public final class AccountListScreen: Destination {
    /// What the list's view sends.
    public enum Event: Hashable, Sendable, CaseIterable {
        case openAccount(Carrying<Account>)
        public static let allCases: [Event] = [.openAccount(.listed)]
    }
    /// The list's link to its flow.
    public let context = DestinationContext<SocialRoute, Event>()
    /// Creates a list.
    public init() {}
}

extension ContentEvent<AccountListScreen.Event, Account> {
    /// The user tapped an account.
    public static var openAccount: Self { Self(AccountListScreen.Event.openAccount) }
}
