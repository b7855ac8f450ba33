import DestinationsUIKit
import NotesApp
import UIKit

/// The B variant of a note: a card in a sheet, closed by its button or a swipe down.
final class NoteCardController: StackController {
    private let card: NoteCard

    init(card: NoteCard) {
        self.card = card
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("made in code") }

    override func viewDidLoad() {
        super.viewDidLoad()
        addLabel("Note #\(card.noteID)", style: .largeTitle)
        addLabel("The B variant shows a note as a card in a sheet. Drag it between medium and large, or swipe it down.")
        addButton("Close") { [weak self] in self?.card.post(.close) }
    }
}
