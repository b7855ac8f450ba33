// Performance: the push-back, select-tab and sheet figures (Benchmarks/README.md, "Figures").
/// A navigation change under way: a working copy of the state and a record of what changed.
///
/// Every presentation runs on a transaction, and a transaction applies one presentation
/// completely or not at all: when ``apply(_:)-(Presentation<Route>)`` throws, the transaction
/// is as it was before the call. A ``Flow`` commits the transaction's state only when every
/// step and every Destination it needs succeeded.
///
/// Presentations start at the ``anchor``, the screen that asked for them, and move it: after a
/// push the anchor is the pushed screen, so the next step of a path starts there.
///
/// Transactions keep the state's one presentation chain: every modal lies on the focus path.
/// Leaving a tab dismisses the modals inside it, and presenting from an element that another
/// modal hides throws ``NavigationError/presenterHidden(_:by:)``.
public struct NavigationTransaction<Route: NavigationRoute>: Sendable {
    /// The state as the transaction has changed it so far.
    public var state: NavigationState<Route> { _state }
    /// The element the next presentation starts from.
    public var anchor: ElementID
    /// The id generator; advanced as elements are added.
    public var ids: any ElementIDGenerator { _ids }

    @usableFromInline var _state: NavigationState<Route>
    @usableFromInline var _ids: any ElementIDGenerator
    /// The state the transaction started from.
    @usableFromInline let initial: NavigationState<Route>
    /// Where every element of ``initial`` is, when the caller keeps an index; otherwise
    /// elements are searched for.
    @usableFromInline var index: ElementIndex?
    @usableFromInline var log = ChangeLog<Route>()
    @usableFromInline var pathSteps: [PathStep] = []

    /// Starts a transaction on `state`, from `anchor` or else the focused screen.
    public init(state: NavigationState<Route>, anchor: ElementID? = nil, ids: any ElementIDGenerator) {
        self.init(state: state, anchor: anchor, ids: ids, index: nil)
    }

    /// Starts a transaction on `state`, whose elements `index` locates.
    @inlinable
    init(state: NavigationState<Route>, anchor: ElementID?, ids: any ElementIDGenerator, index: ElementIndex?) {
        _state = state
        initial = state
        self.anchor = anchor ?? state.root.focusedID
        _ids = ids
        self.index = index
    }

    /// Applies a presentation, all of it or nothing.
    ///
    /// - Throws: ``NavigationError``, and then the transaction is unchanged.
    public mutating func apply(_ presentation: Presentation<Route>) throws(NavigationError) {
        var working = self
        try working.run(presentation)
        self = working
    }

    /// Applies a user-driven change, all of it or nothing.
    ///
    /// - Throws: ``NavigationError/staleUserAction(_:)`` when the change does not fit the state.
    public mutating func apply(_ action: UserAction<Route>) throws(NavigationError) {
        var working = self
        try working.run(action)
        self = working
    }

    // MARK: - Presentations

    @inlinable
    mutating func run(_ presentation: Presentation<Route>) throws(NavigationError) {
        // The presentations of the navigation figures and deep links run specialised; the
        // others run as written, in ``runOther(_:)``.
        switch presentation {
        case .push(let route): try push(route)
        case .back: try back()
        case .selectTab(let tab): try selectTab(tab)
        case .present(let layout, let style): try present(layout, style: style)
        case .dismiss: try dismiss()
        case .path(let steps): try runPath(steps)
        default: try runOther(presentation)
        }
    }

    /// Runs a path's steps in order; a failing step's error says which step it was.
    @inlinable
    mutating func runPath(_ steps: [Presentation<Route>]) throws(NavigationError) {
        for index in steps.indices {
            pathSteps.append((index: index, count: steps.count))
            defer { pathSteps.removeLast() }
            do throws(NavigationError) {
                try run(steps[index])
            } catch {
                throw .step(index, of: steps.count, error)
            }
        }
    }

