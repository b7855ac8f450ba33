import Destinations

/// The Notes app's configuration: its first layout and the providers of its screens.
@MainActor
public enum NotesAppConfiguration {
    /// The signed-in layout: a tab bar of notes and settings, each with its own stack.
    public static let layout: Layout<AppRoute> = .tabs([
        .tab(.notes, .stack(.notes)),
        .tab(.settings, .stack(.settings)),
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

    /// How selecting a note presents it: pushed detail (variant A).
    public static let pushDetail: EventResponse<NotesList> = .present { (note: Note) in
        .push(.note(id: note.id))
    }

    /// How selecting a note presents it: a card in a sheet (variant B).
    public static let cardSheet: EventResponse<NotesList> = .present { (note: Note) in
        .sheet(.noteCard(id: note.id), SheetOptions(detents: [.medium, .large]))
    }

    /// The provider of the notes list, with the selection presented by `select`.
    public static func notesProvider(store: NoteStore, select: EventResponse<NotesList> = pushDetail) -> Provider<AppRoute> {
        Provider { (_: AppRoute) in NotesList(notes: store.notes) } events: { events in
            events.on(.select, select)
            events.on(.compose, .present(.sheetStack(.editNote(id: 0))))
        }
    }

    /// The providers of every screen.
    public static func providers(store: NoteStore) -> Providers<AppRoute> {
        let notes = notesProvider(store: store)
        let detail = Provider { (route: AppRoute) -> NoteDetail in
            guard case .note(let id) = route else { return NoteDetail(note: nil) }
            return NoteDetail(note: store.note(id: id))
        } events: { events in
            events.on(.edit, .assist { input in
                .sheet(.editNote(id: input.destination.note?.id ?? 0), SheetOptions(detents: [.large]))
            })
            events.on(.delete, .assist { input in .alert(.deleteNote(id: input.destination.note?.id ?? 0)) })
            events.on(.back, .present(.back))
        }
        let card = Provider { (route: AppRoute) -> NoteCard in
            guard case .noteCard(let id) = route else { return NoteCard(note: nil) }
            return NoteCard(note: store.note(id: id))
        } events: { events in
            events.on(.close, .present(.dismiss))
        }
        let edit = Provider { (route: AppRoute) -> EditNote in
            guard case .editNote(let id) = route else { return EditNote(note: nil) }
            return EditNote(note: store.note(id: id))
        } events: { events in
            events.on(.save, .perform { input in
                if let draft = input.destination.draft { store.update(draft) }
                try input.destination.context.dismiss()
            })
            events.on(.cancel, .present(.dismiss))
        }
        let deleteAlert = Provider { (route: AppRoute) -> DeleteNoteAlert in
            guard case .deleteNote(let id) = route else { return DeleteNoteAlert(noteID: 0) }
            return DeleteNoteAlert(noteID: id)
        } events: { events in
            events.on(.confirm, .perform { input in
                store.delete(id: input.destination.noteID)
                try input.destination.context.present(.path([.dismiss, .back]))
            })
            events.on(.cancel, .present(.dismiss))
        }
        let info = Provider { (route: AppRoute) in InfoScreen(title: route.name.capitalized) } events: { events in
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
            case .settings, .about, .licenses, .signIn: info
            }
        }
    }
}
