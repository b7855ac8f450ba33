// Performance: the push-back, select-tab and sheet figures and the node read (Benchmarks/README.md, "Figures").
/// Where every element of a state sits: its parent and its place in the parent. A ``Flow``
/// keeps one up to date as it commits changes, at O(change) cost, so that finding any element —
/// the bottom of a deep stack, a container in another tab — costs O(*d* log *n*) in the nesting
/// depth *d*, never a search of the tree.
///
/// Places are stable for an element's lifetime: a stack element is counted from the root of its
/// stack, so pushes and pops above it do not move it.
@usableFromInline struct ElementIndex: Sendable, Equatable {
    /// An element's parent and its place there.
    @usableFromInline struct Location: Hashable, Sendable {
        @usableFromInline let parent: ElementID
        /// The step from the parent down to the element.
        @usableFromInline let step: NodeStep

        @usableFromInline init(parent: ElementID, step: NodeStep) {
            self.parent = parent
            self.step = step
        }
    }

    /// The root's id; the root has no location.
    var root: ElementID
    var locations: IDMap<Location>

    /// Indexes every element of `state`.
    ///
    /// - Complexity: O(*n*).
    init<Route>(_ state: NavigationState<Route>) {
        root = state.root.id
        locations = IDMap(capacity: 64)
        record(state.root, at: nil)
    }

    /// Records `node` at `location` (`nil` for the root) and everything inside it, in one
    /// loop: this code runs unspecialised for the app's route, where a call per element (a
    /// list of its children, a closure) looks up the node's type metadata again.
    mutating func record<Route>(_ node: NavigationNode<Route>, at location: Location?) {
        if let location { locations[node.id] = location } else { root = node.id }
        var pending = [node]
        while !pending.isEmpty {
            let next = pending.removeLast()
            let parent = next.id
            if let box = next.presented {
                locations[box.modal.node.id] = Location(parent: parent, step: .modal)
                pending.append(box.modal.node)
            }
            switch next.content {
            case .screen:
                break
            case .stack(let stack):
                // A stack holds screens; one that presents goes on the list, the others have
                // nothing inside them.
                var link: Stack<Route>.Link? = stack.top
                while let current = link {
                    locations[current.node.id] = Location(parent: parent, step: .stackElement(index: current.count - 1))
                    if !current.node.isLeaf { pending.append(current.node) }
                    link = current.below
                }
            case .tabs(let tabs):
                for index in tabs._tabs.indices {
                    locations[tabs._tabs[index].node.id] = Location(parent: parent, step: .tab(index: index))
                    pending.append(tabs._tabs[index].node)
                }
            case .split(let split):
                for (column, child) in split.filledColumns {
                    locations[child.id] = Location(parent: parent, step: .column(column))
                    pending.append(child)
                }
            }
        }
    }

    /// Whether the state holds an element with `id`.
    @usableFromInline func contains(_ id: ElementID) -> Bool {
        id == root || locations[id] != nil
    }

    /// The path from the root down to the element with `id`.
    ///
    /// - Complexity: O(*d*) in the element's nesting depth.
    @usableFromInline func path(to id: ElementID) -> [NodeStep]? {
        if id == root { return [] }
        var steps: [NodeStep] = []
        // One allocation for any usual nesting depth, instead of a regrowth every few steps.
        steps.reserveCapacity(8)
        var current = id
        while current != root {
            guard let location = locations[current] else { return nil }
            steps.append(location.step)
            current = location.parent
        }
        steps.reverse()
        return steps
    }

    /// Records where one element is (`nil`: it is the root), without its subtree.
    @usableFromInline mutating func set(_ id: ElementID, at location: Location?) {
        if let location { locations[id] = location } else { root = id }
    }

    /// Forgets the elements with these ids.
    @usableFromInline mutating func remove(_ ids: [ElementID]) {
        for id in ids { locations[id] = nil }
    }
}
