import DestinationsUIKit
import NotesApp
import UIKit

/// Settings, about, licenses and sign-in: links, and the A/B switch on the settings screen.
final class InfoController: StackController {
    private let info: InfoScreen
    private let route: AppRoute
    private weak var model: NotesModelStore?

    init(info: InfoScreen, route: AppRoute, model: NotesModelStore) {
        self.info = info
        self.route = route
        self.model = model
        super.init(nibName: nil, bundle: nil)
        title = info.title
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("made in code") }

    override func viewDidLoad() {
        super.viewDidLoad()
        switch route {
        case .settings:
            let row = UIStackView()
            row.spacing = 12
            let label = UILabel()
            label.text = "Show notes as cards (variant B)"
            label.numberOfLines = 0
            let toggle = UISwitch()
            toggle.isOn = model?.showsCards ?? false
            toggle.addAction(
                UIAction { [weak self, weak toggle] _ in
                    self?.model?.setShowsCards(toggle?.isOn ?? false)
                }, for: .valueChanged)
            row.addArrangedSubview(label)
            row.addArrangedSubview(toggle)
            stack.addArrangedSubview(row)
            addButton("About") { [weak self] in self?.info.post(.about) }
            addButton("Sign out", destructive: true) { [weak self] in self?.info.post(.signOut) }
        case .about:
            addLabel(
                "Notes, rendered by DestinationsUIKit from the same Destinations and Providers as the SwiftUI app.")
            addButton("Licenses") { [weak self] in self?.info.post(.licenses) }
        case .signIn:
            addLabel("Signed out", style: .title1)
            addButton("Sign in") { [weak self] in self?.info.post(.signIn) }
        default:
            addLabel("Destinations is available under the MIT license.")
        }
    }
}
