/// A change the user makes on screen without an event: what a renderer reports to the flow as
/// a ``/Destinations/UserAction``.
public enum UserGesture: Hashable, Sendable, CustomStringConvertible {
    /// Swipe back (or the back button) in the stack under the focused screen.
    case swipeBack
    /// Swipe down the sheet on top.
    case swipeDownSheet
    /// Tap a tab of the tab bar around the focused screen.
    case tapTab(TabID)
    /// Go back from the focused column of the split view around the focused screen, as the
    /// back button of a collapsed split view does: that column (and those after it) empties.
    case closeColumn
    /// Tap button `index` of the alert or confirmation dialog on top: its event goes to the
    /// alert's Destination, then the alert goes (``/Destinations/Flow/tapAlertButton(_:of:)``).
    case tapAlertButton(Int)
    /// Tap an action item of the tab bar around the focused screen (a "post" button): it
    /// presents what the item declares.
    case tapTabAction(TabID)
    /// Arrange the tabs of the tab bar around the focused screen, as the platform's tab
    /// customization does: their order and which are hidden.
    case arrangeTabs(TabArrangement)

    /// The gesture as written in a test: `swipeBack`, `tapTab(settings)`.
    public var description: String {
        switch self {
        case .swipeBack: "swipeBack"
        case .swipeDownSheet: "swipeDownSheet"
        case .tapTab(let tab): "tapTab(\(tab))"
        case .closeColumn: "closeColumn"
        case .tapAlertButton(let index): "tapAlertButton(\(index))"
        case .tapTabAction(let item): "tapTabAction(\(item))"
        case .arrangeTabs(let arrangement):
            "arrangeTabs(\(arrangement.order.map(\.rawValue)), hidden: \(arrangement.hidden.map(\.rawValue).sorted()))"
        }
    }

    /// The harness call that makes the gesture, as a test writes it: `swipeBack()`,
    /// `tapTab("settings")`.
    var call: String {
        switch self {
        case .swipeBack: "swipeBack()"
        case .swipeDownSheet: "swipeDownSheet()"
        case .tapTab(let tab): "tapTab(\(String(describing: tab).debugDescription))"
        case .closeColumn: "closeColumn()"
        case .tapAlertButton(let index): "tapAlertButton(\(index))"
        case .tapTabAction(let item): "tapTabAction(\(String(describing: item).debugDescription))"
        case .arrangeTabs(let arrangement):
            "arrangeTabs(TabArrangement(order: \(arrangement.order.map(\.rawValue)), hidden: \(arrangement.hidden.map(\.rawValue).sorted())))"
        }
    }

