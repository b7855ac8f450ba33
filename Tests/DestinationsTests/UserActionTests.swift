import Destinations
import Testing

/// Swipe back, swipe-down on a sheet and tab taps enter through the same transaction as
/// programmatic changes.
@MainActor
@Suite struct UserActionTests {
    @Test func swipingBackPopsTheStackToWhatTheScreenShows() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home, .list, .detail(1)), log: log)
        _ = log.take()
        try flow.apply(UserAction.popped(stack: ElementID(1), toCount: 1))
        #expect(flow.state == (try state(.stack(.home))))
        #expect(log.take() == ["disappear detail(1)", "cleanup detail(1)", "cleanup list", "appear home"])
        #expect(log.alive == [.home])
    }

    @Test func swipingBackInASheetsStackPopsOnlyThatStack() throws {
        let flow = try makeFlow(.stack(.home, .list))
        try flow.apply(.present(.stack(.editor, .detail(1)), style: .sheet))
        try flow.apply(UserAction.popped(stack: ElementID(4), toCount: 1))
        #expect(flow.state.rendered() == """
            stack #1
              home #2
              list #3
                sheet: stack #4
                  editor #5 ◀
            """)
    }

    @Test func aPopToTheCurrentCountChangesNothing() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home, .list), log: log)
        _ = log.take()
        let before = FlowSnapshot(flow)
        try flow.apply(UserAction.popped(stack: ElementID(1), toCount: 2))
        #expect(FlowSnapshot(flow) == before)
        #expect(log.take().isEmpty)
    }

    @Test func swipingASheetDownDismissesIt() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home), log: log)
        try flow.apply(.path([.sheetStack(.editor), .push(.detail(1))]))
        _ = log.take()
        try flow.apply(UserAction.dismissed(presenter: ElementID(2)))
        #expect(flow.state == (try state(.stack(.home))))
        #expect(log.take() == ["disappear detail(1)", "cleanup editor", "cleanup detail(1)", "appear home"])
    }

    @Test func tappingATabSelectsIt() throws {
        let log = Log()
        let flow = try makeFlow(threeTabs, log: log)
        _ = log.take()
        try flow.apply(UserAction.selectedTab(.search, tabs: ElementID(1)))
        #expect(flow.state == (try state(.tabs(threeTabsList, selected: .search))))
        #expect(log.take() == ["disappear home", "appear list"])
    }

    @Test func tappingTheTabBarOfAModalSelectsThere() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.present(.tabs([.tab(.inbox, .screen(.about)), .tab(.search, .screen(.list))]), style: .sheet))
        try flow.apply(UserAction.selectedTab(.search, tabs: ElementID(3)))
        #expect(flow.focused?.route == .list)
    }

    @Test func aStaleGestureIsRefusedAndChangesNothing() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.sheet(.editor))
        let before = FlowSnapshot(flow)
        let refusals: [(UserAction<TestRoute>, NavigationError)] = [
            (.popped(stack: ElementID(2), toCount: 2), .staleUserAction(.stackTooShort(stack: ElementID(2), count: 1, requested: 2))),
            (.popped(stack: ElementID(2), toCount: 0), .staleUserAction(.stackTooShort(stack: ElementID(2), count: 1, requested: 0))),
            (.popped(stack: ElementID(3), toCount: 1), .staleUserAction(.notAStack(ElementID(3)))),
            (.popped(stack: ElementID(99), toCount: 1), .unknownElement(ElementID(99))),
            (.dismissed(presenter: ElementID(5)), .staleUserAction(.notPresenting(ElementID(5)))),
            (.dismissed(presenter: ElementID(99)), .unknownElement(ElementID(99))),
            (.selectedTab(.profile, tabs: ElementID(2)), .staleUserAction(.notTabs(ElementID(2)))),
            (.selectedTab("nowhere", tabs: ElementID(1)), .unknownTab("nowhere", tabs: ElementID(1))),
        ]
        for (action, error) in refusals {
            #expect(throws: error, "\(action)") { try flow.apply(action) }
        }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func aGestureAndTheSamePresentationLeadToTheSameState() throws {
        let byGesture = try makeFlow(threeTabs)
        let byCode = try makeFlow(threeTabs)
        for flow in [byGesture, byCode] {
            try flow.apply(.path([.push(.list), .push(.detail(1)), .sheet(.editor)]))
        }
        try byGesture.apply(UserAction.dismissed(presenter: ElementID(8)))
        try byGesture.apply(UserAction.popped(stack: ElementID(2), toCount: 1))
        try byGesture.apply(UserAction.selectedTab(.profile, tabs: ElementID(1)))
        try byCode.apply(.path([.dismiss, .popToRoot, .selectTab(.profile)]))
        #expect(byGesture.state == byCode.state)
        #expect(byGesture.destinations.keys.sorted() == byCode.destinations.keys.sorted())
    }
}
