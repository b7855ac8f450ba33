#if canImport(UIKit) && !os(watchOS)
import Destinations
import UIKit

/// The container of a side column beside main content (``Layout/sideColumn(_:beside:)``):
/// the main content's controller fills the leading part, the side column's a trailing column
/// of ``FlowControllerOptions/sideColumnWidth``. In compact width the side column folds away —
/// its view is hidden, its controller and everything it holds kept — and the width change is
/// reported (``UserAction/changedWidth(isCompact:split:)``); in regular width it comes back.
///
/// The main content's controller stays the same child across folds, so its navigation
/// controllers and tab bar are never rebuilt.
final class SideColumnController: UIViewController {
    private(set) var main: UIViewController
    private(set) var side: UIViewController
    private let sideWidth: CGFloat
    private let stack = UIStackView()
    private let divider = UIView()
    /// Called with the width class whenever it changes, and once the view is in a window.
    var onWidthChange: ((_ isCompact: Bool) -> Void)?

    init(main: UIViewController, side: UIViewController, sideWidth: CGFloat) {
        self.main = main
        self.side = side
        self.sideWidth = sideWidth
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        stack.axis = .horizontal
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            stack.topAnchor.constraint(equalTo: view.topAnchor),
            stack.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
        divider.backgroundColor = .separator
        divider.widthAnchor.constraint(equalToConstant: 1 / max(traitCollection.displayScale, 1)).isActive = true
        embed(main)
        stack.addArrangedSubview(divider)
        embed(side)
        side.view.widthAnchor.constraint(equalToConstant: sideWidth).isActive = true
        registerForTraitChanges([UITraitHorizontalSizeClass.self]) { (controller: SideColumnController, _) in
            controller.widthChanged()
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        widthChanged()
    }

    /// Shows `controller` in the main content (`.sidebar`) or the side column (`.detail`).
    func setColumn(_ controller: UIViewController, for column: SplitColumn) {
        switch column {
        case .sidebar:
            guard controller !== main else { return }
            replace(main, with: controller, at: 0)
            main = controller
        case .content, .detail:
            guard controller !== side else { return }
            replace(side, with: controller, at: 2)
            side = controller
            side.view.widthAnchor.constraint(equalToConstant: sideWidth).isActive = true
            updateFold()
        }
    }

    private func widthChanged() {
        updateFold()
        onWidthChange?(traitCollection.horizontalSizeClass == .compact)
    }

    private func updateFold() {
        let folded = traitCollection.horizontalSizeClass == .compact
        side.view.isHidden = folded
        divider.isHidden = folded
    }

    private func embed(_ child: UIViewController) {
        addChild(child)
        stack.addArrangedSubview(child.view)
        child.didMove(toParent: self)
    }

    private func replace(_ old: UIViewController, with new: UIViewController, at index: Int) {
        old.willMove(toParent: nil)
        old.view.removeFromSuperview()
        old.removeFromParent()
        addChild(new)
        stack.insertArrangedSubview(new.view, at: index)
        new.didMove(toParent: self)
    }
}
#endif