    /// The user action the gesture makes in `state`, or why the state does not allow it. For
    /// ``tapAlertButton(_:)``, the dismissal the tap ends with; the harness runs the whole tap
    /// through ``/Destinations/Flow/tapAlertButton(_:of:)``.
    public func action<Route>(in state: NavigationState<Route>) -> Result<UserAction<Route>, GestureRefusal> {
        let focused = state.focusedScreen
        let focusLabel = label(focused)
        switch self {
        case .tapAlertButton:
            guard let top = state.presentedChain.last, top.style.isOverlay else {
                return .failure(GestureRefusal(.noAlertToTap(focused: focusLabel)))
            }
            return .success(.dismissed(modal: top.modal))
        case .swipeBack:
            guard let stack = enclosing(.stack, of: focused.id, in: state), case .stack(let elements) = stack.content,
                let below = elements.elementsFromTop.dropFirst().first(where: { _ in true })
            else { return .failure(GestureRefusal(.nothingToSwipeBack(focused: focusLabel))) }
            return .success(.popped(stack: stack.id, to: below.id))
        case .swipeDownSheet:
            guard let top = state.presentedChain.last, let content = state.node(top.modal) else {
                return .failure(GestureRefusal(.noSheetToSwipeDown(onTop: "no modal (focused: \(focusLabel))")))
            }
            guard case .sheet(let options) = top.style else {
                return .failure(
                    GestureRefusal(.noSheetToSwipeDown(onTop: "a \(top.style.name) showing \(label(content))")))
            }
            guard !options.interactiveDismissDisabled else {
                return .failure(GestureRefusal(.sheetLocked(top.presenter)))
            }
            return .success(.dismissed(modal: top.modal))
        case .tapTab(let tab):
            guard let bar = enclosing(.tabs, of: focused.id, in: state), case .tabs(let tabs) = bar.content else {
                return .failure(GestureRefusal(.noTabBar(focused: focusLabel)))
            }
            guard tabs.ids.contains(tab) else { return .failure(GestureRefusal(.unknownTab(tab, tabs: tabs.ids))) }
            guard !tabs.hidden.contains(tab) else { return .failure(GestureRefusal(.hiddenTab(tab))) }
            return .success(.selectedTab(tab, tabs: bar.id))
        case .tapTabAction(let item):
            guard let bar = enclosing(.tabs, of: focused.id, in: state), case .tabs(let tabs) = bar.content else {
                return .failure(GestureRefusal(.noTabBar(focused: focusLabel)))
            }
            guard tabs.actions.contains(where: { $0.id == item }) else {
                return .failure(GestureRefusal(.unknownTabAction(item, actions: tabs.actions.map(\.id))))
            }
            return .success(.tappedTabAction(item, tabs: bar.id))
        case .arrangeTabs(let arrangement):
            guard let bar = enclosing(.tabs, of: focused.id, in: state) else {
                return .failure(GestureRefusal(.noTabBar(focused: focusLabel)))
            }
            return .success(.arrangedTabs(arrangement, tabs: bar.id))
        case .closeColumn:
            guard let chain = ancestry(of: focused.id, from: state.root) else {
                return .failure(GestureRefusal(.noColumnToClose(focused: focusLabel)))
            }
            for (index, link) in chain.enumerated().reversed() {
                if link.viaModal { break }
                guard case .split(let split) = link.node.content, index + 1 < chain.count else { continue }
                let child = chain[index + 1].node.id
                guard let column = split.filledColumns.first(where: { $0.node.id == child })?.column, column != .sidebar
                else { break }
                return .success(.closedColumn(showing: child))
            }
            return .failure(GestureRefusal(.noColumnToClose(focused: focusLabel)))
        }
    }

    /// The gestures `state` allows now: swipe back, swipe down, close a column, a tap on each
    /// shown tab that is not selected, and a tap on each action item. Arranging the tabs is
    /// never offered: it has no one natural value.
    public static func available<Route>(in state: NavigationState<Route>) -> [UserGesture] {
        var gestures: [UserGesture] = []
        for gesture in [UserGesture.swipeBack, .swipeDownSheet, .closeColumn] {
            if case .success = gesture.action(in: state) { gestures.append(gesture) }
        }
        if let bar = enclosing(.tabs, of: state.focusedScreen.id, in: state), case .tabs(let tabs) = bar.content {
            gestures += tabs.visibleTabs.map(\.id).filter { $0 != tabs.selection }.map(UserGesture.tapTab)
            gestures += tabs.actions.map { UserGesture.tapTabAction($0.id) }
        }
        return gestures
    }
}

/// Why a ``UserGesture`` cannot be made in a state.
public struct GestureRefusal: Error, Hashable, Sendable {
    /// The reason, as a harness reports it.
    public let problem: HarnessError.Problem

    init(_ problem: HarnessError.Problem) {
        self.problem = problem
    }
}

extension FlowHarness {
    /// Swipes back in the stack under the focused screen, as the user would, and checks the
    /// state after it.
    ///
    /// - Throws: ``HarnessError`` when there is nothing to go back to.
    public func swipeBack(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ expected: (() -> String)? = nil
    ) async throws(HarnessError) {
        try await perform(.swipeBack, fileID: fileID, filePath: filePath, line: line, column: column, expected)
    }

    /// Swipes down the sheet on top, as the user would, and checks the state after it.
    ///
    /// - Throws: ``HarnessError`` when no sheet is on top or it disables interactive dismissal.
    public func swipeDownSheet(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ expected: (() -> String)? = nil
    ) async throws(HarnessError) {
        try await perform(.swipeDownSheet, fileID: fileID, filePath: filePath, line: line, column: column, expected)
    }

