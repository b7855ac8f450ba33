// Performance: the state URL figure (Benchmarks/README.md, "Figures").
/// One modal on screen: who presents it, its content and its style.
public struct PresentedModal: Hashable, Sendable {
    /// The element that presents the modal.
    public let presenter: ElementID
    /// The modal's content: the node it shows.
    public let modal: ElementID
    /// How it is presented.
    public let style: ModalStyle

    /// Creates a presented modal.
    public init(presenter: ElementID, modal: ElementID, style: ModalStyle) {
        self.presenter = presenter
        self.modal = modal
        self.style = style
    }

    /// Whether `other` is this modal, presented by the same element in the same way, whatever
    /// its options: a sheet moved to another detent is still the same sheet on screen, changed
    /// in place, not dismissed and presented again.
    func isSamePresentation(as other: PresentedModal) -> Bool {
        presenter == other.presenter && modal == other.modal && style.name == other.style.name
    }
}

extension [PresentedModal] {
    /// How many modals, outermost first, `self` and `other` have in common
    /// (``PresentedModal/isSamePresentation(as:)``).
    func keptCount(in other: [PresentedModal]) -> Int {
        var kept = 0
        while kept < count, kept < other.count, self[kept].isSamePresentation(as: other[kept]) { kept += 1 }
        return kept
    }
}

extension NavigationState {
    /// The modals on screen, outermost first: the modals along the focus path. A window shows
    /// exactly this chain, and every modal of a valid state is in it.
    ///
    /// - Complexity: O(*d*), where *d* is the nesting depth of the focus path: the walk follows
    ///   the focus from node to node (a stack's focused screen is reached in O(1)), never the
    ///   rest of the tree. In a split view it also looks down the other columns' focus for a
    ///   modal.
    @inlinable
    public var presentedChain: [PresentedModal] {
        var chain: [PresentedModal] = []
        var node = root
        while true {
            if let modal = node.modal {
                chain.append(PresentedModal(presenter: node.id, modal: modal.node.id, style: modal.style))
                node = modal.node
            } else if let (_, child) = node.focusedChild {
                node = child
            } else {
                return chain
            }
        }
    }

    /// The node tab `tab` shows, in the outermost tab bar that has such a tab.
    ///
    /// - Complexity: O(*c*) in the number of containers (tab bars, split views and their modals)
    ///   above the tab bar; it does not enter stacks.
    public func node(inTab tab: TabID) -> NavigationNode<Route>? {
        var pending = [root]
        while let node = pending.popLast() {
            switch node.content {
            case .tabs(let tabs):
                if let match = tabs.tabs.first(where: { $0.id == tab }) { return match.node }
                pending.append(contentsOf: tabs.tabs.reversed().map { $0.node })
            case .split(let split):
                pending.append(contentsOf: split.filledColumns.reversed().map { $0.node })
            case .screen, .stack:
                break
            }
            if let modal = node.modal { pending.insert(modal.node, at: 0) }
        }
        return nil
    }

    /// The stack tab `tab` shows, when it shows a stack.
    public func stack(inTab tab: TabID) -> Stack<Route>? {
        node(inTab: tab)?.stack
    }

    /// The element that holds the element with `id` — its stack, tab bar, split view, or the
    /// element that presents it — or `nil` for the root and for ids not in the state.
    ///
    /// - Complexity: as ``NavigationState/node(_:)``: O(*d*) for the focused screen and the
    ///   screens on top of stacks, O(*n*) at worst.
    public func parent(of id: ElementID) -> NavigationNode<Route>? {
        guard let path = root.path(to: id), !path.isEmpty else { return nil }
        return root.node(at: path.dropLast())
    }

    /// The stack that holds the screen with `id`, if any.
    ///
    /// - Complexity: as ``NavigationState/node(_:)``: O(*d*) for the focused screen and the
    ///   screens on top of stacks, O(*n*) at worst.
    public func stack(containing id: ElementID) -> NavigationNode<Route>? {
        guard let path = root.path(to: id), case .stackElement? = path.last else { return nil }
        return root.node(at: path.dropLast())
    }

    /// The routes of every screen, in display order.
    ///
    /// - Complexity: O(*n*) in the number of elements; it builds a new array on every read.
    public var routes: [Route] {
        root.routes
    }

    /// The state cut at the screen `element`, as a breadcrumb leads back to it: the screens
    /// above it in its stack popped and its modal dismissed. `nil` when `element` is not a
    /// screen of the state, or when the cut state would not focus it (a screen in an unselected
    /// tab).
    ///
    /// - Complexity: O(*n*) at worst: finding the element as ``NavigationState/node(_:)`` does,
    ///   then popping the screens above it.
    public func cut(at element: ElementID) -> NavigationState? {
        guard let path = root.path(to: element), node(element)?.isScreen == true else { return nil }
        var cut = self
        if case .stackElement(let index)? = path.last {
            cut.root.modify(at: path.dropLast()) { stack in
                stack.modifyStack { stack in
                    while stack.count > index + 1 { _ = stack.pop() }
                }
            }
        }
        cut.root.modify(at: path[...]) { $0.modal = nil }
        return cut.focusedScreen.id == element ? cut : nil
    }
}

extension NavigationNode {
    /// The stack, when the node is one.
    public var stack: Stack<Route>? {
        if case .stack(let stack) = content { return stack }
        return nil
    }

    /// The tab bar, when the node is one.
    public var tabs: Tabs<Route>? {
        if case .tabs(let tabs) = content { return tabs }
        return nil
    }

    /// The split view, when the node is one.
    public var split: Split<Route>? {
        if case .split(let split) = content { return split }
        return nil
    }

    /// The routes of every screen in this subtree, modals included, in display order.
    ///
    /// - Complexity: O(*n*) in the subtree's elements.
    public var routes: [Route] {
        var routes: [Route] = []
        visit { if let route = $0.route { routes.append(route) } }
        return routes
    }

    /// The element's children: a stack's screens (root first), a tab bar's tabs, a split's
    /// filled columns; not its modal.
    ///
    /// - Complexity: O(*k*) in the number of children; a stack's screens are gathered into a
    ///   new array (``Stack/elementsFromTop`` walks them without one).
    public var children: [NavigationNode] {
        switch content {
        case .screen: []
        case .stack(let stack): stack.elements
        case .tabs(let tabs): tabs.tabs.map { $0.node }
        case .split(let split): split.filledColumns.map { $0.node }
        }
    }
}
