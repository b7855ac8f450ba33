/// One change a renderer makes to what a window shows, as planned by
/// ``NavigationState/renderPlan(from:opaque:animated:)-(_,OpaqueSubtrees<Route>,_)``.
///
/// A step names elements by ``ElementID`` and tabs by ``TabID``, never by position alone, so a
/// renderer maps it to one platform call: `dismiss(animated:)`, `setViewControllers`,
/// `selectedIndex`, `present(_:animated:)` and so on. When a step names an element the window
/// does not show yet, the renderer builds it — with everything its containers hold — from the
/// state the plan leads to, leaving out its modal: presentations are steps of their own.
///
/// Steps are idempotent: a step whose effect already holds (a dismissal that finds nothing
/// presented, a stack that already shows those screens) must complete at once and change
/// nothing.
public struct RenderStep: Hashable, Sendable, CustomStringConvertible {
    /// What a step changes.
    public enum Change: Hashable, Sendable {
        /// Dismiss the modal whose content is `modal`, presented by `presenter`, and everything
        /// presented above it.
        case dismiss(presenter: ElementID, modal: ElementID)
        /// Discard everything the window shows and build the root element anew.
        case setRoot(ElementID)
        /// Make the stack `stack` show `elements`, root first. Elements it shows already are
        /// kept; the others are built.
        case setStack(ElementID, elements: [ElementID])
        /// Make tab `tab` (at `index`) of the tab bar `tabs` show the element `node`.
        case setTab(TabID, index: Int, tabs: ElementID, node: ElementID)
        /// Make the tab bar `bar` show the tabs `tabs`, in this order, with the hidden tabs and
        /// action items of the state the plan leads to: tabs it shows already keep what they
        /// show (their platform views and Destinations); the others are built. A tab inserted,
        /// removed, moved or hidden plans this step, never a rebuild of the bar.
        case setTabs(ElementID, tabs: [TabID])
        /// Select tab `tab` (at `index`) of the tab bar `tabs`.
        case selectTab(TabID, index: Int, tabs: ElementID)
        /// Make `column` of the split view `split` show `node`, or nothing when `node` is `nil`.
        case setColumn(SplitColumn, split: ElementID, node: ElementID?)
        /// Present the element `modal` from `presenter`, in `style`.
        case present(presenter: ElementID, modal: ElementID, style: ModalStyle)
        /// Give the modal `modal`, which `presenter` shows already, the options of `style` in
        /// place — a sheet's detents, selected detent, drag indicator, interactive-dismiss lock —
        /// without presenting it again. The style's kind never changes.
        case restyle(presenter: ElementID, modal: ElementID, style: ModalStyle)
    }

    /// What the step changes.
    public let change: Change
    /// Whether the platform should animate the change; plans for restoration are unanimated.
    public let animated: Bool

    /// Creates a step.
    public init(_ change: Change, animated: Bool = true) {
        self.change = change
        self.animated = animated
    }

    /// Whether the step presents or dismisses a modal.
    public var isModalTransition: Bool {
        switch change {
        case .dismiss, .present: true
        case .setRoot, .setStack, .setTab, .setTabs, .selectTab, .setColumn, .restyle: false
        }
    }

    /// The step as in a test: `dismiss #5 from #3`, `setStack #2 [#3, #7]`, `selectTab inbox of #1`.
    public var description: String {
        let text: String
        switch change {
        case .dismiss(let presenter, let modal): text = "dismiss \(modal) from \(presenter)"
        case .setRoot(let root): text = "setRoot \(root)"
        case .setStack(let stack, let elements): text = "setStack \(stack) \(elements)"
        case .setTab(let tab, _, let tabs, let node): text = "setTab \(tab) of \(tabs) to \(node)"
        case .setTabs(let bar, let tabs): text = "setTabs \(bar) \(tabs.map(\.rawValue))"
        case .selectTab(let tab, _, let tabs): text = "selectTab \(tab) of \(tabs)"
        case .setColumn(let column, let split, let node):
            text = "setColumn \(column) of \(split) to \(node.map { "\($0)" } ?? "nothing")"
        case .present(let presenter, let modal, let style): text = "present \(modal) from \(presenter) as \(style)"
        case .restyle(let presenter, let modal, let style): text = "restyle \(modal) from \(presenter) as \(style)"
        }
        return animated ? text : text + " (unanimated)"
    }
}
