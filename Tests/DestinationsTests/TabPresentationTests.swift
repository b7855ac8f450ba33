import Destinations
import Testing

@MainActor
@Suite struct TabPresentationTests {
    @Test func selectTabShowsThatTabsSubtree() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.selectTab(.profile))
        #expect(flow.state == (try state(.tabs(threeTabsList, selected: .profile))))
        #expect(flow.visibleRoutes == [.settings])
        #expect(flow.focused?.route == .settings)
    }

    @Test func tabsKeepTheirOwnStacksWhenYouSwitchAwayAndBack() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.push(.detail(1)))
        try flow.apply(.selectTab(.profile))
        try flow.apply(.push(.about))
        try flow.apply(.selectTab(.inbox))
        #expect(
            flow.state.rendered() == """
                tabs #1 (selected: inbox)
                  [inbox] stack #2
                    home #3
                    detail(1) #7 ◀
                  [profile] stack #4
                    settings #5
                    about #8
                  [search] list #6
                """)
        try flow.apply(.selectTab(.profile))
        #expect(flow.focused?.route == .about)
    }

    @Test func selectingTheSelectedTabChangesNothing() throws {
        let log = Log()
        let flow = try makeFlow(threeTabs, log: log)
        _ = log.take()
        let before = FlowSnapshot(flow)
        try flow.apply(.selectTab(.inbox))
        #expect(FlowSnapshot(flow) == before)
        #expect(log.take().isEmpty)
    }

    @Test func switchingTabsTellsTheTopsOfBothTabs() throws {
        let log = Log()
        let flow = try makeFlow(threeTabs, log: log)
        #expect(log.take() == ["prepare home", "prepare settings", "prepare list", "appear home"])
        try flow.apply(.selectTab(.search))
        #expect(log.take() == ["disappear home", "appear list"])
    }

    @Test func presentInTabPushesOntoTheTabsStack() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.presentInTab(.profile, .about))
        #expect(
            flow.state.rendered() == """
                tabs #1 (selected: profile)
                  [inbox] stack #2
                    home #3
                  [profile] stack #4
                    settings #5
                    about #7 ◀
                  [search] list #6
                """)
    }

    @Test func presentingTheRouteATabShowsOnTopKeepsItsScreen() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.presentInTab(.profile, .about))
        let once = flow.state
        try flow.apply(.selectTab(.inbox))
        try flow.apply(.presentInTab(.profile, .about))
        #expect(flow.state == once, "the same screen, id and Destination: \(flow.state.rendered())")
        try flow.apply(.presentInTab(.search, .list))
        #expect(flow.state.node(ElementID(6))?.route == .list, "a tab that holds no stack keeps its screen too")
    }

    @Test func presentingTheRouteATabShowsUnderASheetShowsItUncovered() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.selectTab(.search))
        try flow.apply(.sheet(.about))
        try flow.apply(.presentInTab(.search, .list))
        #expect(flow.state.presentedModals.isEmpty, "\(flow.state.rendered())")
        #expect(flow.focused?.route == .list, "\(flow.state.rendered())")
    }

    @Test func presentInTabReplacesATabThatHoldsNoStack() throws {
        let log = Log()
        let flow = try makeFlow(threeTabs, log: log)
        try flow.apply(.presentInTab(.search, .detail(4)))
        #expect(
            flow.state.rendered() == """
                tabs #1 (selected: search)
                  [inbox] stack #2
                    home #3
                  [profile] stack #4
                    settings #5
                  [search] detail(4) #7 ◀
                """)
        #expect(log.alive == [.home, .settings, .detail(4)])
    }

    @Test func selectTabFromInsideASheetDismissesTheSheetOfTheTabItLeaves() throws {
        let log = Log()
        let flow = try makeFlow(threeTabs, log: log)
        try flow.apply(.sheet(.editor))
        _ = log.take()
        try flow.apply(.selectTab(.profile))
        #expect(flow.node(ElementID(3))?.modal == nil)
        #expect(flow.state.root.tabs?.selection == .profile)
        #expect(log.take() == ["disappear editor", "cleanup editor", "appear settings"])
        #expect(flow.state.presentedChain.isEmpty)
    }

    @Test func selectTabFindsTheNearestTabBarInsideAModalFirst() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(
            .present(.tabs([.tab(.inbox, .screen(.about)), .tab(.search, .screen(.list))]), style: .fullScreenCover))
        try flow.apply(.selectTab(.search))
        #expect(
            flow.state.rendered() == """
                tabs #1 (selected: inbox)
                  [inbox] stack #2
                    home #3
                      fullScreenCover: tabs #7 (selected: search)
                        [inbox] about #8
                        [search] list #9 ◀
                  [profile] stack #4
                    settings #5
                  [search] list #6
                """)
    }

    @Test func unknownTabThrowsAndNamesTheTabBar() throws {
        let flow = try makeFlow(threeTabs)
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.unknownTab("nowhere", tabs: ElementID(1))) {
            try flow.apply(.selectTab("nowhere"))
        }
        #expect(throws: NavigationError.unknownTab("nowhere", tabs: ElementID(1))) {
            try flow.apply(.presentInTab("nowhere", .about))
        }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func selectTabWithoutATabBarThrowsNoTabs() throws {
        let flow = try makeFlow(.stack(.home))
        #expect(throws: NavigationError.noTabs(from: ElementID(2))) {
            try flow.apply(.selectTab(.inbox))
        }
    }
}

let threeTabsList: [TabLayout<TestRoute>] = [
    .tab(.inbox, .stack(.home)),
    .tab(.profile, .stack(.settings)),
    .tab(.search, .screen(.list)),
]
