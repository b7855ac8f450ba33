import DestinationsSwiftUI
import NotesApp
import SwiftUI

/// The list of notes: select one, load more, compose.
struct NotesListView: View {
    let list: NotesList

    var body: some View {
        List {
            ForEach(list.notes) { note in
                Button(note.title) { list.post(.select, content: note) }
            }
            if list.hasMore {
                Button("Load more") { list.post(.paginate) }
            }
            if let error = list.error {
                Text("Could not load: \(error)").foregroundStyle(.red)
            }
        }
        .refreshable { list.post(.retrieve) }
        .navigationTitle("Notes")
        .toolbar {
            Button("New note", systemImage: "square.and.pencil") { list.post(.compose) }
        }
    }
}

/// One note: edit it in a sheet, delete it after an alert.
struct NoteDetailView: View {
    let detail: NoteDetail

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 12) {
                if let note = detail.note {
                    Text(note.title).font(.title)
                    Text(note.body)
                } else if let error = detail.error {
                    Text("Could not load: \(error)").foregroundStyle(.red)
                } else {
                    ProgressView()
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .padding()
        }
        .refreshable { detail.post(.load) }
        .navigationTitle(detail.note?.title ?? "Note")
        .toolbar {
            Button("Reload", systemImage: "arrow.clockwise") { detail.post(.load) }
            Button("Edit") { detail.post(.edit) }
            Button("Delete", systemImage: "trash", role: .destructive) { detail.post(.delete) }
        }
    }
}

/// The editor, in a sheet: it saves through the datasource and closes itself.
struct EditNoteView: View {
    @Bindable var editor: EditNote

    var body: some View {
        VStack(spacing: 16) {
            HStack {
                Button("Cancel") { editor.post(.cancel) }
                Spacer()
                Text("Edit note").font(.headline)
                Spacer()
                Button("Save") { editor.post(.save) }.disabled(editor.draft == nil)
            }
            if editor.draft != nil {
                TextField("Title", text: field(\.title))
                    .textFieldStyle(.roundedBorder)
                TextField("Text", text: field(\.body), axis: .vertical)
                    .textFieldStyle(.roundedBorder)
            } else if let error = editor.error {
                Text("Could not load: \(error)").foregroundStyle(.red)
            } else {
                ProgressView()
            }
            Spacer()
        }
        .padding()
    }

    private func field(_ keyPath: WritableKeyPath<Note, String>) -> Binding<String> {
        Binding(get: { editor.draft?[keyPath: keyPath] ?? "" }, set: { editor.draft?[keyPath: keyPath] = $0 })
    }
}

/// Variant B's card, in a sheet of two heights. Its deep link to the licenses dismisses the
/// sheet, selects the settings tab and pushes, in one transaction.
struct NoteCardView: View {
    let card: NoteCard
    let model: NotesAppModel
    @State private var note: Note?

    var body: some View {
        VStack(spacing: 16) {
            Text(note?.title ?? "Note \(card.noteID)").font(.title2)
            Text(note?.body ?? "")
            Button("Close") { card.post(.close) }
            Button("Licenses (deep link)") { model.open(NotesAppConfiguration.licensesLink) }
        }
        .padding()
        .task { note = await model.datasource.note(id: card.noteID) }
    }
}
