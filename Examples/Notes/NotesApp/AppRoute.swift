import Destinations

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

    /// One value of each case, so that validation can follow every route.
    public static var allCases: [AppRoute] {
        [.notes, .note(id: 0), .noteCard(id: 0), .editNote(id: 0), .deleteNote(id: 0), .settings, .about, .licenses, .signIn]
    }
}

extension TabID {
    /// The notes tab.
    public static let notes: TabID = "notes"
    /// The settings tab.
    public static let settings: TabID = "settings"
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

/// The app's notes, shared by its screens.
@MainActor
public final class NoteStore {
    public private(set) var notes: [Note]

    public init(notes: [Note] = NoteStore.samples) {
        self.notes = notes
    }

    public func note(id: Int) -> Note? {
        notes.first { $0.id == id }
    }

    public func update(_ note: Note) {
        guard let index = notes.firstIndex(where: { $0.id == note.id }) else { return }
        notes[index] = note
    }

    public func delete(id: Int) {
        notes.removeAll { $0.id == id }
    }

    public static let samples: [Note] = [
        Note(id: 1, title: "Groceries", body: "Milk, eggs"),
        Note(id: 2, title: "Ideas", body: "A navigation library"),
        Note(id: 3, title: "Travel", body: "Lisbon in May"),
    ]
}
