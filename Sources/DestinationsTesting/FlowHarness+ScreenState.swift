import Destinations

/// The screen states of a flow's live Destinations that show one (``StatefulDestination``, or
/// an `@Observable` Destination's observable stored properties), by screen id.
typealias ScreenStates = [ElementID: AnyScreenState]

extension FlowHarness {
    /// A screen that left during a step, with the last state it showed.
    struct LeftScreen {
        let id: ElementID
        let route: Route?
        let state: AnyScreenState
    }

    /// The states of the live Destinations that show one.
    func readScreenStates() -> ScreenStates {
        var states: ScreenStates = [:]
        for (id, object) in flow.destinations {
            if let state = checkedScreenState(of: object) { states[id] = state }
        }
        return states
    }

    /// Remembers the states the screens show now, so that a screen that leaves shows its last
    /// one: called at the start of a step, before each change the flow commits, and at each
    /// happening.
    func noteScreens(_ screens: ScreenStates? = nil, in state: NavigationState<Route>? = nil) {
        let state = state ?? flow.untrackedState
        for (id, screen) in screens ?? readScreenStates() {
            seen[id] = LeftScreen(id: id, route: state.node(id)?.route ?? seen[id]?.route, state: screen)
        }
    }

    /// The screens seen during the step that are gone from `state`, in id order.
    func leftScreens(from state: NavigationState<Route>) -> [LeftScreen] {
        seen.values.filter { state.node($0.id) == nil }.sorted { $0.id < $1.id }
    }

    /// The screens of `left` whose last state differs from the one accounted for (or that
    /// were never accounted for).
    static func changedLeft(_ left: [LeftScreen], from accounted: ScreenStates) -> [LeftScreen] {
        left.filter { screen in accounted[screen.id].map { !($0 == screen.state) } ?? true }
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

    /// The heading of a left screen's block: `state of record(1) (left)`.
    static func heading(of screen: LeftScreen, ids: Bool) -> String {
        let name = screen.route.map { "\($0)" } ?? "\(screen.id)"
        return "state of \(name)" + (ids ? " \(screen.id)" : "") + " (left)"
    }

    /// The block headings `expected` holds.
    static func headings(in expected: String) -> Set<String> {
        Set(
            expected.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                String(line.reversed().drop { $0 == " " }.reversed())
            }.filter { $0.hasPrefix("state of ") })
    }

    /// The screens whose state block `expected` holds.
    static func mentionedScreens(in expected: String, state: NavigationState<Route>, states: ScreenStates, ids: Bool)
        -> Set<ElementID>
    {
        let headings = headings(in: expected)
        guard !headings.isEmpty else { return [] }
        return Set(states.keys.filter { headings.contains(heading(of: $0, in: state, states: states, ids: ids)) })
    }

    /// The state rendered as expectations write it: the tree, the `pending` line when given,
    /// then a block for each screen of `screens` that shows a state, in tree order, then a block
    /// for each screen of `left`. With `changesFrom`, the tree is left out and each block lists
    /// only the fields that differ from the states given (all of them for a screen that had none).
    static func render(
        _ state: NavigationState<Route>, ids: Bool, screens: Set<ElementID>, states: ScreenStates,
        pending: String? = nil, left: [LeftScreen] = [], changesFrom before: ScreenStates? = nil
    ) -> String {
        var blocks: [String] = before == nil ? [state.rendered(ids: ids)] : []
        if let pending { blocks.append(pending) }
        for node in state.screens where screens.contains(node.id) {
            guard let value = states[node.id]?.value else { continue }
            let lines = fieldLines(value, before: before?[node.id]?.value, delta: before != nil)
            blocks.append(heading(of: node.id, in: state, states: states, ids: ids) + lines)
        }
        for screen in left {
            let lines = fieldLines(screen.state.value, before: before?[screen.id]?.value, delta: before != nil)
            blocks.append(heading(of: screen, ids: ids) + lines)
        }
        return blocks.joined(separator: "\n")
    }

    /// A block's lines, each indented and on a line of its own: all the fields, or, for a
    /// delta, only those that differ from `before`.
    private static func fieldLines(_ value: Any, before: Any?, delta: Bool) -> String {
        var fields = ScreenStateText.fields(of: value)
        if delta, let before {
            let old = ScreenStateText.fields(of: before)
            fields = fields.enumerated().filter { index, field in index >= old.count || old[index] != field }.map(\.1)
        }
        return fields.joined().map { "\n  " + $0 }.joined()
    }
}
