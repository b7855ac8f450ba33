import Destinations
import Testing

@MainActor
@Suite struct StackPresentationTests {
    @Test func pushAddsTheScreenOnTopOfTheNearestStack() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.push(.detail(1)))
        #expect(
            flow.state.rendered() == """
                stack #1
                  home #2
                  detail(1) #3 ◀
                """)
        #expect(flow.focused?.route == .detail(1))
    }

    @Test func pushFromAScreenInASheetPushesOntoTheSheetsStack() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.sheetStack(.editor))
        try flow.apply(.push(.detail(2)))
        #expect(
            flow.state.rendered() == """
                stack #1
                  home #2
                    sheet: stack #3
                      editor #4
                      detail(2) #5 ◀
                """)
    }

    @Test func pushFromAScreenInAnUnselectedTabPushesOntoThatTabsStack() throws {
        let flow = try makeFlow(threeTabs)
        let settings = try #require(flow.state.screens.first { $0.route == .settings })
        try flow.apply(.push(.about), from: settings.id)
        #expect(
            flow.state.rendered() == """
                tabs #1 (selected: inbox)
                  [inbox] stack #2
                    home #3 ◀
                  [profile] stack #4
                    settings #5
                    about #7
                  [search] list #6
                """)
    }

    @Test func pushInASplitColumnPushesOntoThatColumnsStack() throws {
        let flow = try makeFlow(.split(sidebar: .screen(.menu), detail: .stack(.content(1))))
        try flow.apply(.push(.detail(1)))
        #expect(
            flow.state.rendered() == """
                split #1 (2 columns)
                  [sidebar] menu #2
                  [detail] stack #3
                    content(1) #4
                    detail(1) #5 ◀
                """)
    }

    @Test func pushFromAScreenThatPresentsASheetPushesUnderTheSheet() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home), log: log)
        try flow.apply(.sheet(.editor))
        _ = log.take()
        try flow.apply(.push(.detail(1)), from: ElementID(2))
        #expect(
            flow.state.rendered() == """
                stack #1
                  home #2
                    sheet: editor #3 ◀
                  detail(1) #4
                """)
        #expect(flow.visibleRoutes == [.editor])
        #expect(log.take() == ["prepare detail(1)"])
        try flow.apply(.dismiss)
        #expect(
            flow.state.rendered() == """
                stack #1
                  home #2
                  detail(1) #4 ◀
                """)
        #expect(log.take() == ["disappear editor", "cleanup editor", "appear detail(1)"])
    }

    @Test func anAlertFromAScreenBelowTheTopShowsOverTheTop() throws {
        let flow = try makeFlow(.stack(.home, .list))
        try flow.apply(.alert(.confirm), from: ElementID(2))
        #expect(flow.visibleRoutes == [.list, .confirm])
        #expect(flow.focused?.route == .confirm)
    }

    @Test func backPopsTheTopScreenAndFocusesTheOneBelow() throws {
        let flow = try makeFlow(.stack(.home, .list, .detail(1)))
        try flow.apply(.back)
        #expect(flow.state == (try state(.stack(.home, .list))))
        #expect(flow.focused?.route == .list)
    }

    @Test func backFromASheetsStackPopsInsideTheSheet() throws {
        let flow = try makeFlow(.stack(.home, .list))
        try flow.apply(.present(.stack(.editor, .detail(1)), style: .sheet))
        try flow.apply(.back)
        #expect(
            flow.state.rendered() == """
                stack #1
                  home #2
                  list #3
                    sheet: stack #4
                      editor #5 ◀
                """)
    }

    @Test func popToRootKeepsOnlyTheRoot() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home, .list, .detail(1), .detail(2)), log: log)
        _ = log.take()
        try flow.apply(.popToRoot)
        #expect(flow.state == (try state(.stack(.home))))
        #expect(
            log.take() == [
                "disappear detail(2)", "cleanup detail(2)", "cleanup detail(1)", "cleanup list", "appear home",
            ])
    }

    @Test func popToRootOnAStackThatHoldsOnlyItsRootChangesNothing() throws {
        let flow = try makeFlow(.stack(.home))
        let before = FlowSnapshot(flow)
        try flow.apply(.popToRoot)
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func popToMovesToTheNearestEarlierScreenOfTheRoute() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home, .detail(1), .list, .detail(1), .about), log: log)
        _ = log.take()
        try flow.apply(.popTo(.detail(1)))
        #expect(flow.state == (try state(.stack(.home, .detail(1), .list, .detail(1)))))
        #expect(log.take() == ["disappear about", "cleanup about", "appear detail(1)"])
    }

    @Test func popToPopsEveryScreenBetween() throws {
        let flow = try makeFlow(.stack(.home, .list, .detail(1), .detail(2), .about))
        try flow.apply(.popTo(.list))
        #expect(flow.state == (try state(.stack(.home, .list))))
        #expect(flow.destinations.count == 2)
    }

    @Test func popToDoesNotMatchTheTopScreenItself() throws {
        let flow = try makeFlow(.stack(.home, .list))
        #expect(throws: NavigationError.routeNotInStack(route: "list", stack: ElementID(1))) {
            try flow.apply(.popTo(.list))
        }
    }

    @Test func replaceCurrentSwapsTheTopScreenInPlace() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home, .list), log: log)
        _ = log.take()
        try flow.apply(.replaceCurrent(.about))
        #expect(
            flow.state.rendered() == """
                stack #1
                  home #2
                  about #4 ◀
                """)
        #expect(log.take() == ["disappear list", "cleanup list", "prepare about", "appear about"])
        #expect(log.alive == [.home, .about])
    }

    @Test func replaceCurrentInASheetKeepsTheSheetAndReplacesItsScreen() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.sheet(.editor))
        try flow.apply(.replaceCurrent(.about))
        #expect(
            flow.state.rendered() == """
                stack #1
                  home #2
                    sheet: about #4 ◀
                """)
    }

    @Test func replaceCurrentOfAScreenThatPresentsRemovesItsModalToo() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home, .list), log: log)
        try flow.apply(.sheet(.editor))
        let list = try #require(flow.state.screens.first { $0.route == .list })
        try flow.apply(.replaceCurrent(.about), from: list.id)
        #expect(
            flow.state.rendered() == """
                stack #1
                  home #2
                  about #5 ◀
                """)
        #expect(log.alive == [.home, .about])
    }

    @Test func stackOperationsWorkInEveryContainerThatHoldsAStack() throws {
        let flow = try makeFlow(
            .tabs([
                .tab(.inbox, .split(sidebar: .screen(.menu), detail: .stack(.content(1), .detail(1), .detail(2)))),
                .tab(.profile, .stack(.settings, .about, .list)),
            ]))
        try flow.apply(.popToRoot)
        try flow.apply(.replaceCurrent(.content(2)))
        try flow.apply(.path([.selectTab(.profile), .popTo(.settings), .replaceCurrent(.about)]))
        try flow.apply(
            .path([.present(.stack(.editor, .detail(3), .detail(4)), style: .fullScreenCover), .popTo(.editor)]))
        #expect(
            flow.state.rendered() == """
                tabs #1 (selected: profile)
                  [inbox] split #2 (2 columns)
                    [sidebar] menu #3
                    [detail] stack #4
                      content(2) #12
                  [profile] stack #8
                    about #13
                      fullScreenCover: stack #14
                        editor #15 ◀
                """)
    }

    @Test func aFlowNumbersElementsWithTheInjectedGenerator() throws {
        let flow = try makeFlow(.stack(.home), ids: SequentialElementIDs(startingAt: 100))
        try flow.apply(.push(.list))
        #expect(flow.state.nodes.map(\.id.rawValue) == [100, 101, 102])
        #expect(flow.destination(ElementID(102), as: Screen.self)?.route == .list)
    }
}
