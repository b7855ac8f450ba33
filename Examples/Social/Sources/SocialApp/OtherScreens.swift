public import Destinations

/// Notifications or mentions.
@MainActor public final class NotificationsScreen: Destination {
    /// What the view sends.
    public enum Event: Hashable, Sendable, CaseIterable {
        case openStatus(Carrying<String>)
        case openAccount(Carrying<AccountReference>)
        public static let allCases: [Event] = [.openStatus(.listed), .openAccount(.listed)]
    }
    /// The screen's link to its flow.
    public let context = DestinationContext<SocialRoute, Event>()
    /// Creates the screen.
    public init() {}
}

extension ContentEvent<NotificationsScreen.Event, String> {
    /// The user tapped a notification about a status; carries its id.
    public static var openStatus: Self { Self(NotificationsScreen.Event.openStatus) }
}

extension ContentEvent<NotificationsScreen.Event, AccountReference> {
    /// The user tapped a notification about an account; carries how it names the account.
    public static var openAccount: Self { Self(NotificationsScreen.Event.openAccount) }
}

/// A list that opens items by id: explore, search results, conversations, the account's lists,
/// followed tags, bookmarks, favourites.
@MainActor public final class CollectionScreen: Destination {
    /// What the view sends.
    public enum Event: Hashable, Sendable, CaseIterable {
        case open(Carrying<String>)
        case create
        case edit(Carrying<String>)
        case pin(Carrying<String>)
        public static let allCases: [Event] = [.open(.listed), .create, .edit(.listed), .pin(.listed)]
    }
    /// The screen's link to its flow.
    public let context = DestinationContext<SocialRoute, Event>()
    /// Which collection it shows.
    public let route: SocialRoute
    /// Creates the screen.
    public init(route: SocialRoute) { self.route = route }
}

extension ContentEvent<CollectionScreen.Event, String> {
    /// The user tapped an item; carries its id (a tag's name, a query).
    public static var open: Self { Self(CollectionScreen.Event.open) }
    /// The user tapped edit on an item.
    public static var edit: Self { Self(CollectionScreen.Event.edit) }
    /// The user pinned an item (a list, a followed tag) in the sidebar.
    public static var pin: Self { Self(CollectionScreen.Event.pin) }
}

/// The settings and their pages.
@MainActor public final class SettingsScreen: Destination {
    /// What the view sends.
    public enum Event: Hashable, Sendable, CaseIterable {
        case filters, display, accounts, push, tabs, about, switchAccount, signOut, signOutConfirmed, addServer
    }
    /// The screen's link to its flow.
    public let context = DestinationContext<SocialRoute, Event>()
    /// Creates the screen.
    public init() {}
}

/// A page with nothing to navigate to: a settings page, the about page, an edit history.
@MainActor public final class PageScreen: Destination {
    /// What the view sends.
    public enum Event: Hashable, Sendable, CaseIterable { case close }
    /// The screen's link to its flow.
    public let context = DestinationContext<SocialRoute, Event>()
    /// Which page it shows.
    public let route: SocialRoute
    /// Creates the page.
    public init(route: SocialRoute) { self.route = route }
}

/// A sheet that edits something and is then posted or cancelled: the composer, a status's edit,
/// a report, a profile or list editor, a new list, a server to pin.
@MainActor public final class EditorScreen: Destination {
    /// What the view sends.
    public enum Event: Hashable, Sendable, CaseIterable {
        case submit(Carrying<String>)
        case cancel
        public static let allCases: [Event] = [.submit(.listed), .cancel]
    }
    /// The editor's link to its flow.
    public let context = DestinationContext<SocialRoute, Event>()
    /// What it edits.
    public let route: SocialRoute
    /// What the user submitted, in order.
    public private(set) var submitted: [String] = []
    /// Creates the editor.
    public init(route: SocialRoute) { self.route = route }
    func record(_ text: String) { submitted.append(text) }
}

extension ContentEvent<EditorScreen.Event, String> {
    /// The user submitted the text.
    public static var submit: Self { Self(EditorScreen.Event.submit) }
}

/// The first screen of a signed-out app, and signing in.
@MainActor public final class WelcomeScreen: Destination {
    /// What the view sends.
    public enum Event: Hashable, Sendable, CaseIterable {
        case chooseServer(Carrying<String>)
        case signIn(Carrying<Account>)
        case cancel
        public static let allCases: [Event] = [.chooseServer(.listed), .signIn(.listed), .cancel]
    }
    /// The screen's link to its flow.
    public let context = DestinationContext<SocialRoute, Event>()
    /// Which screen it is: welcome, sign-in, add account.
    public let route: SocialRoute
    /// Creates the screen.
    public init(route: SocialRoute) { self.route = route }
}

extension ContentEvent<WelcomeScreen.Event, String> {
    /// The user picked a server.
    public static var chooseServer: Self { Self(WelcomeScreen.Event.chooseServer) }
}

extension ContentEvent<WelcomeScreen.Event, Account> {
    /// The server signed the account in.
    public static var signIn: Self { Self(WelcomeScreen.Event.signIn) }
}

/// Choosing among the signed-in accounts.
@MainActor public final class AccountSwitcherScreen: Destination {
    /// What the view sends.
    public enum Event: Hashable, Sendable, CaseIterable {
        case choose(Carrying<String>)
        case addAccount, close
        public static let allCases: [Event] = [.choose(.listed), .addAccount, .close]
    }
    /// The screen's link to its flow.
    public let context = DestinationContext<SocialRoute, Event>()
    /// Creates the screen.
    public init() {}
}

extension ContentEvent<AccountSwitcherScreen.Event, String> {
    /// The user chose an account; carries its id.
    public static var choose: Self { Self(AccountSwitcherScreen.Event.choose) }
}
