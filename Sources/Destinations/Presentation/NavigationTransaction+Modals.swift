// Performance: the sheet and select-tab figures (leaving a tab dismisses its modals) (Benchmarks/README.md, "Figures").
extension NavigationTransaction {
    @inlinable
    mutating func present(_ layout: Layout<Route>, style: ModalStyle) throws(NavigationError) {
        let path = try anchorPath()
        // One walk down the path finds the presenter, the modal that holds it and what hides it.
        var presenter = _state.root
        var inOverlay = false
        var hiding: ElementID?
        for step in path {
            if hiding == nil { hiding = Self.element(hiding: step, in: presenter) }
            if step == .modal, let box = presenter.presented { inOverlay = box.modal.style.isOverlay }
            guard let next = presenter.child(at: step) else { throw .unknownElement(anchor) }
            presenter = next
        }
        if inOverlay { throw .overlayCannotPresent(presenter.id) }
        // A container presents for everything inside it, as on every platform: while a screen
        // inside it shows a modal, the container is already presenting.
        guard presenter.firstModalAlongFocus == nil else { throw .alreadyPresenting(presenter.id) }
        if let hiding { throw .presenterHidden(presenter.id, by: hiding) }
        if style.isOverlay, case .screen = layout {
        } else if style.isOverlay {
            throw .overlayNeedsScreen(style)
        }
        let content = try makeNode(layout, at: ElementIndex.Location(parent: presenter.id, step: .modal))
        modify(at: path) { $0.presented = ModalBox(Modal(style: style, node: content)) }
        markTouched(presenter.id)
        anchor = content.focusedID
    }

    /// The element that keeps the step from `node` off the focus path, so that a modal the
    /// element at the end of the step presented would not show: a modal on screen that is not
    /// one of its ancestors (the modal's content is returned), or the selected tab of a tab bar
    /// when the step leads to another tab (that tab's node is returned).
    @inlinable
    static func element(hiding step: NodeStep, in node: NavigationNode<Route>) -> ElementID? {
        if let box = node.presented, step != .modal { return box.modal.node.id }
        switch (node.content, step) {
        case (.stack(let stack), .stackElement(let index)):
            let focused = stack.focusedElement
            if stack.count - 1 - focused.depth != index, let box = focused.node.presented { return box.modal.node.id }
        case (.tabs(let tabs), .tab(let index)):
            if index != tabs.selectedIndex { return tabs.tabs[tabs.selectedIndex].node.id }
        case (.split(let split), .column(let column)):
            for (other, child) in split.filledColumns where other != column {
                if let modal = child.firstModalAlongFocus { return modal.node.id }
            }
        default:
            break
        }
        return nil
    }

    @inlinable
    mutating func dismiss() throws(NavigationError) {
        var path = try anchorPath()
        guard let modalStep = path.lastIndex(of: .modal) else { throw .nothingToDismiss(from: anchor) }
        path.removeSubrange(modalStep...)
        try removeModal(at: path)
    }

    mutating func dismissPresented() throws(NavigationError) {
        let path = try anchorPath()
        guard try node(at: path).modal != nil else { throw .nothingToDismiss(from: anchor) }
        try removeModal(at: path)
    }

    mutating func dismissAll() {
        let focusPath = _state.root.focusPath
        guard let modalStep = focusPath.firstIndex(of: .modal) else { return }
        try? removeModal(at: Array(focusPath[..<modalStep]))
    }

    /// Dismisses the modals presented inside the subtree at `path`: the first along its focus,
    /// which holds the rest of the subtree's presentation chain.
    @inlinable
    mutating func dismissModals(inSubtreeAt path: [NodeStep]) throws(NavigationError) {
        let focusPath = try node(at: path).focusPath
        guard let modalStep = focusPath.firstIndex(of: .modal) else { return }
        let savedAnchor = anchor
        try removeModal(at: path + focusPath[..<modalStep])
        anchor = savedAnchor
    }

    @inlinable
    mutating func removeModal(at presenterPath: [NodeStep]) throws(NavigationError) {
        let removed = modify(at: presenterPath) {
            presenter -> (presenter: ElementID, modal: NavigationNode<Route>, focus: ElementID)? in
            guard let box = presenter.presented else { return nil }
            presenter.presented = nil
            return (presenter.id, box.modal.node, presenter.focusedID)
        }
        guard let removed else { throw .nothingToDismiss(from: anchor) }
        recordRemoval(of: removed.modal)
        markTouched(removed.presenter)
        anchor = removed.focus
    }
}
