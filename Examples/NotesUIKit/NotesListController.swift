import DestinationsUIKit
import NotesApp
import UIKit

/// The list of notes: a table whose rows select a note, with a row that loads the next page.
final class NotesListController: UITableViewController {
    private let list: NotesList

    init(list: NotesList) {
        self.list = list
        super.init(style: .insetGrouped)
        title = "Notes"
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("made in code") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            systemItem: .compose,
            primaryAction: UIAction { [weak self] _ in self?.list.post(.compose) }
        )
        refreshControl = UIRefreshControl()
        refreshControl?.addAction(
            UIAction { [weak self] _ in
                self?.list.post(.retrieve)
                self?.refreshControl?.endRefreshing()
            }, for: .valueChanged)
        track { [weak self] in
            guard let self else { return }
            _ = (self.list.notes, self.list.hasMore, self.list.error)
            self.tableView.reloadData()
        }
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        list.notes.count + (list.hasMore ? 1 : 0)
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        var content = cell.defaultContentConfiguration()
        if indexPath.row < list.notes.count {
            let note = list.notes[indexPath.row]
            content.text = note.title
            content.secondaryText = note.body
            cell.accessoryType = .disclosureIndicator
        } else {
            content.text = "Load more…"
            content.textProperties.color = .tintColor
            cell.accessoryType = .none
        }
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        if indexPath.row < list.notes.count {
            list.post(.select, content: list.notes[indexPath.row])
        } else {
            list.post(.paginate)
        }
    }
}
