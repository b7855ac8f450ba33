import UIKit

/// A plain screen: a vertical stack of labels and buttons, for the simple screens of the app.
class StackController: UIViewController {
    let stack = UIStackView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        stack.axis = .vertical
        stack.spacing = 16
        stack.alignment = .fill
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 24),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
    }

    /// Adds a label.
    @discardableResult
    func addLabel(_ text: String, style: UIFont.TextStyle = .body) -> UILabel {
        let label = UILabel()
        label.text = text
        label.font = .preferredFont(forTextStyle: style)
        label.numberOfLines = 0
        stack.addArrangedSubview(label)
        return label
    }

    /// Adds a button that runs `action`.
    func addButton(_ title: String, destructive: Bool = false, action: @escaping @MainActor () -> Void) {
        var configuration = UIButton.Configuration.borderedTinted()
        configuration.title = title
        if destructive { configuration.baseForegroundColor = .systemRed }
        stack.addArrangedSubview(UIButton(configuration: configuration, primaryAction: UIAction { _ in action() }))
    }
}
