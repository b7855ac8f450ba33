// Performance: the sheet and select-tab figures (leaving a tab dismisses its modals) (Benchmarks/README.md, "Figures").
extension NavigationTransaction {
    @inlinable
    mutating func present(_ layout: Layout<Route>, style: ModalStyle) throws(NavigationError) {
        let path = try anchorPath()
        // One walk down the path finds the presenter, the modal that holds it and what hides it.
        guard let presenter = Self.presenter(from: _state.root, along: path[...]) else {
            throw .unknownElement(anchor)
        }
        if presenter.inOverlay { throw .overlayCannotPresent(presenter.id) }
        // A container presents for everything inside it, as on every platform: while a screen
        // inside it shows a modal, the container is already presenting.
        guard !presenter.isPresenting else { throw .alreadyPresenting(presenter.id) }
        if let hiding = presenter.hiding { throw .presenterHidden(presenter.id, by: hiding) }
        if style.isOverlay, case .screen = layout {
        } else if style.isOverlay {
            throw .overlayNeedsScreen(style)
        }
        let content = try makeNode(layout, at: ElementIndex.Location(parent: presenter.id, step: .modal))
        modify(at: path) { $0.presented = ModalBox(Modal(style: style, node: content)) }
        markTouched(presenter.id)
        anchor = content.focusedID
    }

    /// The element at the end of `path` from `node`, as a presenter: its id, whether it is
    /// inside an overlay (the last modal on the path is an alert or a dialog), the first element
    /// that hides it (``element(hiding:in:)``) and whether it presents already, along its
    /// focus. `nil` when the path leads nowhere. The walk borrows every node it passes.
    @inlinable
    static func presenter(
        from node: NavigationNode<Route>, along path: ArraySlice<NodeStep>, inOverlay: Bool = false,
        hiding: ElementID? = nil
    ) -> (id: ElementID, inOverlay: Bool, hiding: ElementID?, isPresenting: Bool)? {
        guard let step = path.first else { return (node.id, inOverlay, hiding, node.hasModalAlongFocus) }
        let hiding = hiding ?? element(hiding: step, in: node)
        let rest = path.dropFirst()
        // Each case recurses into the child where it is stored, without a closure between.
        switch step {
        case .modal:
            guard let box = node.presented else { return nil }
            return presenter(from: box.modal.node, along: rest, inOverlay: box.modal.style.isOverlay, hiding: hiding)
        case .stackElement(let index):
            guard case .stack(let stack) = node.content, index >= 0, index < stack.count else { return nil }
            return presenter(
                from: stack.top.link(atCount: index + 1).node, along: rest, inOverlay: inOverlay, hiding: hiding)
        case .tab(let index):
            guard case .tabs(let tabs) = node.content, tabs._tabs.indices.contains(index) else { return nil }
            return presenter(from: tabs._tabs[index].node, along: rest, inOverlay: inOverlay, hiding: hiding)
        case .column:
            return node.withChild(at: step) {
                presenter(from: $0, along: rest, inOverlay: inOverlay, hiding: hiding)
            } ?? nil
        }
    }

    /// The element that keeps the step from `node` off the focus path, so that a modal the
    /// element at the end of the step presented would not show: a modal on screen that is not
    /// one of its ancestors (the modal's content is returned), or the selected tab of a tab bar
    /// when the step leads to another tab (that tab's node is returned).
    @inlinable
    static func element(hiding step: NodeStep, in node: NavigationNode<Route>) -> ElementID? {
        if let box = node.presented, step != .modal { return box.modal.node.id }
        switch step {
        case .stackElement(let index):
            guard case .stack(let stack) = node.content else { break }
            // The focused element: the topmost screen that presents, or else the top.
            let top = stack.top
            let focused = top.node.presented == nil ? (top.presenterBelow ?? top) : top
            if focused.count - 1 != index, let box = focused.node.presented { return box.modal.node.id }
        case .tab(let index):
            guard case .tabs(let tabs) = node.content else { break }
            let selected = tabs.selectedIndex
            if index != selected { return tabs._tabs[selected].node.id }
        case .column(let column):
            guard case .split(let split) = node.content else { break }
            for (other, child) in split.filledColumns where other != column {
                if let modal = child.firstModalAlongFocus { return modal.node.id }
            }
        case .modal:
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
        guard let presents = _state.root.withNode(at: path[...], { $0.hasModalAlongFocus }) else {
            throw .unknownElement(anchor)
        }
        guard presents else { return }
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
