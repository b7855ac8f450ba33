import Destinations

/// The screen states of a flow's live Destinations that show one (``StatefulDestination``), by
/// screen id.
typealias ScreenStates = [ElementID: AnyScreenState]

extension FlowHarness {
    /// The states of the live Destinations that show one.
    func readScreenStates() -> ScreenStates {
        var states: ScreenStates = [:]
        for (id, object) in flow.destinations {
            if let state = AnyScreenState(of: object) { states[id] = state }
        }
        return states
    }

    /// The screens whose state is new or changed from `old` to `new`.
    static func changedScreens(from old: ScreenStates, to new: ScreenStates) -> Set<ElementID> {
        var changed: Set<ElementID> = []
        for (id, state) in new {
            if let previous = old[id], previous == state { continue }
            changed.insert(id)
        }
        return changed
    }

    /// The heading of a screen's state block: `state of note(id: 1)`, with the id when `ids`
    /// is set or another stateful screen shows the same route.
    static func heading(of id: ElementID, in state: NavigationState<Route>, states: ScreenStates, ids: Bool) -> String {
        guard let node = state.node(id), let route = node.route else { return "state of \(id)" }
        let twins = states.keys.filter { state.node($0)?.route == route }.count > 1
        return "state of \(route)" + (ids || twins ? " \(id)" : "")
    }

    /// The screens whose state block `expected` holds.
    static func mentionedScreens(in expected: String, state: NavigationState<Route>, states: ScreenStates, ids: Bool)
        -> Set<ElementID>
    {
        let headings = Set(
            expected.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                String(line.reversed().drop { $0 == " " }.reversed())
            }.filter { $0.hasPrefix("state of ") })
        guard !headings.isEmpty else { return [] }
        return Set(states.keys.filter { headings.contains(heading(of: $0, in: state, states: states, ids: ids)) })
    }

    /// The state rendered as expectations write it: the tree, the `pending` line when given,
    /// then a block for each screen of `screens` that shows a state, in tree order.
    static func render(
        _ state: NavigationState<Route>, ids: Bool, screens: Set<ElementID>, states: ScreenStates,
        pending: String? = nil
    ) -> String {
        var text = state.rendered(ids: ids)
        if let pending { text += "\n" + pending }
        guard !screens.isEmpty else { return text }
        for node in state.screens where screens.contains(node.id) {
            guard let value = states[node.id]?.value else { continue }
            text += "\n" + heading(of: node.id, in: state, states: states, ids: ids)
            text += ScreenStateText.lines(of: value).map { "\n  " + $0 }.joined()
        }
        return text
    }
}
