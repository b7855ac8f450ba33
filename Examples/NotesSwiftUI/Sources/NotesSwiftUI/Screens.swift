import DestinationsSwiftUI
import NotesModel
import SwiftUI

/// The list of notes: rows select a note, a last row loads the next page.
struct NotesListView: View {
    let list: NotesList

    var body: some View {
        List {
            if let error = list.error { Text("Could not load the notes: \(String(describing: error))") }
            ForEach(list.notes) { note in
                Button {
                    list.post(.select, content: note)
                } label: {
                    VStack(alignment: .leading) {
                        Text(note.title).font(.headline)
                        if !note.body.isEmpty { Text(note.body).font(.subheadline).foregroundStyle(.secondary) }
                    }
                }
                .foregroundStyle(.primary)
            }
            if list.hasMore {
                Button("Load more…") { list.post(.paginate) }
            }
        }
        .refreshable { list.post(.retrieve) }
        .navigationTitle("Notes")
        .toolbar {
            Button("New note", systemImage: "square.and.pencil") { list.post(.compose) }
        }
    }
}

/// The detail of a note: observes its Destination and only sends it events.
struct NoteDetailView: View {
    let detail: NoteDetail

    var body: some View {
        Form {
            if let note = detail.note {
                Section("Title") { Text(note.title).font(.headline) }
                Section("Body") { Text(note.body.isEmpty ? "No text" : note.body) }
            } else if let error = detail.error {
                Text("Could not load the note: \(String(describing: error))")
            } else {
                ProgressView()
            }
            Section {
                Button("Edit") { detail.post(.edit) }
                Button("Reload") { detail.post(.load) }
                Button("Delete", role: .destructive) { detail.post(.delete) }
            }
        }
        .navigationTitle(detail.note?.title ?? "Note")
        .navigationBarTitleDisplayMode(.inline)
    }
}

/// The B variant of a note: a card in a sheet, closed by its button or a swipe down.
struct NoteCardView: View {
    let card: NoteCard

    var body: some View {
        VStack(spacing: 16) {
            Text("Note #\(card.noteID)").font(.largeTitle)
            Text("The B variant shows a note as a card in a sheet. Drag it between medium and large, or swipe it down.")
            Button("Close") { card.post(.close) }
        }
        .padding()
    }
}

/// The editor of a note, in a sheet: edits the Destination's draft, then saves or cancels.
struct EditNoteView: View {
    @Bindable var editor: EditNote

    var body: some View {
        Form {
            if editor.draft != nil {
                TextField("Title", text: text(\.title))
                TextField("Text", text: text(\.body), axis: .vertical)
            } else if let error = editor.error {
                Text("Could not load or save the note: \(String(describing: error))")
            } else {
                ProgressView()
            }
            Section {
                Button("Save") { editor.post(.save) }
                Button("Cancel", role: .cancel) { editor.post(.cancel) }
            }
        }
    }

    /// A field of the draft.
    private func text(_ field: WritableKeyPath<Note, String>) -> Binding<String> {
        Binding(
            get: { editor.draft?[keyPath: field] ?? "" },
            set: { editor.draft?[keyPath: field] = $0 }
        )
    }
}

/// The counter tab: shows the ticks of a stream the Destination runs.
struct CounterView: View {
    let counter: CounterScreen

    var body: some View {
        VStack(spacing: 16) {
            Text("\(counter.count)").font(.largeTitle).monospacedDigit()
            Button("Start") { counter.post(.start) }
            Button("Stop") { counter.post(.stop) }
        }
        .navigationTitle("Counter")
    }
}

/// Settings, about, licenses and sign-in: links, and the A/B switch on the settings screen.
struct InfoView: View {
    let info: InfoScreen
    let route: AppRoute
    let model: NotesModelStore

    var body: some View {
        Form {
            switch route {
            case .settings:
                Toggle(
                    "Show notes as cards (variant B)",
                    isOn: Binding(get: { model.showsCards }, set: { model.setShowsCards($0) })
                )
                Button("About") { info.post(.about) }
                Button("Sign out", role: .destructive) { info.post(.signOut) }
            case .about:
                Text("Notes, rendered by DestinationsSwiftUI from the same Destinations and Providers as the UIKit app.")
                Button("Licenses") { info.post(.licenses) }
            case .signIn:
                Text("Signed out").font(.title)
                Button("Sign in") { info.post(.signIn) }
            default:
                Text("Destinations is available under the MIT license.")
            }
        }
        .navigationTitle(info.title)
    }
}
