import Testing

@testable import Destinations

/// The borrowed tree walks (`NavigationNode+Walks.swift`) against plain copying walks written
/// here, over seeded random states: every element, every focus, every nearest container.
@Suite struct TreeWalkPropertyTests {
    /// A child read from the public storage, independent of the walks under test.
    static func storedChild(_ node: NavigationNode<TestRoute>, _ step: NodeStep) -> NavigationNode<TestRoute>? {
        switch (step, node.content) {
        case (.modal, _): return node.modal?.node
        case (.stackElement(let index), .stack(let stack)): return index < stack.count ? stack.elements[index] : nil
        case (.tab(let index), .tabs(let tabs)): return index < tabs.tabs.count ? tabs.tabs[index].node : nil
        case (.column(let column), .split(let split)): return split.filledColumns.first { $0.column == column }?.node
        default: return nil
        }
    }

    /// The copying walk the borrowed one replaced: one child after another.
    static func copyingNode(_ root: NavigationNode<TestRoute>, at path: [NodeStep]) -> NavigationNode<TestRoute>? {
        var node = root
        for step in path {
            guard let next = storedChild(node, step) else { return nil }
            node = next
        }
        return node
    }

    /// The focus followed by copying: a modal first, else the focused child.
    static func copyingFocus(_ root: NavigationNode<TestRoute>) -> (node: NavigationNode<TestRoute>, modal: ElementID?)
    {
        var node = root
        var firstModal: ElementID?
        while true {
            if let modal = node.modal {
                firstModal = firstModal ?? modal.node.id
                node = modal.node
            } else if let (_, child) = node.focusedChild {
                node = child
            } else {
                return (node, firstModal)
            }
        }
    }

    /// The nearest container of `kind` on `path`, as the transaction found it before.
    static func copyingNearest(
        _ kind: NodeKind, in root: NavigationNode<TestRoute>, along path: [NodeStep], crossingModals: Bool
    ) -> Int? {
        var node = root
        var found: Int? = node.kind == kind ? 0 : nil
        for (index, step) in path.enumerated() {
            if step == .modal && !crossingModals { found = nil }
            guard let next = storedChild(node, step) else { return nil }
            node = next
            if node.kind == kind { found = index + 1 }
        }
        return found
    }

    @Test func borrowedWalksFindEveryElementTheCopyingWalkFinds() {
        var random = SeededRandom(seed: 33)
        for _ in 0..<200 {
            let state = RandomStates.state(&random)
            for node in state.nodes {
                guard let path = state.root.path(to: node.id) else {
                    Issue.record("no path to \(node.id)")
                    continue
                }
                #expect(state.root.node(at: path) == Self.copyingNode(state.root, at: path))
                #expect(state.root.node(at: path[...])?.id == node.id)
                #expect(state.root.withNode(at: path[...]) { $0.id } == node.id)
                // A step past a screen leads nowhere, borrowed or copied.
                if node.isLeaf {
                    #expect(state.root.node(at: path + [.stackElement(index: 0)]) == nil)
                    #expect(state.root.withNode(at: (path + [.modal])[...]) { $0.id } == nil)
                }
            }
        }
    }

    @Test func focusedReadsAgreeWithTheCopyingFocus() {
        var random = SeededRandom(seed: 3_300)
        for _ in 0..<200 {
            let state = RandomStates.state(&random)
            for node in state.nodes {
                let reference = Self.copyingFocus(node)
                #expect(node.focusedID == reference.node.id)
                #expect(node.focusedNode == reference.node)
                #expect(node.firstModalAlongFocus?.node.id == reference.modal)
                #expect(node.hasModalAlongFocus == (reference.modal != nil))
                #expect(Self.copyingNode(node, at: node.focusPath)?.id == reference.node.id)
            }
        }
    }

    @Test func theVisibleWalkFindsTheFocusAndTheVisibleScreens() {
        var random = SeededRandom(seed: 3_301)
        for _ in 0..<200 {
            let state = RandomStates.state(&random)
            for node in state.nodes {
                var visible: [ElementID] = []
                let focused = node.collectVisibleIDs(into: &visible)
                #expect(focused == Self.copyingFocus(node).node.id)
                #expect(visible == node.visibleScreens.map(\.id))
            }
        }
    }

    @Test func nearestContainerIsTheOneTheCopyingWalkFinds() {
        var random = SeededRandom(seed: 330)
        for _ in 0..<200 {
            let state = RandomStates.state(&random)
            for node in state.nodes {
                guard let path = state.root.path(to: node.id) else { continue }
                for kind in [NodeKind.stack, .tabs, .split, .screen] {
                    for crossing in [false, true] {
                        #expect(
                            state.root.stepsToNearest(kind, along: path[...], crossingModals: crossing)
                                == Self.copyingNearest(kind, in: state.root, along: path, crossingModals: crossing))
                    }
                }
            }
        }
    }

    @Test func aTransactionFindsTheNearestContainerTheCopyingWalkFinds() throws {
        var random = SeededRandom(seed: 331)
        for _ in 0..<200 {
            let state = RandomStates.state(&random)
            try #require(state.firstProblem == nil)
            for node in state.nodes {
                guard let path = state.root.path(to: node.id) else { continue }
                let ids = SequentialElementIDs(startingAt: state.maxID.rawValue + 1)
                // Without an index (a dry run) and with one (a flow's commit).
                for index in [nil, ElementIndex(state)] {
                    let transaction = NavigationTransaction(state: state, anchor: node.id, ids: ids, index: index)
                    for kind in [NodeKind.stack, .tabs, .split, .screen] {
                        for crossing in [false, true] {
                            let expected = Self.copyingNearest(
                                kind, in: state.root, along: path, crossingModals: crossing)
                            let found = try transaction.nearest(kind, crossingModals: crossing)
                            #expect(found == expected.map { Array(path[..<$0]) })
                        }
                    }
                }
            }
        }
    }

    @Test func aPushWithNoStackLeavesTheTransactionAsItWas() throws {
        let state = try NavigationState<TestRoute>(.screen(.home))
        var transaction = NavigationTransaction(
            state: state, ids: SequentialElementIDs(startingAt: state.maxID.rawValue + 1))
        #expect(throws: NavigationError.noStack(from: state.root.id)) {
            try transaction.apply(.push(.detail(1)))
        }
        #expect(transaction.state == state)
        // The id the failed push took is handed out again.
        try transaction.apply(.replaceCurrent(.list))
        #expect(transaction.state.root.id == ElementID(2))
    }

    @Test func aTabSelectedAndSelectedBackInOneChangeIsNotTouched() throws {
        let state = try NavigationState<TestRoute>(
            .tabs([TabLayout(.inbox, .stack([.home])), TabLayout(.profile, .stack([.settings]))], selected: .inbox))
        var there = NavigationTransaction(state: state, ids: SequentialElementIDs(startingAt: state.maxID.rawValue + 1))
        try there.apply(.selectTab(.profile))
        #expect(there.changes.touched == [state.root.id])

        var andBack = NavigationTransaction(
            state: state, ids: SequentialElementIDs(startingAt: state.maxID.rawValue + 1))
        try andBack.apply(.path([.selectTab(.profile), .selectTab(.inbox)]))
        #expect(andBack.changes.touched.isEmpty)
        #expect(andBack.anchor == state.root.focusedID)
    }
}
