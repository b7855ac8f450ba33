// Performance: the push-back, select-tab and sheet figures (Benchmarks/README.md, "Figures").
/// Where a path's step is: its index and the path's length.
@usableFromInline typealias PathStep = (index: Int, count: Int)

/// The record of what a transaction added, removed and touched, in order.
@usableFromInline struct ChangeLog<Route: NavigationRoute>: Sendable {
    /// An element added, and where it was put (`nil`: it became the root).
    @usableFromInline struct Addition: Sendable {
        @usableFromInline let node: NavigationNode<Route>
        @usableFromInline var location: ElementIndex.Location?
        /// The steps of the paths under way when it was added, outermost first: a provider's
        /// failure to build it names them.
        @usableFromInline let pathSteps: [PathStep]

        @inlinable
        init(node: NavigationNode<Route>, location: ElementIndex.Location?, pathSteps: [PathStep] = []) {
            self.node = node
            self.location = location
            self.pathSteps = pathSteps
        }
    }

    /// Every element added, containers included.
    @usableFromInline var added: [Addition] = []
    /// Every element removed, subtrees flattened.
    @usableFromInline var removed: [NavigationNode<Route>] = []
    /// The ids of ``removed``.
    @usableFromInline var removedIDs = IDSet()
    /// The first existing element whose own content may have changed: most changes touch one
    /// element, and keep it here without allocating.
    @usableFromInline var firstTouched: ElementID?
    /// The elements marked touched after ``firstTouched``, in order.
    @usableFromInline var laterTouched: [ElementID] = []
    /// The tab bars whose tabs were inserted, removed or moved: their tabs' places changed.
    @usableFromInline var reshapedTabs: [ElementID] = []

    @inlinable
    init() {}

    @inlinable
    mutating func remove(_ node: NavigationNode<Route>) {
        removed.append(node)
        removedIDs.insert(node.id)
    }

    mutating func setLocation(of id: ElementID, to location: ElementIndex.Location) {
        guard let position = added.lastIndex(where: { $0.node.id == id }) else { return }
        added[position].location = location
    }
}

/// A growing set of ids: an array while it is small, a hash set beyond, so that the usual
/// transaction (a screen or two) hashes nothing.
@usableFromInline struct IDSet: Sendable {
    var small: [ElementID] = []
    var large: Set<ElementID>?

    @usableFromInline init() {}

    /// The set of `ids`.
    init(_ ids: some Sequence<ElementID>) {
        for id in ids { insert(id) }
    }

    @usableFromInline var isEmpty: Bool { small.isEmpty && (large?.isEmpty ?? true) }

    @usableFromInline func contains(_ id: ElementID) -> Bool {
        if let large { return large.contains(id) }
        return small.contains(id)
    }

    /// The ids as a set.
    var asSet: Set<ElementID> { large ?? Set(small) }

    /// Every id, in no particular order.
    @usableFromInline var elements: [ElementID] { large.map { Array($0) } ?? small }

    @usableFromInline mutating func insert(_ id: ElementID) {
        if large != nil {
            large?.insert(id)
        } else if small.count < 16 {
            if !small.contains(id) { small.append(id) }
        } else {
            var set = Set(small)
            set.insert(id)
            large = set
            small = []
        }
    }
}
