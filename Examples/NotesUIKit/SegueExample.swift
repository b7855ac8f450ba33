import DestinationsUIKit
import NotesApp
import UIKit

/// The segue a storyboard names for the Notes app: a storyboard cannot name a generic class.
final class NotesSegue: FlowSegue<AppRoute> {}

/// A storyboard-style screen: a tap performs a segue, and `prepare(for:sender:)` says where it
/// leads and what it hands over, as a storyboard app does. The segue runs through the flow
/// (guards, the state, the flow controller's own controllers) instead of UIKit presenting the
/// storyboard's controller.
final class SegueNotesController: UITableViewController {
    private let list: NotesList

    init(list: NotesList) {
        self.list = list
        super.init(style: .plain)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("made in code") }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        list.notes.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        content.text = list.notes[indexPath.row].title
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        // With a storyboard: performSegue(withIdentifier: "showNote", sender: note). Made in code
        // here, as the storyboard would make it.
        let note = list.notes[indexPath.row]
        let segue = NotesSegue(identifier: "showNote", source: self, destination: UIViewController())
        prepare(for: segue, sender: note)
        segue.perform()
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        guard let segue = segue as? NotesSegue, let note = sender as? Note else { return }
        segue.presentation = .showNext(.note(id: note.id))  // the route it leads to: pushed, or the next column
        segue.handing = note  // the mediation: the detail shows the note at once
    }
}