    @usableFromInline mutating func runOther(_ presentation: Presentation<Route>) throws(NavigationError) {
        switch presentation {
        case .push(let route): try push(route)
        case .back: try back()
        case .popToRoot: try popToRoot()
        case .popTo(let route): try popTo(route)
        case .popAbove(let element): try popAbove(element)
        case .setStack(let routes): try setStack(routes)
        case .selectTab(let tab): try selectTab(tab)
        case .presentInTab(let tab, let route): try presentInTab(tab, route)
        case .insertTab(let item, let position): try insertTab(item, at: position)
        case .removeTab(let tab): try removeTab(tab)
        case .moveTab(let tab, let position): try moveTab(tab, to: position)
        case .arrangeTabs(let arrangement): try arrangeTabs(arrangement)
        case .show(let route, let column): try show(route, in: column)
        case .showNext(let route): try showNext(route)
        case .present(let layout, let style): try present(layout, style: style)
        case .dismiss: try dismiss()
        case .dismissPresented: try dismissPresented()
        case .dismissAll: dismissAll()
        case .replaceCurrent(let route): try replaceCurrent(route)
        case .replaceRoot(let layout): try replaceRoot(layout)
        case .path(let steps): try runPath(steps)
        case .custom(let custom):
            try custom.run(on: &self)
        }
    }

    mutating func replaceCurrent(_ route: Route) throws(NavigationError) {
        let path = try anchorPath()
        let current = try node(at: path)
        guard current.isScreen else { throw .notAScreen(current.id, kind: current.kind) }
        try replaceNode(at: path, with: makeScreen(route, at: nil))
    }

    mutating func replaceRoot(_ layout: Layout<Route>) throws(NavigationError) {
        let root = try makeNode(layout, at: nil)
        recordRemoval(of: _state.root)
        _state.root = root
        anchor = root.focusedID
    }

    // MARK: - Lookups

    /// The path to the element with `id` in the state as changed so far.
    @inlinable
    func path(to id: ElementID) -> [NodeStep]? {
        if log.removedIDs.contains(id) { return nil }
        // Once a tab bar's tabs moved, the index of the start no longer says where they are.
        guard log.reshapedTabs.isEmpty else { return _state.root.path(to: id) }
        if let index, let path = index.path(to: id) { return path }
        // An element this transaction added (a deep link's next screen anchors at the one
        // before): the places recorded up to an element of the start, checked against the
        // state, instead of a search of the tree. At most one step per addition.
        if let index {
            // The steps below an added parent, innermost first; none when the parent is an
            // element of the start (a deep link's usual step), so nothing is allocated for them.
            var below: [NodeStep] = []
            var current = id
            for _ in log.added.indices {
                guard let location = log.added.last(where: { $0.node.id == current })?.location else { break }
                if var path = index.path(to: location.parent) {
                    path.append(location.step)
                    path.append(contentsOf: below.reversed())
                    if _state.root.withNode(at: path[...], { $0.id }) == id { return path }
                    break
                }
                below.append(location.step)
                current = location.parent
            }
        }
        return _state.root.path(to: id)
    }

    @inlinable
    func anchorPath() throws(NavigationError) -> [NodeStep] {
        guard let path = path(to: anchor) else { throw .unknownElement(anchor) }
        return path
    }

    @inlinable
    func node(at path: [NodeStep]) throws(NavigationError) -> NavigationNode<Route> {
        guard let node = _state.root.node(at: path) else { throw .unknownElement(anchor) }
        return node
    }

    /// The path to the nearest node of `kind` enclosing the anchor (the anchor included); not
    /// beyond the anchor's modal unless `crossingModals`.
    ///
    /// - Complexity: O(*d*): one walk down the anchor's path.
    @inlinable
    func nearest(_ kind: NodeKind, crossingModals: Bool) throws(NavigationError) -> [NodeStep]? {
        var path = try anchorPath()
        // Stacks hold screens only (validation refuses a state where one holds a container): an
        // anchor reached as a stack's element is a screen, and that stack is the nearest.
        if kind == .stack, case .stackElement? = path.last {
            path.removeLast()
            return path
        }
        guard let found = _state.root.stepsToNearest(kind, along: path[...], crossingModals: crossingModals) else {
            return nil
        }
        if found < path.count { path.removeLast(path.count - found) }
        return path
    }

    // MARK: - Editing

    @inlinable
    mutating func modify<Result>(at path: [NodeStep], _ body: (inout NavigationNode<Route>) -> Result) -> Result {
        _state.root.modify(at: path[...], body)
    }

    /// Makes a screen that the caller puts at `location` (`nil`: the root).
    mutating func makeScreen(_ route: Route, at location: ElementIndex.Location?) throws(NavigationError)
        -> NavigationNode<Route>
    {
        let node = NavigationNode(id: try _ids.fresh(), content: .screen(route))
        recordAddition(node, at: location)
        return node
    }