    /// Taps a tab of the tab bar around the focused screen, as the user would, and checks the
    /// state after it.
    ///
    /// - Throws: ``HarnessError`` when no tab bar is reachable or it has no such tab.
    public func tapTab(
        _ tab: TabID,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ expected: (() -> String)? = nil
    ) async throws(HarnessError) {
        try await perform(.tapTab(tab), fileID: fileID, filePath: filePath, line: line, column: column, expected)
    }

    /// Taps button `index` of the alert or confirmation dialog on top, as the user would: the
    /// button's event goes to the alert's Destination, then the alert goes. Checks the state
    /// after it.
    ///
    /// - Throws: ``HarnessError`` when no alert is on top or it has no such button.
    public func tapAlertButton(
        _ index: Int,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ expected: (() -> String)? = nil
    ) async throws(HarnessError) {
        try await perform(
            .tapAlertButton(index), fileID: fileID, filePath: filePath, line: line, column: column, expected)
    }

    /// Taps the button labelled `label` of the alert or confirmation dialog on top, once the
    /// work under way has settled (an alert it is about to present is found).
    ///
    /// - Throws: ``HarnessError`` when no alert is on top or none of its buttons has that label.
    public func tapAlertButton(
        labeled label: String,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ expected: (() -> String)? = nil
    ) async throws(HarnessError) {
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let call = "tapAlertButton(labeled: \(label.debugDescription))"
        try await step("tap alert button \"\(label)\"", location: location, expected: expected, call: call) {
            () throws(HarnessError) -> String? in
            let display = flow.state.presentedChain.last.flatMap { flow.alertDisplay(of: $0.modal) }
            let buttons = display?.buttons ?? []
            guard let index = buttons.firstIndex(where: { $0.label == label }) else {
                throw failure(
                    display == nil
                        ? .noAlertToTap(focused: DestinationsTesting.label(flow.state.focusedScreen))
                        : .noAlertButton(label, buttons: buttons.map { $0.label }),
                    destination: nil)
            }
            try make(.tapAlertButton(index))
            return nil
        }
    }

    /// Taps an action item of the tab bar around the focused screen (a "post" button), as the
    /// user would, and checks the state after it.
    ///
    /// - Throws: ``HarnessError`` when no tab bar is reachable, it has no such action item, or the
    ///   flow refused what the item presents.
    public func tapTabAction(
        _ item: TabID,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ expected: (() -> String)? = nil
    ) async throws(HarnessError) {
        try await perform(.tapTabAction(item), fileID: fileID, filePath: filePath, line: line, column: column, expected)
    }

    /// Arranges the tabs of the tab bar around the focused screen, as the platform's tab
    /// customization does, and checks the state after it.
    ///
    /// - Throws: ``HarnessError`` when no tab bar is reachable or the flow refused the
    ///   arrangement (hiding every tab).
    public func arrangeTabs(
        _ arrangement: TabArrangement,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ expected: (() -> String)? = nil
    ) async throws(HarnessError) {
        try await perform(
            .arrangeTabs(arrangement), fileID: fileID, filePath: filePath, line: line, column: column, expected)
    }

    /// Goes back from the focused column of a collapsed split view, as the user would, and
    /// checks the state after it.
    ///
    /// - Throws: ``HarnessError`` when the focused screen is not in a split view's content or
    ///   detail column.
    public func closeColumn(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ expected: (() -> String)? = nil
    ) async throws(HarnessError) {
        try await perform(.closeColumn, fileID: fileID, filePath: filePath, line: line, column: column, expected)
    }

    /// Makes a gesture, as the user would, through ``/Destinations/Flow/apply(_:)-(UserAction<Route>)``, and
    /// checks the state after it.
    ///
    /// - Throws: ``HarnessError`` when the state does not allow the gesture or the flow refused it.
    public func perform(
        _ gesture: UserGesture,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ expected: (() -> String)? = nil
    ) async throws(HarnessError) {
        let location = HarnessSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        try await step(gesture.description, location: location, expected: expected, call: gesture.call) {
            () throws(HarnessError) -> String? in
            try make(gesture)
            return nil
        }
    }

