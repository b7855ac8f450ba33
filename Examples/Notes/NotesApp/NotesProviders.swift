public import Destinations
import Foundation

/// What every Notes screen asks of its datasource: the real ``NotesDatasource`` or a mock.
public typealias NotesInteractor = any Interactor<NotesDatasource.Request, NotesDatasource.Response, NotesError>

/// The Notes app's configuration: its first layout and the providers of its screens.
@MainActor
public enum NotesAppConfiguration {
    /// The signed-in layout: a tab bar of notes, settings and a counter, each with its own
    /// stack.
    public static let layout: Layout<AppRoute> = .tabs([
        .tab(.notes, .stack(.notes)),
        .tab(.settings, .stack(.settings)),
        .tab(.counter, .stack(.counter)),
    ])

    /// The deep link that opens the licenses: select the settings tab, push about, push
    /// licenses.
    public static let licensesLink: Presentation<AppRoute> = .path([
        .dismissAll,
        .selectTab(.settings),
        .popToRoot,
        .push(.about),
        .push(.licenses),
    ])

    /// How selecting a note presents it: pushed detail (variant A), handed the note so that it
    /// shows at once while it loads the latest version.
    public static let pushDetail: ContentResponse<NotesList, Note> = .handOff { note in
        .push(.note(id: note.id))
    }

    /// How selecting a note presents it: a card in a sheet (variant B).
    public static let cardSheet: ContentResponse<NotesList, Note> = .present { note in
        .sheet(.noteCard(id: note.id), SheetOptions(detents: [.medium, .large]))
    }

    /// The provider of the notes list, with the selection presented by `select`.
    public static func notesProvider(
        datasource: NotesInteractor,
        select: ContentResponse<NotesList, Note> = pushDetail
    ) -> Provider<AppRoute> {
        Provider { (_: AppRoute) in
            NotesList()
        } events: { events in
            events.on(
                .retrieve,
                .request(
                    datasource,
                    assistant: { input in
                        input.destination.page = 0
                        return .init(.retrieve)
                    }
                ) { list, result in list.receive(result) }
            )
            events.on(
                .paginate,
                .request(
                    datasource,
                    assistant: { input in
                        input.destination.page += 1
                        return .init(.paginate(page: input.destination.page))
                    }
                ) { list, result in list.receive(result) }
            )
            events.on(.select, select)
            events.on(.compose, .present(.sheetStack(.editNote(id: 0))))
        }
    }

    /// The providers of variant B of the A/B test: selecting a note shows a card in a sheet
    /// instead of pushing its detail. Only the notes list's provider differs.
    public static func cardsVariant(datasource: NotesInteractor) -> Providers<AppRoute> {
        providers(datasource: datasource).overriding(
            "notes",
            with: notesProvider(datasource: datasource, select: cardSheet)
        )
    }

    /// The providers of every screen, all sharing one datasource. The counter ticks every
    /// second on `ticker`'s clock: a live clock in the app, a manual one in tests.
    public static func providers(
        datasource: NotesInteractor,
        ticker: Ticker = Ticker(interval: .seconds(1))
    ) -> Providers<AppRoute> {
        let notes = notesProvider(datasource: datasource)
        let detail = Provider { (route: AppRoute, note: Note?) in
            NoteDetail(noteID: route.noteID, note: note)
        } events: { events in
            events.on(
                .load, .request(datasource, assistant: { .init(.note(id: $0.destination.noteID)) }) { $0.receive($1) })
            events.on(
                .edit,
                .assist { input in .sheet(.editNote(id: input.destination.noteID), SheetOptions(detents: [.large])) })
            events.on(.delete, .assist { input in .alert(.deleteNote(id: input.destination.noteID)) })
            // The alert's *Delete* button lands here: the request outlives the alert.
            events.on(
                .confirmDelete,
                .request(datasource, assistant: { .init(.delete(id: $0.destination.noteID)) }) {
                    $0.receiveDeletion($1)
                })
            events.on(.back, .present(.back))
        }
        let card = Provider { (route: AppRoute) in
            NoteCard(noteID: route.noteID)
        } events: { events in
            events.on(.close, .present(.dismiss))
        }
        let edit = Provider { (route: AppRoute) in
            EditNote(noteID: route.noteID)
        } events: { events in
            events.on(
                .load, .request(datasource, assistant: { .init(.note(id: $0.destination.noteID)) }) { $0.receive($1) })
            events.on(
                .save,
                .request(
                    datasource,
                    assistant: { input in
                        guard let draft = input.destination.draft else {
                            throw NotesError.notFound(id: input.destination.noteID)
                        }
                        return .init(.update(draft))
                    }
                ) { $0.receive($1) }
            )
            events.on(.cancel, .present(.dismiss))
        }
        let deleteAlert = Provider.alert(presentedBy: NoteDetail.self) { route in
            AlertContent(
                "Delete this note?", message: "This cannot be undone.",
                buttons: [
                    AlertButton("Delete", role: .destructive, sends: .confirmDelete),
                    AlertButton("Cancel", role: .cancel),
                ])
        }
        let counter = Provider { (_: AppRoute) in
            CounterScreen()
        } events: { events in
            events.on(.start, .stream(ticker, 1) { screen, tick in screen.tick(tick) })
            events.on(.stop, .stopStreams)
        }
        let info = Provider { (route: AppRoute) in
            InfoScreen(title: route.name.capitalized)
        } events: { events in
            events.on(.about, .present(.push(.about)))
            events.on(.licenses, .present(.push(.licenses)))
            events.on(.signOut, .present(.replaceRoot(.screen(.signIn))))
            events.on(.signIn, .present(.replaceRoot(layout)))
        }
        return Providers { route in
            switch route {
            case .notes: notes
            case .note: detail
            case .noteCard: card
            case .editNote: edit
            case .deleteNote: deleteAlert
            case .counter: counter
            case .settings, .about, .licenses, .signIn: info
            }
        }
    }
}

extension AppRoute {
    /// The note a route shows, or 0 for routes that show none.
    public var noteID: Int {
        switch self {
        case .note(let id), .noteCard(let id), .editNote(let id), .deleteNote(let id): id
        default: 0
        }
    }
}
