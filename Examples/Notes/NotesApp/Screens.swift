import Destinations
import Observation

/// The list of notes.
@MainActor @Observable
public final class NotesList: Destination {
    public enum Event: Hashable, Sendable, CaseIterable { case select, compose }
    public let context = DestinationContext<AppRoute, Event>()
    public var notes: [Note]

    public init(notes: [Note]) {
        self.notes = notes
    }
}

/// One note.
@MainActor @Observable
public final class NoteDetail: Destination {
    public enum Event: Hashable, Sendable, CaseIterable { case edit, delete, back }
    public let context = DestinationContext<AppRoute, Event>()
    public var note: Note?

    public init(note: Note?) {
        self.note = note
    }
}

/// The alternate design of a note, for the A/B story.
@MainActor @Observable
public final class NoteCard: Destination {
    public enum Event: Hashable, Sendable, CaseIterable { case close }
    public let context = DestinationContext<AppRoute, Event>()
    public var note: Note?

    public init(note: Note?) {
        self.note = note
    }
}

/// The editor of a note, in a sheet.
@MainActor @Observable
public final class EditNote: Destination {
    public enum Event: Hashable, Sendable, CaseIterable { case save, cancel }
    public let context = DestinationContext<AppRoute, Event>()
    public var draft: Note?

    public init(note: Note?) {
        self.draft = note
    }
}

/// The alert that confirms deleting a note.
@MainActor
public final class DeleteNoteAlert: Destination {
    public enum Event: Hashable, Sendable, CaseIterable { case confirm, cancel }
    public let context = DestinationContext<AppRoute, Event>()
    public let noteID: Int
    public let title = "Delete this note?"

    public init(noteID: Int) {
        self.noteID = noteID
    }
}

/// A screen with nothing but links: settings, about, licenses, sign-in.
@MainActor
public final class InfoScreen: Destination {
    public enum Event: Hashable, Sendable, CaseIterable { case about, licenses, signOut, signIn }
    public let context = DestinationContext<AppRoute, Event>()
    public let title: String

    public init(title: String) {
        self.title = title
    }
}