    /// Builds a layout that the caller puts at `location` (`nil`: the root).
    @inlinable
    mutating func makeNode(_ layout: Layout<Route>, at location: ElementIndex.Location?) throws(NavigationError)
        -> NavigationNode<Route>
    {
        let node = try layout.makeNode(anyIDs: &_ids)
        recordAddition(subtree: node, at: location)
        return node
    }

    /// Puts `replacement` where the node at `path` is.
    mutating func replaceNode(at path: [NodeStep], with replacement: NavigationNode<Route>) throws(NavigationError) {
        let old = try node(at: path)
        recordRemoval(of: old)
        modify(at: path) { $0 = replacement }
        if let step = path.last, let parent = _state.root.node(at: path.dropLast()) {
            log.setLocation(of: replacement.id, to: ElementIndex.Location(parent: parent.id, step: step))
            markTouched(parent.id)
        }
        anchor = replacement.id
    }

    @inlinable
    mutating func markTouched(_ id: ElementID) {
        if log.firstTouched == nil {
            log.firstTouched = id
        } else {
            log.laterTouched.append(id)
        }
    }

    // MARK: - Bookkeeping

    /// Wraps an error about an element this transaction added (a provider that failed to build
    /// it) in the ``NavigationError/step(_:of:_:)`` of the path step that added it.
    @inlinable
    func locating(_ error: NavigationError, addedElement id: ElementID) -> NavigationError {
        let steps = log.added.last { $0.node.id == id }?.pathSteps ?? []
        return steps.reversed().reduce(error) { inner, step in .step(step.index, of: step.count, inner) }
    }

    /// Records an added element placed at `location` (`nil`: the root).
    @inlinable
    mutating func recordAddition(_ node: NavigationNode<Route>, at location: ElementIndex.Location?) {
        log.added.append(ChangeLog<Route>.Addition(node: node, location: location, pathSteps: pathSteps))
    }

    /// Records an added subtree whose root is placed at `location`, and where everything inside
    /// it is.
    @inlinable
    mutating func recordAddition(subtree node: NavigationNode<Route>, at location: ElementIndex.Location?) {
        if node.isLeaf {
            recordAddition(node, at: location)
            return
        }
        var pending: [(NavigationNode<Route>, ElementIndex.Location?)] = [(node, location)]
        while let (next, place) = pending.popLast() {
            recordAddition(next, at: place)
            // Children in reverse, so that they are recorded in display order.
            for (step, child) in next.childSteps.reversed() {
                pending.append((child, ElementIndex.Location(parent: next.id, step: step)))
            }
        }
    }

    @inlinable
    mutating func recordRemoval(of node: NavigationNode<Route>, subtree: Bool = true) {
        if subtree, !node.isLeaf {
            node.visit { log.remove($0) }
        } else {
            log.remove(node)
        }
    }

    /// What the transaction has changed so far.
    ///
    /// An element counts as touched only when its own content differs from the start: a stack
    /// pushed and popped again within the transaction is not touched.
    public var changes: NavigationChanges<Route> {
        summary(withTouched: true).changes
    }

    /// What the transaction changed, as a flow commits it: the touched elements are worked out
    /// only when asked for, or when nothing was added or removed (to tell whether anything
    /// changed at all).
    @inlinable
    func summary(withTouched: Bool) -> CommitSummary<Route> {
        let removedAll = log.removedIDs
        // The ids added, for lookups: a scan of the additions while they are few, a hash set beyond.
        let additions = log.added
        let addedSet: Set<ElementID>? = additions.count > 8 ? Set(additions.lazy.map { $0.node.id }) : nil
        func wasAdded(_ id: ElementID) -> Bool {
            if let addedSet { return addedSet.contains(id) }
            return additions.contains { $0.node.id == id }
        }
        var added: [NavigationNode<Route>] = []
        for addition in log.added where addition.node.isScreen && !removedAll.contains(addition.node.id) {
            added.append(addition.node)
        }
        var removed: [NavigationNode<Route>] = []
        var removedIDs = IDSet()
        if additions.isEmpty {
            // Nothing to leave out: the log's own records serve, without building new ones.
            removedIDs = removedAll
            removed = log.removed.allSatisfy { $0.isScreen } ? log.removed : log.removed.filter { $0.isScreen }
        } else {
            for node in log.removed where !wasAdded(node.id) {
                removedIDs.insert(node.id)
                if node.isScreen { removed.append(node) }
            }
        }
        let mayPresentModal = additions.contains { $0.location?.step == .modal }
        guard withTouched || (added.isEmpty && removed.isEmpty) else {
            return CommitSummary(
                added: added, removed: removed, removedIDs: removedIDs, touched: nil, mayPresentModal: mayPresentModal)
        }
        return CommitSummary(
            added: added, removed: removed, removedIDs: removedIDs, touched: touchedElements(),
            mayPresentModal: mayPresentModal)
    }

