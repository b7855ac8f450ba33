// Performance: the push-back, select-tab and sheet figures, the node read and the focused reads (Benchmarks/README.md, "Figures").
/// The whole navigation of a flow, as a value: a tree of screens and containers, and the
/// modals they present.
///
/// Compare two states, print one (``rendered(ids:)``), save one (it is `Codable` when the routes
/// are) and restore it. Every change a ``Flow`` makes is a new state computed from the old one
/// by a ``NavigationTransaction``; the old one is left as it was.
public struct NavigationState<Route: NavigationRoute>: Sendable, Hashable {
    /// The outermost element.
    public var root: NavigationNode<Route>
    /// Creates a state from its root node.
    ///
    /// Most code builds a state with ``init(_:ids:)-(Layout<Route>,_)`` from a ``Layout``.
    public init(root: NavigationNode<Route>) {
        self.root = root
    }

    /// Creates a state with the given layout, taking ids from `ids`.
    ///
    /// - Throws: ``NavigationError/invalidLayout(_:)`` for a layout that cannot be built.
    public init(_ layout: Layout<Route>, ids: inout some ElementIDGenerator) throws(NavigationError) {
        root = try layout.makeNode(ids: &ids)
    }

    /// Creates a state with the given layout, numbering its elements from 1.
    ///
    /// - Throws: ``NavigationError/invalidLayout(_:)`` for a layout that cannot be built.
    public init(_ layout: Layout<Route>) throws(NavigationError) {
        var ids = SequentialElementIDs()
        try self.init(layout, ids: &ids)
    }
}

/// The position of a node inside its parent.
@usableFromInline enum NodeStep: Hashable, Sendable {
    /// An element of a stack, counted from the root (0 is the root): stable while screens are
    /// pushed and popped above it.
    case stackElement(index: Int)
    /// A tab of a tab bar.
    case tab(index: Int)
    /// A column of a split view.
    case column(SplitColumn)
    /// The node a modal shows.
    case modal
}

extension NavigationNode {
    /// The path to the node with `id`, searching the visible parts first: a node's modal, then
    /// its stack from the top down, its selected tab, its columns from the trailing one.
    ///
    /// - Complexity: O(*d*) for the focused screen or the top of a stack, where *d* is the
    ///   nesting depth; O(*n*) at worst. The search stops at the first match and never lists a
    ///   stack's elements ahead of time.
    @inlinable
    func path(to id: ElementID) -> [NodeStep]? {
        if self.id == id { return [] }
        if let modal, let rest = modal.node.path(to: id) { return [.modal] + rest }
        switch content {
        case .screen:
            return nil
        case .stack(let stack):
            var index = stack.count
            for node in stack.elementsFromTop {
                index -= 1
                if let rest = node.path(to: id) { return [.stackElement(index: index)] + rest }
            }
        case .tabs(let tabs):
            let selected = tabs.selectedIndex
            if let rest = tabs.tabs[selected].node.path(to: id) { return [.tab(index: selected)] + rest }
            for index in tabs.tabs.indices where index != selected {
                if let rest = tabs.tabs[index].node.path(to: id) { return [.tab(index: index)] + rest }
            }
        case .split(let split):
            for (column, node) in split.filledColumns.reversed() {
                if let rest = node.path(to: id) { return [.column(column)] + rest }
            }
        }
        return nil
    }

    /// Changes the node at the end of `path` in place.
    @inlinable
    mutating func modify<Result, Failure: Error>(
        at path: ArraySlice<NodeStep>,
        _ body: (inout NavigationNode) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard let step = path.first else { return try body(&self) }
        let rest = path.dropFirst()
        switch step {
        case .modal:
            guard var current = modal else { preconditionFailure("no modal at \(id)") }
            presented = nil
            defer { presented = ModalBox(current) }
            return try current.node.modify(at: rest, body)
        case .stackElement(let index):
            return try modifyStack { (stack: inout Stack<Route>) throws(Failure) -> Result in
                try stack.modify(atDepth: stack.count - 1 - index) {
                    (node: inout NavigationNode) throws(Failure) -> Result in
                    try node.modify(at: rest, body)
                }
            }
        case .tab(let index):
            // The bar is boxed (an indirect case): its array is shared with the box until the
            // changed bar replaces it, so a change copies the array of tabs (each tab is its
            // node and one reference) rather than building a placeholder bar.
            guard case .tabs(var tabs) = content else { preconditionFailure("\(id) is not a tab bar") }
            defer { content = .tabs(tabs) }
            return try tabs._tabs[index].node.modify(at: rest, body)
        case .column(let column):
            guard case .split(var split) = content, var node = split[column] else {
                preconditionFailure("\(id) has no \(column) column")
            }
            defer {
                split.set(column, to: node)
                content = .split(split)
            }
            return try node.modify(at: rest, body)
        }
    }

