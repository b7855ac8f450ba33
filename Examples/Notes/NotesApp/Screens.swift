public import Destinations
public import Observation

/// The list of notes: retrieved when first presented, paginated on demand.
@MainActor @Observable
public final class NotesList: Destination {
    public enum Event: Hashable, Sendable, CaseIterable {
        case retrieve, paginate
        case select(Carrying<Note>)
        case compose
        public static let allCases: [Event] = [.retrieve, .paginate, .select(.listed), .compose]
    }
    public let context = DestinationContext<AppRoute, Event>()
    public internal(set) var notes: [Note] = []
    public internal(set) var page = 0
    public internal(set) var hasMore = false
    public internal(set) var error: NotesError?
    /// A navigation refused while the screen asked for data.
    public internal(set) var refusal: NavigationError?

    public init() {}

    public func prepareForPresentation() {
        do { try send(.retrieve) } catch { refusal = error }
    }

    func receive(_ result: Result<NotesDatasource.Response, NotesError>) {
        switch result {
        case .success(.page(let notes, let hasMore)):
            self.notes = notes
            self.hasMore = hasMore
        case .success: break
        case .failure(let error): self.error = error
        }
    }
}

extension ContentEvent<NotesList.Event, Note> {
    /// The user tapped a note: the list sends it along.
    public static var select: Self { Self(NotesList.Event.select) }
}

/// One note, loaded by id from the datasource.
@MainActor @Observable
public final class NoteDetail: Destination {
    public enum Event: Hashable, Sendable, CaseIterable { case load, edit, delete, confirmDelete, back }
    public let context = DestinationContext<AppRoute, Event>()
    public let noteID: Int
    public internal(set) var note: Note?
    /// Whether the note was deleted; the detail then leaves.
    public internal(set) var isDeleted = false
    public internal(set) var error: NotesError?
    public internal(set) var refusal: NavigationError?

    /// Creates the detail of a note; `note` is the version the list showed, if it handed one.
    public init(noteID: Int, note: Note? = nil) {
        self.noteID = noteID
        self.note = note
    }

    public func prepareForPresentation() {
        do { try send(.load) } catch { refusal = error }
    }

    func receive(_ result: Result<NotesDatasource.Response, NotesError>) {
        switch result {
        case .success(.note(let note)): self.note = note
        case .success: break
        case .failure(let error): self.error = error
        }
    }

    /// The result of the delete request the alert's *Delete* button started.
    func receiveDeletion(_ result: Result<NotesDatasource.Response, NotesError>) {
        switch result {
        case .success:
            isDeleted = true
            do { try context.present(.back) } catch { refusal = error }
        case .failure(let error): self.error = error
        }
    }
}

/// The alternate design of a note, for the A/B story.
@MainActor @Observable
public final class NoteCard: Destination {
    public enum Event: Hashable, Sendable, CaseIterable { case close }
    public let context = DestinationContext<AppRoute, Event>()
    public let noteID: Int

    public init(noteID: Int) {
        self.noteID = noteID
    }
}

/// The editor of a note, in a sheet; it saves through the datasource.
@MainActor @Observable
public final class EditNote: Destination {
    public enum Event: Hashable, Sendable, CaseIterable { case load, save, cancel }
    public let context = DestinationContext<AppRoute, Event>()
    public let noteID: Int
    /// The note as edited so far.
    public var draft: Note?
    public internal(set) var error: NotesError?
    public internal(set) var refusal: NavigationError?

    public init(noteID: Int) {
        self.noteID = noteID
    }

    public func prepareForPresentation() {
        do { try send(.load) } catch { refusal = error }
    }

    func receive(_ result: Result<NotesDatasource.Response, NotesError>) {
        switch result {
        case .success(.note(let note)): draft = note
        case .success(.done):
            do { try context.dismiss() } catch { refusal = error }
        case .success: break
        case .failure(let error): self.error = error
        }
    }
}

/// The counter tab: shows a stream of ticks while it runs.
@MainActor @Observable
public final class CounterScreen: Destination {
    public enum Event: Hashable, Sendable, CaseIterable { case start, stop }
    public let context = DestinationContext<AppRoute, Event>()
    public internal(set) var count = 0
    /// Called with each tick, after ``count`` changed.
    @ObservationIgnored public var onTick: (@MainActor (Int) -> Void)?

    public init() {}

    func tick(_ value: Int) {
        count = value
        onTick?(value)
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

// MARK: - What tests check and what tools leave out

extension CounterScreen: StatefulDestination {
    /// What the counter shows: the count, and whether it is counting.
    public struct ScreenState: Equatable, Sendable {
        public var count: Int
        public var isRunning: Bool
    }

    /// The counter's state, as a test harness checks it after every step.
    public var screenState: ScreenState {
        ScreenState(count: count, isRunning: context.hasRunningStreams)
    }
}

extension NotesList: StatefulDestination {
    /// What the list shows: the notes' titles, how far it paged, and the error of its last
    /// request.
    public struct ScreenState: Equatable, Sendable {
        public var titles: [String]
        public var page: Int
        public var hasMore: Bool
        public var error: NotesError?
    }

    /// The list's state, as a test harness checks it after every step.
    public var screenState: ScreenState {
        ScreenState(titles: notes.map(\.title), page: page, hasMore: hasMore, error: error)
    }
}

extension NoteDetail: StatefulDestination {
    /// What the detail shows: the note, whether it was deleted, and the error of its last
    /// request.
    public struct ScreenState: Equatable, Sendable {
        public var note: Note?
        public var isDeleted: Bool
        public var error: NotesError?
    }

    /// The detail's state, as a test harness checks it after every step.
    public var screenState: ScreenState {
        ScreenState(note: note, isDeleted: isDeleted, error: error)
    }
}

extension EditNote: StatefulDestination {
    /// What the editor shows: the draft, and the error of its last request.
    public struct ScreenState: Equatable, Sendable {
        public var draft: Note?
        public var error: NotesError?
    }

    /// The editor's state, as a test harness checks it after every step.
    public var screenState: ScreenState {
        ScreenState(draft: draft, error: error)
    }
}

extension NoteDetail: OwnEvents {
    /// Sent by the detail itself: the delete its alert's confirmation forwards. (Its `load` is
    /// also a view's: pull to refresh and the Reload button send it.)
    public static let ownEvents: Set<Event> = [.confirmDelete]
}

extension EditNote: OwnEvents {
    /// Sent by the editor itself when it is first presented.
    public static let ownEvents: Set<Event> = [.load]
}

extension NoteDetail: ModalPresenter {
    /// When the editor it presented closes — saved, cancelled, swiped down, or closed by a link —
    /// the detail loads the note again, so that it shows what was saved.
    public func didDismissPresented(_ modal: DismissedModal<AppRoute>) {
        guard case .editNote? = modal.route else { return }
        do { try send(.load) } catch { refusal = error }
    }
}
