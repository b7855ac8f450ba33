// Performance: the sheet figure (Benchmarks/README.md, "Figures").
/// A modal that went away, as the Destination that presented it hears of it.
public struct DismissedModal<Route: NavigationRoute>: Sendable, Equatable, CustomStringConvertible {
    /// The element that presented the modal: the presenter's screen, or the container it
    /// presented from.
    public let presenter: ElementID
    /// The modal's content element.
    public let modal: ElementID
    /// How it was presented.
    public let style: ModalStyle
    /// The route of the modal's first screen: the alert's, the sheet's, the root of the
    /// sheet's stack.
    public let route: Route?

    /// Creates the record of a dismissed modal.
    public init(presenter: ElementID, modal: ElementID, style: ModalStyle, route: Route?) {
        self.presenter = presenter
        self.modal = modal
        self.style = style
        self.route = route
    }

    /// `sheet #8 (editNote(id: 1))`.
    public var description: String {
        "\(style.name) \(modal)" + (route.map { " (\($0))" } ?? "")
    }
}

/// A Destination that hears when a modal it presented goes away, however it went: a button of
/// the modal, a swipe, ``Presentation/dismissAll``, a link, a restore, the user leaving the tab
/// it was presented in.
///
/// ```swift
/// extension Meeting: ModalPresenter {
///     func didDismissPresented(_ modal: DismissedModal<AppRoute>) {
///         if modal.route == .endMeetingAlert { resumeTimer() }
///     }
/// }
/// ```
///
/// It is called once per modal, after the change is committed and the screens that appear were
/// told; a change it asks for (presenting again, dismissing, selecting a tab) runs right after,
/// as its own transaction, and its presenters hear of what that change dismisses in turn. Every
/// modal is heard of, wherever it is: the flow records the modals a flow starts with, a
/// restore or a link brings, and the modals above every screen a change adds. It is not called when
/// the presenter leaves with its modal. When a button of an alert closes it, the hook runs as
/// the alert closes, and the event the button forwards to the presenter
/// (``EventResponse/toPresenter(_:_:content:)``) arrives after it: the user's choice has the
/// last word.
@MainActor
public protocol ModalPresenter: Destination {
    /// Called when a modal this Destination presented went away.
    func didDismissPresented(_ modal: DismissedModal<Route>)
}

/// The modals a flow has presented, by their content element, so that their presenters hear
/// when they go. A start, a restore or a link rebuilds it from the whole state; a local change
/// adds the modals above the screens it added.
@usableFromInline struct ModalLedger<Route: NavigationRoute> {
    @usableFromInline struct Entry {
        @usableFromInline let presenter: ElementID
        @usableFromInline let style: ModalStyle
        @usableFromInline let route: Route?

        @inlinable
        init(presenter: ElementID, modal: Modal<Route>) {
            self.presenter = presenter
            style = modal.style
            route = modal.node.firstScreenRoute
        }

        /// Whether `other` records the same modal: presented by the same element, in the same
        /// kind of modal (a sheet whose detents changed is still the sheet).
        func isSame(as other: Entry) -> Bool {
            presenter == other.presenter && style.name == other.style.name
        }
    }

    @usableFromInline var entries: [ElementID: Entry] = [:]

    init() {}

    /// Records the modals of `node`'s subtree, a flow's state: every modal of a valid state lies
    /// on the focus path (``StateProblem/modalOffFocus(_:)``), so the walk follows it alone,
    /// O(focus depth) rather than O(state) (the restore figure).
    mutating func recordAll(in node: NavigationNode<Route>) {
        var node = node
        while true {
            if let modal = node.modal {
                entries[modal.node.id] = Entry(presenter: node.id, modal: modal)
                node = modal.node
            } else if let (_, child) = node.focusedChild {
                node = child
            } else {
                return
            }
        }
    }
}