    /// Changes this node's stack in place.
    @inlinable
    mutating func modifyStack<Result, Failure: Error>(
        _ body: (inout Stack<Route>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard case .stack(var stack) = content else { preconditionFailure("\(id) is not a stack") }
        defer { content = .stack(stack) }
        return try body(&stack)
    }

    /// Every node of this subtree, parents before children, in display order.
    var subtree: [NavigationNode] {
        var result: [NavigationNode] = []
        visit { result.append($0) }
        return result
    }

    /// Visits every node of the subtree, parents before children, in display order; or, when
    /// `inDisplayOrder` is `false`, a stack's screens top first, without gathering them in
    /// display order: for walks whose answer does not depend on the order (the highest id, a count).
    @inlinable
    func visit(inDisplayOrder: Bool = true, _ body: (NavigationNode) -> Void) {
        body(self)
        switch content {
        case .screen: break
        case .stack(let stack) where inDisplayOrder:
            for node in stack.elements { node.visit(inDisplayOrder: true, body) }
        case .stack(let stack):
            for node in stack.elementsFromTop { node.visit(inDisplayOrder: false, body) }
        case .tabs(let tabs):
            for tab in tabs.tabs { tab.node.visit(inDisplayOrder: inDisplayOrder, body) }
        case .split(let split):
            for (_, node) in split.filledColumns { node.visit(inDisplayOrder: inDisplayOrder, body) }
        }
        presented?.modal.node.visit(inDisplayOrder: inDisplayOrder, body)
    }

    /// The screens of this subtree that are on screen: the top of each stack, the selected tab,
    /// every filled column; a sheet or cover hides what presents it (the whole split view when
    /// a column presents it), an alert does not.
    var visibleScreens: [NavigationNode] {
        var result: [NavigationNode] = []
        collectVisible(into: &result)
        return result
    }

    func collectVisible(into result: inout [NavigationNode]) {
        if let modal, !modal.style.isOverlay {
            modal.node.collectVisible(into: &result)
            return
        }
        switch content {
        case .screen: result.append(self)
        case .stack(let stack):
            let focused = stack.focusedElement
            if focused.depth > 0, let modal = focused.node.modal {
                // A screen below the top presents: its sheet covers the top, its alert does not.
                if modal.style.isOverlay { stack.topNode.collectVisible(into: &result) }
                modal.node.collectVisible(into: &result)
            } else {
                stack.topNode.collectVisible(into: &result)
            }
        case .tabs(let tabs): tabs.tabs[tabs.selectedIndex].node.collectVisible(into: &result)
        case .split(let split):
            let columns = split.filledColumns
            if let covered = columns.last(where: { $0.node.presentsAlongFocus(coveringOnly: true) }) {
                covered.node.collectVisible(into: &result)
            } else if split.isCollapsed, let (_, focused) = focusedChild {
                focused.collectVisible(into: &result)
            } else {
                for (_, node) in columns { node.collectVisible(into: &result) }
            }
        }
        modal?.node.collectVisible(into: &result)
    }

    /// The ids of ``visibleScreens``, without copying the nodes; returns ``focusedID``, found
    /// on the same walk down the focus (a commit needs both).
    ///
    /// It reads modals through their boxes, without copying them out.
    @inlinable @discardableResult
    func collectVisibleIDs(into result: inout [ElementID]) -> ElementID {
        if let box = presented, !box.modal.style.isOverlay {
            return box.modal.node.collectVisibleIDs(into: &result)
        }
        var focused: ElementID
        switch content {
        case .screen:
            result.append(id)
            focused = id
        case .stack(let stack):
            let top = stack.top
            if top.node.presented == nil, let presenter = top.presenterBelow, let box = presenter.node.presented {
                // A screen below the top presents: its sheet covers the top, its alert does not.
                if box.modal.style.isOverlay { top.node.collectVisibleIDs(into: &result) }
                focused = box.modal.node.collectVisibleIDs(into: &result)
            } else {
                focused = top.node.collectVisibleIDs(into: &result)
            }
        case .tabs(let tabs): focused = tabs._tabs[tabs.selectedIndex].node.collectVisibleIDs(into: &result)
        case .split(let split):
            let columns = split.filledColumns
            if let covered = columns.last(where: { $0.node.presentsAlongFocus(coveringOnly: true) }) {
                covered.node.collectVisibleIDs(into: &result)
            } else if split.isCollapsed, let (_, child) = focusedChild {
                child.collectVisibleIDs(into: &result)
            } else {
                for (_, node) in columns { node.collectVisibleIDs(into: &result) }
            }
            focused = focusedChild?.1.focusedID ?? id
        }
        if let box = presented { focused = box.modal.node.collectVisibleIDs(into: &result) }
        return focused
    }

    /// Whether a modal is presented along this node's focus: by the node, the top of its stack,
    /// its selected tab or one of its columns. With `coveringOnly`, alerts and confirmation
    /// dialogs do not count.
    ///
    /// A modal presented from any column of a split view covers the whole split view (as
    /// UIKit and SwiftUI present it), so that column has the focus and the others are hidden.
    @inlinable
    func presentsAlongFocus(coveringOnly: Bool) -> Bool {
        if let box = presented, !coveringOnly || !box.modal.style.isOverlay { return true }
        switch content {
        case .screen:
            return false
        case .stack, .tabs:
            return withFocusedChild { $0.presentsAlongFocus(coveringOnly: coveringOnly) } ?? false
        case .split(let split):
            return split.filledColumns.contains { $0.node.presentsAlongFocus(coveringOnly: coveringOnly) }
        }
    }

    /// The focused child of a container, and the step to it: the topmost screen of a stack that
    /// presents a modal (or else its top), the selected tab, the split's column that presents a
    /// modal (or else its declared primary column when filled, or else its rightmost filled column).
    @inlinable
    var focusedChild: (step: NodeStep, node: NavigationNode)? {
        switch content {
        case .screen:
            return nil
        case .stack(let stack):
            // The topmost screen that presents, or else the top.
            let top = stack.top
            let focused = top.node.presented == nil ? (top.presenterBelow ?? top) : top
            return (.stackElement(index: focused.count - 1), focused.node)
        case .tabs(let tabs):
            let index = tabs.selectedIndex
            return (.tab(index: index), tabs.tabs[index].node)
        case .split(let split):
            let columns = split.filledColumns
            let presenting = columns.last { $0.node.presentsAlongFocus(coveringOnly: false) }
            let primary = split.primary.flatMap { primary in columns.first { $0.column == primary } }
            guard let (column, next) = presenting ?? primary ?? columns.last else { return nil }
            return (.column(column), next)
        }
    }

    /// The path to the screen with the focus: through modals first, then the focused child of
    /// each container.
    @inlinable
    var focusPath: [NodeStep] {
        var path: [NodeStep] = []
        var node = self
        while true {
            if let modal = node.modal {
                path.append(.modal)
                node = modal.node
            } else if let (step, child) = node.focusedChild {
                path.append(step)
                node = child
            } else {
                return path
            }
        }
    }
}

extension NavigationState {
    /// The node with `id`, if it is in the state.
    ///
    /// - Complexity: O(*d*) for the focused screen and the screens on top of stacks, where *d*
    ///   is the nesting depth; O(*n*) at worst. A ``Flow`` finds any element in O(*d* log *n*)
    ///   through its index.
    public func node(_ id: ElementID) -> NavigationNode<Route>? {
        root.path(to: id).flatMap { root.node(at: $0) }
    }

