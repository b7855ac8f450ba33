import DestinationsUIKit
import NotesApp
import SwiftUI
import UIKit

/// The detail of a note, written in SwiftUI and hosted in the UIKit flow: the view observes
/// its Destination and only sends it events.
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
    }

    /// The hosting controller that shows the view in a navigation controller.
    @MainActor
    static func controller(detail: NoteDetail) -> UIViewController {
        let hosting = UIHostingController(rootView: NoteDetailView(detail: detail))
        hosting.navigationItem.title = detail.note?.title ?? "Note"
        hosting.navigationItem.largeTitleDisplayMode = .never
        return hosting
    }
}