    /// The elements whose own content the transaction changed, those it added included.
    @inlinable
    func touchedElements() -> IDSet {
        let removedAll = log.removedIDs
        // Sets that hash nothing while they are small: the usual change touches one element.
        var touched = IDSet()
        var added = IDSet()
        for addition in log.added {
            added.insert(addition.node.id)
            if !removedAll.contains(addition.node.id) { touched.insert(addition.node.id) }
        }
        // Every mark records a real change, so an element marked once changed.
        guard let first = log.firstTouched else { return touched }
        if log.laterTouched.isEmpty {
            if !removedAll.contains(first) && !added.contains(first) { touched.insert(first) }
            return touched
        }
        let marks = [first] + log.laterTouched
        for (position, id) in marks.enumerated()
        where !touched.contains(id) && !removedAll.contains(id) && !added.contains(id) {
            // One marked again may have changed back (a push, then a pop) and is compared.
            guard marks.dropFirst(position + 1).contains(id) || marks.prefix(position).contains(id) else {
                touched.insert(id)
                continue
            }
            guard let before = initialNode(id), let after = path(to: id).flatMap({ _state.root.node(at: $0) }) else {
                continue
            }
            if !before.hasSameOwnContent(as: after) { touched.insert(id) }
        }
        return touched
    }

    /// The element with `id` in the state the transaction started from.
    @usableFromInline
    func initialNode(_ id: ElementID) -> NavigationNode<Route>? {
        if let index {
            return index.path(to: id).flatMap { initial.root.node(at: $0) }
        }
        return initial.node(id)
    }

    /// Records in `index` where the elements this transaction added (and kept) are.
    @inlinable
    func recordAddedLocations(in index: inout ElementIndex) {
        for addition in log.added where !log.removedIDs.contains(addition.node.id) {
            index.set(addition.node.id, at: addition.location)
        }
        for bar in log.reshapedTabs where !log.removedIDs.contains(bar) {
            guard let tabs = _state.node(bar)?.tabs else { continue }
            for (position, tab) in tabs.tabs.enumerated() {
                index.set(tab.node.id, at: ElementIndex.Location(parent: bar, step: .tab(index: position)))
            }
        }
    }
}

extension NavigationNode {
    /// The node's children with the step to each, in display order: its stack's screens from
    /// the root, its tabs, its columns, then its modal.
    @inlinable
    var childSteps: [(NodeStep, NavigationNode)] {
        var result: [(NodeStep, NavigationNode)] = []
        switch content {
        case .screen:
            break
        case .stack(let stack):
            var link: Stack<Route>.Link? = stack.top
            while let current = link {
                result.append((.stackElement(index: current.count - 1), current.node))
                link = current.below
            }
            result.reverse()
        case .tabs(let tabs):
            for (index, tab) in tabs.tabs.enumerated() { result.append((.tab(index: index), tab.node)) }
        case .split(let split):
            for (column, child) in split.filledColumns { result.append((.column(column), child)) }
        }
        if let modal { result.append((.modal, modal.node)) }
        return result
    }
}

extension NavigationState {
    /// Returns the state after `presentation`, starting from `anchor` (by default the focused
    /// screen), numbering new elements above the highest id in the state.
    ///
    /// - Throws: ``NavigationError`` when the presentation does not fit the state.
    public func applying(
        _ presentation: Presentation<Route>,
        from anchor: ElementID? = nil
    ) throws(NavigationError) -> NavigationState {
        var ids = SequentialElementIDs()
        ids.reserve(through: maxID)
        var transaction = NavigationTransaction(state: self, anchor: anchor, ids: ids)
        try transaction.apply(presentation)
        return transaction.state
    }
}
