import Destinations
import Testing

/// Swipe back, swipe-down on a sheet, tab taps and column closes enter through the same
/// transaction as programmatic changes, and name what the user acted on by identity.
@MainActor
@Suite struct UserActionTests {
    @Test func swipingBackPopsTheStackToTheScreenLeftOnTop() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home, .list, .detail(1)), log: log)
        _ = log.take()
        try flow.apply(UserAction.popped(stack: ElementID(1), to: ElementID(2)))
        #expect(flow.state == (try state(.stack(.home))))
        #expect(log.take() == ["disappear detail(1)", "cleanup detail(1)", "cleanup list", "appear home"])
        #expect(log.alive == [.home])
    }

    @Test func swipingBackInASheetsStackPopsOnlyThatStack() throws {
        let flow = try makeFlow(.stack(.home, .list))
        try flow.apply(.present(.stack(.editor, .detail(1)), style: .sheet))
        try flow.apply(UserAction.popped(stack: ElementID(4), to: ElementID(5)))
        #expect(
            flow.state.rendered() == """
                stack #1
                  home #2
                  list #3
                    sheet: stack #4
                      editor #5 ◀
                """)
    }

    @Test func aPopToTheCurrentTopChangesNothing() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home, .list), log: log)
        _ = log.take()
        let before = FlowSnapshot(flow)
        try flow.apply(UserAction.popped(stack: ElementID(1), to: ElementID(3)))
        #expect(FlowSnapshot(flow) == before)
        #expect(log.take().isEmpty)
    }

    @Test func swipingASheetDownDismissesIt() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home), log: log)
        try flow.apply(.path([.sheetStack(.editor), .push(.detail(1))]))
        _ = log.take()
        try flow.apply(UserAction.dismissed(modal: ElementID(3)))
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

    @Test func aLateDismissalOfAnAlertLeavesTheSheetItsButtonPresentedAlone() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.alert(.confirm))
        let alert = flow.focusedID
        // The alert's button dismisses it and presents a sheet from the same screen…
        try flow.apply(.path([.dismiss, .sheet(.editor)]), from: alert)
        let withSheet = FlowSnapshot(flow)
        // …and then the platform reports the alert's own dismissal.
        #expect(throws: NavigationError.staleUserAction(.modalGone(alert))) {
            try flow.apply(UserAction.dismissed(modal: alert))
        }
        #expect(FlowSnapshot(flow) == withSheet)
        #expect(flow.focused?.route == .editor)
    }

    @Test func aGestureOnAReplacedStackIsRefusedAsStale() throws {
        let flow = try makeFlow(.stack(.home, .list))
        try flow.apply(.replaceRoot(.stack(.login, .about)))
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.staleUserAction(.elementGone(ElementID(1)))) {
            try flow.apply(UserAction.popped(stack: ElementID(1), to: ElementID(2)))
        }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func closingTheDetailColumnEmptiesIt() throws {
        let log = Log()
        let flow = try makeFlow(.split(sidebar: .stack(.menu), detail: .stack(.content(1), .detail(1))), log: log)
        _ = log.take()
        try flow.apply(UserAction.closedColumn(showing: ElementID(4)))
        #expect(
            flow.state.rendered() == """
                split #1 (2 columns)
                  [sidebar] stack #2
                    menu #3 ◀
                  [detail] empty
                """)
        #expect(log.alive == [.menu])
    }

    @Test func closingTheContentColumnEmptiesItAndTheDetail() throws {
        let flow = try makeFlow(.split(sidebar: .screen(.menu), content: .stack(.list), detail: .stack(.detail(1))))
        try flow.apply(UserAction.closedColumn(showing: ElementID(3)))
        #expect(
            flow.state.rendered() == """
                split #1 (3 columns)
                  [sidebar] menu #2 ◀
                  [content] empty
                  [detail] empty
                """)
    }

    @Test func aLateColumnCloseLeavesWhatTheColumnShowsNowAlone() throws {
        let flow = try makeFlow(.split(sidebar: .stack(.menu), detail: nil))
        try flow.apply(.show(.detail(1), in: .detail))
        let firstDetail = try #require(flow.state.root.split?.detail?.id)
        try flow.apply(UserAction.closedColumn(showing: firstDetail))
        try flow.apply(.show(.detail(2), in: .detail))
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.staleUserAction(.elementGone(firstDetail))) {
            try flow.apply(UserAction.closedColumn(showing: firstDetail))
        }
        #expect(FlowSnapshot(flow) == before)
        #expect(flow.state.focusedScreen.route == .detail(2))
    }

    @Test func movingASheetKeepsTheDetentForRestoration() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.sheet(.editor, SheetOptions(detents: [.medium, .large])))
        try flow.apply(UserAction.movedSheet(to: .large, modal: ElementID(3)))
        #expect(
            flow.state.presentedChain.first?.style
                == .sheet(SheetOptions(detents: [.medium, .large], selectedDetent: .large)))
        let before = flow.state
        try flow.apply(UserAction.movedSheet(to: .large, modal: ElementID(3)))
        #expect(flow.state == before)
    }

    @Test func aStaleOrWrongReportIsRefusedAndChangesNothing() throws {
        let flow = try makeFlow(
            .tabs([
                .tab(.inbox, .stack(.home)),
                .tab(.profile, .split(sidebar: .stack(.menu), detail: nil)),
            ]))
        try flow.apply(.sheet(.editor, SheetOptions(detents: [.medium])))
        let before = FlowSnapshot(flow)
        let refusals: [(UserAction<TestRoute>, NavigationError)] = [
            (
                .popped(stack: ElementID(2), to: ElementID(9)),
                .staleUserAction(.notInStack(ElementID(9), stack: ElementID(2)))
            ),
            (.popped(stack: ElementID(3), to: ElementID(3)), .staleUserAction(.notAStack(ElementID(3)))),
            (.popped(stack: ElementID(99), to: ElementID(3)), .staleUserAction(.elementGone(ElementID(99)))),
            (.dismissed(modal: ElementID(99)), .staleUserAction(.modalGone(ElementID(99)))),
            (.dismissed(modal: ElementID(3)), .staleUserAction(.notAModal(ElementID(3)))),
            (.selectedTab(.profile, tabs: ElementID(2)), .staleUserAction(.notTabs(ElementID(2)))),
            (.selectedTab("nowhere", tabs: ElementID(1)), .unknownTab("nowhere", tabs: ElementID(1))),
            (.closedColumn(showing: ElementID(2)), .staleUserAction(.notAColumn(ElementID(2)))),
            (.closedColumn(showing: ElementID(5)), .staleUserAction(.sidebarCannotClose(split: ElementID(4)))),
            (.closedColumn(showing: ElementID(99)), .staleUserAction(.elementGone(ElementID(99)))),
            (
                .movedSheet(to: .large, modal: ElementID(7)),
                .staleUserAction(.detentNotOffered(.large, modal: ElementID(7)))
            ),
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
        try byGesture.apply(UserAction.dismissed(modal: ElementID(9)))
        try byGesture.apply(UserAction.popped(stack: ElementID(2), to: ElementID(3)))
        try byGesture.apply(UserAction.selectedTab(.profile, tabs: ElementID(1)))
        try byCode.apply(.path([.dismiss, .popToRoot, .selectTab(.profile)]))
        #expect(byGesture.state == byCode.state)
        #expect(byGesture.destinations.keys.sorted() == byCode.destinations.keys.sorted())
    }
}