extension Flow {
    /// Tells the presenters of the modals a committed change removed, and records the modals
    /// it presented. Runs in the commit, after the appearances: O(focus depth)
    /// for a presentation or a user's change, O(state) for a start, a restore or a link, which
    /// rebuild as much.
    @inlinable
    func reportDismissedModals(_ summary: CommitSummary<Route>, cause: FlowEvent<Route>.Cause) {
        var dismissed: [DismissedModal<Route>] = []
        if !summary.removedIDs.isEmpty && !modalLedger.entries.isEmpty {
            // Found first and removed after: removing while iterating would copy the ledger.
            var gone: [(modal: ElementID, entry: ModalLedger<Route>.Entry)] = []
            for (modal, entry) in modalLedger.entries where summary.removedIDs.contains(modal) {
                gone.append((modal, entry))
            }
            for (modal, entry) in gone {
                modalLedger.entries[modal] = nil
                guard !summary.removedIDs.contains(entry.presenter), index.contains(entry.presenter) else { continue }
                dismissed.append(
                    DismissedModal(presenter: entry.presenter, modal: modal, style: entry.style, route: entry.route))
            }
        }
        let isLocal: Bool
        switch cause {
        case .presentation, .event, .userAction: isLocal = true
        default: isLocal = false
        }
        if isLocal {
            // A change that added no screen, or placed nothing as a modal, presented no modal
            // (``CommitSummary/mayPresentModal``). Every modal of a valid state
            // lies on the focus path (leaving a tab dismisses its modals, and a hidden screen
            // cannot present), so the walk down the focus finds each modal the change presented.
            guard !summary.added.isEmpty, summary.mayPresentModal else {
                if !dismissed.isEmpty { notify(dismissed) }
                return
            }
            // Down the focus, each node borrowed where its parent keeps it.
            func record(alongFocusOf node: NavigationNode<Route>, into ledger: inout ModalLedger<Route>) {
                if let modal = node.modal {
                    if ledger.entries[modal.node.id] == nil {
                        ledger.entries[modal.node.id] = ModalLedger.Entry(presenter: node.id, modal: modal)
                    }
                    record(alongFocusOf: modal.node, into: &ledger)
                } else {
                    node.withFocusedChild { record(alongFocusOf: $0, into: &ledger) }
                }
            }
            record(alongFocusOf: storage.root, into: &modalLedger)
        } else {
            dismissed += rebuildModalLedger(removing: summary.removedIDs)
        }
        if !dismissed.isEmpty { notify(dismissed) }
    }

    /// After a start, a restore or a link, which may keep a modal's element but not as a modal
    /// (a sheet's screen now pushed) or not from the same presenter: rebuilds the ledger from the
    /// whole state, and returns what it no longer holds as it was, when its presenter is still
    /// there.
    @usableFromInline func rebuildModalLedger(removing removedIDs: IDSet) -> [DismissedModal<Route>] {
        var rebuilt = ModalLedger<Route>()
        rebuilt.recordAll(in: storage.root)
        var dismissed: [DismissedModal<Route>] = []
        for (modal, entry) in modalLedger.entries
        where rebuilt.entries[modal].map({ !$0.isSame(as: entry) }) ?? true {
            guard !removedIDs.contains(entry.presenter), index.contains(entry.presenter) else { continue }
            dismissed.append(
                DismissedModal(presenter: entry.presenter, modal: modal, style: entry.style, route: entry.route))
        }
        modalLedger = rebuilt
        return dismissed
    }

    /// Tells each dismissed modal's presenter, in the order the modals were presented; with no
    /// ``ModalPresenter`` attached, there is no one to tell, and nothing is walked.
    @usableFromInline func notify(_ dismissed: [DismissedModal<Route>]) {
        // The count first: it is a plain number, the array is generic.
        guard modalPresenters > 0, !dismissed.isEmpty else { return }
        for modal in dismissed.sorted(by: { $0.modal < $1.modal }) {
            // A container that presented tells the screen it shows.
            var screen = modal.presenter
            if var node = index.path(to: modal.presenter).flatMap({ storage.root.node(at: $0) }) {
                while let (_, child) = node.focusedChild { node = child }
                screen = node.id
            }
            guard let presenter = live[screen]?.object as? any ModalPresenter else { continue }
            func tell<P: ModalPresenter>(_ presenter: P) {
                if let modal = modal as? DismissedModal<P.Route> { presenter.didDismissPresented(modal) }
            }
            tell(presenter)
        }
    }
}

extension NavigationNode {
    /// The route of the first screen in tree order.
    @inlinable
    var firstScreenRoute: Route? {
        switch content {
        case .screen(let route): route
        case .stack(let stack): stack.root.firstScreenRoute
        case .tabs(let tabs): tabs.tabs.first?.node.firstScreenRoute
        case .split(let split): split.filledColumns.first?.node.firstScreenRoute
        }
    }
}