    /// Whether an element with `id` is in the state.
    ///
    /// - Complexity: as ``node(_:)``: O(*d*) for the focused screen and the screens on top of
    ///   stacks, O(*n*) at worst. A ``Flow`` answers it in O(*d* log *n*) through its index.
    public func contains(_ id: ElementID) -> Bool {
        root.path(to: id) != nil
    }

    /// The screen that has the focus: the top of the topmost modal, stack and selected tab; in
    /// a split view, the column it declares primary (``Split/primary``), or else the rightmost
    /// filled column, unless another column presents a modal.
    ///
    /// - Complexity: O(*d*) in the nesting depth.
    @inlinable
    public var focusedScreen: NavigationNode<Route> {
        root.focusedNode
    }

    /// The screens on screen now, in display order.
    ///
    /// - Complexity: O(*v*) in the number of elements on screen, never the screens beneath.
    public var visibleScreens: [NavigationNode<Route>] {
        root.visibleScreens
    }

    /// Every node in the state, parents first, in display order.
    ///
    /// - Complexity: O(*n*) in the number of elements; it builds a new array on every read.
    public var nodes: [NavigationNode<Route>] {
        root.subtree
    }

    /// Every screen in the state, in display order.
    ///
    /// - Complexity: O(*n*) in the number of elements; it builds a new array on every read.
    public var screens: [NavigationNode<Route>] {
        nodes.filter { $0.isScreen }
    }

    /// The highest id in the state.
    ///
    /// - Complexity: O(*n*): it visits every element.
    public var maxID: ElementID {
        var highest = root.id
        root.visit(inDisplayOrder: false) { if $0.id > highest { highest = $0.id } }
        return highest
    }

    /// The modals presented along the focus, outermost first.
    ///
    /// - Complexity: O(*d*) in the nesting depth of the focus path.
    public var presentedModals: [Modal<Route>] {
        var result: [Modal<Route>] = []
        var node = root
        for step in root.focusPath {
            if step == .modal, let modal = node.modal { result.append(modal) }
            guard let next = node.child(at: step) else { break }
            node = next
        }
        return result
    }
}