    /// Makes a gesture on the flow as it is now, inside a step.
    func make(_ gesture: UserGesture) throws(HarnessError) {
        let action: UserAction<Route>
        switch gesture.action(in: flow.state) {
        case .success(let made): action = made
        case .failure(let refusal): throw failure(refusal.problem, destination: label(flow.state.focusedScreen))
        }
        do throws(NavigationError) {
            if case .tapAlertButton(let index) = gesture, case .dismissed(let alert) = action {
                // The event the button sends, from the alert or its presenter, is the tap's,
                // not a happening.
                let presenter = flow.state.presentedChain.first { $0.modal == alert }?.presenter
                ownEvent = OwnEvent(screen: alert, event: nil, forwardedTo: presenter)
                let start = unreceived.count
                defer { dropForwardedEvent(since: start) }
                try flow.tapAlertButton(index, of: alert)
            } else {
                try flow.apply(action)
            }
        } catch {
            throw failure(.refused(error), destination: nil)
        }
    }

    /// The visible Destination of type `D` a step aims at, with its label.
    func resolve<D: Destination>(_ type: D.Type, id: ElementID?, route: Route?) throws(HarnessError) -> (
        destination: D, label: String
    )
    where D.Route == Route {
        let state = flow.state
        let visible = state.visibleScreens
        let labels = visible.map(label)
        if let id {
            guard let node = visible.first(where: { $0.id == id }), let destination = flow.destination(id, as: D.self)
            else {
                throw failure(.notVisible(id, type: "\(D.self)", visible: labels), destination: nil)
            }
            return (destination, label(node))
        }
        let candidates = visible.filter { screen in
            flow.destination(screen.id, as: D.self) != nil && (route == nil || screen.route == route)
        }
        let focused = state.focusedScreen
        let chosen: NavigationNode<Route>
        if candidates.contains(where: { $0.id == focused.id }) {
            chosen = focused
        } else if candidates.count == 1, let only = candidates.first {
            chosen = only
        } else if candidates.isEmpty {
            throw failure(.noVisibleDestination(type: "\(D.self)", visible: labels), destination: nil)
        } else {
            throw failure(.ambiguousDestination(type: "\(D.self)", candidates: candidates.map(label)), destination: nil)
        }
        guard let destination = flow.destination(chosen.id, as: D.self) else {
            throw failure(.noVisibleDestination(type: "\(D.self)", visible: labels), destination: nil)
        }
        return (destination, label(chosen))
    }
}

/// A node as messages name it: `note(id: 1) #7`, `stack #2`.
func label<Route>(_ node: NavigationNode<Route>) -> String {
    if let route = node.route { return "\(route) \(node.id)" }
    return "\(node.kind) \(node.id)"
}

/// The nearest node of `kind` enclosing the element `id` (itself included), without crossing
/// a modal: what the user can reach from that screen.
func enclosing<Route>(_ kind: NodeKind, of id: ElementID, in state: NavigationState<Route>) -> NavigationNode<Route>? {
    guard let chain = ancestry(of: id, from: state.root) else { return nil }
    for link in chain.reversed() {
        if link.node.kind == kind { return link.node }
        if link.viaModal { return nil }
    }
    return nil
}

/// The nodes from `root` down to the element `id`, each marked with whether it is reached
/// through its parent's modal.
func ancestry<Route>(of id: ElementID, from root: NavigationNode<Route>) -> [(
    node: NavigationNode<Route>, viaModal: Bool
)]? {
    if root.id == id { return [(root, false)] }
    var children: [(NavigationNode<Route>, Bool)] = []
    switch root.content {
    case .screen: break
    case .stack(let stack): children = stack.elements.map { ($0, false) }
    case .tabs(let tabs): children = tabs.tabs.map { ($0.node, false) }
    case .split(let split): children = split.filledColumns.map { ($0.node, false) }
    }
    if let modal = root.modal { children.append((modal.node, true)) }
    for (child, viaModal) in children {
        if var rest = ancestry(of: id, from: child) {
            rest[0].viaModal = viaModal
            return [(root, false)] + rest
        }
    }
    return nil
}
