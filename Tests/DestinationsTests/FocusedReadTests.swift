import Destinations
import Testing

/// The focused reads (`focusedDestination`, `focusedDestination(as:)`, `focusedScreen`) answer
/// for the state as it is after every kind of change, and are unchanged by a refused one.
@MainActor
@Suite struct FocusedReadTests {
    /// Whether the three focused reads agree with the state's focused screen.
    private func expectFocusAgrees(
        _ flow: Flow<TestRoute>, on route: TestRoute, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let focused = flow.state.focusedScreen
        #expect(focused.route == route, sourceLocation: sourceLocation)
        #expect(flow.focusedScreen.id == focused.id, sourceLocation: sourceLocation)
        #expect(flow.focusedDestination === flow.destination(focused.id), sourceLocation: sourceLocation)
        #expect(flow.focusedDestination(as: Screen.self)?.route == route, sourceLocation: sourceLocation)
    }

    @Test func focusedDestinationFollowsPushesSheetsTabsAndRestores() throws {
        let flow = try makeFlow(threeTabs)
        expectFocusAgrees(flow, on: .home)

        try flow.apply(.push(.detail(1)))
        expectFocusAgrees(flow, on: .detail(1))

        try flow.apply(.sheet(.editor))
        expectFocusAgrees(flow, on: .editor)

        try flow.apply(.dismiss)
        expectFocusAgrees(flow, on: .detail(1))

        try flow.apply(.selectTab(.profile))
        expectFocusAgrees(flow, on: .settings)

        try flow.apply(.selectTab(.inbox))
        try flow.focused?.send(.back)
        expectFocusAgrees(flow, on: .home)

        try flow.restore(state(.stack(.about, .menu)))
        expectFocusAgrees(flow, on: .menu)

        try flow.apply(.replaceRoot(.stack(.login)))
        expectFocusAgrees(flow, on: .login)
    }

    @Test func focusedDestinationFollowsEventsAndUserActions() throws {
        let flow = try makeFlow(.stack(.home))
        let stackID = flow.state.root.id
        let homeID = flow.state.focusedScreen.id
        try flow.focused?.send(.next)
        expectFocusAgrees(flow, on: .detail(1))

        try flow.apply(.sheet(.editor))
        let sheetID = flow.state.focusedScreen.id
        try flow.apply(UserAction<TestRoute>.dismissed(modal: sheetID))
        expectFocusAgrees(flow, on: .detail(1))

        try flow.apply(UserAction<TestRoute>.popped(stack: stackID, to: homeID))
        expectFocusAgrees(flow, on: .home)
    }

    @Test func refusedChangeLeavesTheFocusedReadsAsTheyWere() throws {
        let flow = try makeFlow(.stack(.home, .list))
        let before = FlowSnapshot(flow)
        let focused = flow.focusedDestination

        #expect(throws: NavigationError.self) { try flow.apply(.push(.unprovided)) }
        #expect(throws: NavigationError.self) { try flow.apply(.push(.failing)) }
        #expect(throws: NavigationError.self) { try flow.apply(.selectTab(.inbox)) }

        #expect(FlowSnapshot(flow) == before)
        #expect(flow.focusedDestination === focused)
        expectFocusAgrees(flow, on: .list)
    }
}
