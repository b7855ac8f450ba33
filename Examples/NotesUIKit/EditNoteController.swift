import DestinationsUIKit
import NotesApp
import UIKit

/// The editor of a note, in a sheet: edits the Destination's draft, then saves or cancels.
final class EditNoteController: StackController {
    private let editor: EditNote
    private let titleField = UITextField()
    private let bodyField = UITextField()

    init(editor: EditNote) {
        self.editor = editor
        super.init(nibName: nil, bundle: nil)
        title = "Edit"
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("made in code") }

    override func viewDidLoad() {
        super.viewDidLoad()
        addLabel("Edit note", style: .title1)
        let status = addLabel("Loading…", style: .footnote)
        for (field, placeholder) in [(titleField, "Title"), (bodyField, "Text")] {
            field.placeholder = placeholder
            field.borderStyle = .roundedRect
            stack.addArrangedSubview(field)
        }
        titleField.addAction(
            UIAction { [weak self] _ in self?.editor.draft?.title = self?.titleField.text ?? "" }, for: .editingChanged)
        bodyField.addAction(
            UIAction { [weak self] _ in self?.editor.draft?.body = self?.bodyField.text ?? "" }, for: .editingChanged)
        addButton("Save") { [weak self] in self?.editor.post(.save) }
        addButton("Cancel") { [weak self] in self?.editor.post(.cancel) }
        track { [weak self, weak status] in
            guard let self else { return }
            let draft = self.editor.draft
            if let draft, !self.titleField.isFirstResponder, !self.bodyField.isFirstResponder {
                self.titleField.text = draft.title
                self.bodyField.text = draft.body
            }
            status?.text =
                self.editor.error.map { "Could not load or save the note: \($0)" } ?? (draft == nil ? "Loading…" : " ")
        }
    }
}
