public import Destinations

/// The Notes app's screens.
public enum AppRoute: NavigationRoute, Codable, CaseIterable {
    case notes
    case note(id: Int)
    case noteCard(id: Int)
    case editNote(id: Int)
    case deleteNote(id: Int)
    case settings
    case about
    case licenses
    case signIn
    case counter

    /// One value of each case, so that validation can follow every route.
    public static var allCases: [AppRoute] {
        [
            .notes, .note(id: 0), .noteCard(id: 0), .editNote(id: 0), .deleteNote(id: 0), .settings, .about, .licenses,
            .signIn, .counter,
        ]
    }
}

extension TabID {
    /// The notes tab.
    public static let notes: TabID = "notes"
    /// The settings tab.
    public static let settings: TabID = "settings"
    /// The counter tab, which shows a stream.
    public static let counter: TabID = "counter"
}

/// A note.
public struct Note: Hashable, Sendable, Identifiable {
    public var id: Int
    public var title: String
    public var body: String

    public init(id: Int, title: String, body: String = "") {
        self.id = id
        self.title = title
        self.body = body
    }
}
