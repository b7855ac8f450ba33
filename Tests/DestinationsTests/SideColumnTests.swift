import Destinations
import Foundation
import Testing

/// A side column beside main content, the declared primary column of a split, and folding at
/// compact width.
@MainActor
@Suite struct SideColumnTests {
    /// Notifications (`list`) beside the tabs of the main content.
    let social: Layout<TestRoute> = .sideColumn(.stack(.list), beside: threeTabs)

    @Test func aPushLandsInTheMainContentNotTheSideColumn() throws {
        let flow = try makeFlow(social)
        try flow.apply(.push(.detail(1)))
        #expect(flow.state.focusedScreen.route == .detail(1))
        #expect(flow.state.stack(inTab: .inbox)?.elements.map(\.route) == [.home, .detail(1)])
        #expect(flow.state.root.split?.detail?.stack?.elements.map(\.route) == [.list])
        #expect(flow.state.root.focusedColumn == .sidebar)
    }

    @Test func aSideColumnPrintsAsOneAndIsPrimaryOnTheLeadingColumn() throws {
        let state = try NavigationState(social)
        let split = try #require(state.root.split)
        #expect(split.isSideColumn)
        #expect(split.primary == .sidebar)
        #expect(state.rendered().hasPrefix("split #1 (side column)"))
    }

    @Test func aDeclaredPrimaryColumnOfASplitTakesTheFocusFromTheLastColumn() throws {
        let flow = try makeFlow(
            .split(sidebar: .stack(.menu), content: .stack(.list), detail: .stack(.detail(1)), primary: .content))
        try flow.apply(.push(.detail(2)))
        #expect(flow.state.root.focusedColumn == .content)
        #expect(flow.state.root.split?.content?.stack?.elements.map(\.route) == [.list, .detail(2)])
        #expect(flow.state.root.split?.detail?.stack?.elements.map(\.route) == [.detail(1)])
    }

    @Test func aSplitWithoutAPrimaryColumnStillFocusesItsLastFilledColumn() throws {
        let flow = try makeFlow(.split(sidebar: .stack(.menu), detail: .stack(.detail(1))))
        try flow.apply(.push(.detail(2)))
        #expect(flow.state.root.focusedColumn == .detail)
        #expect(flow.state.root.split?.detail?.stack?.elements.map(\.route) == [.detail(1), .detail(2)])
    }

    @Test func aPrimaryContentColumnInATwoColumnSplitIsRefused() {
        #expect(throws: NavigationError.invalidLayout(.primaryColumnMissing(.content))) {
            try NavigationState<TestRoute>(.split(sidebar: .screen(.menu), detail: .screen(.list), primary: .content))
        }
    }

    @Test func aSheetFromTheSideColumnHoldsTheFocusUntilItIsDismissed() throws {
        let flow = try makeFlow(social)
        let side = try #require(flow.state.root.split?.detail?.stack?.elements.last)
        try flow.apply(.sheet(.editor), from: side.id)
        #expect(flow.state.focusedScreen.route == .editor)
        #expect(flow.state.root.focusedColumn == .detail)
        let sheet = try #require(flow.state.presentedChain.first?.modal)
        try flow.apply(.dismissed(modal: sheet))
        #expect(flow.state.root.focusedColumn == .sidebar)
        #expect(flow.state.focusedScreen.route == .home)
    }

    @Test func aPushFromTheSideColumnLandsOnTheFocusedStackOfTheMainContent() throws {
        let flow = try makeFlow(social)
        try flow.apply(.selectTab(.profile))
        let side = try #require(flow.state.root.split?.detail?.stack?.elements.last)
        try flow.apply(.push(.detail(3)), from: side.id)
        #expect(flow.state.stack(inTab: .profile)?.elements.map(\.route) == [.settings, .detail(3)])
        #expect(flow.state.root.split?.detail?.stack?.elements.map(\.route) == [.list])
        #expect(flow.state.focusedScreen.route == .detail(3))
    }

    @Test func aSheetTheSideColumnPresentsPushesInItsOwnStack() throws {
        let flow = try makeFlow(social)
        let side = try #require(flow.state.root.split?.detail?.stack?.elements.last)
        try flow.apply(.sheetStack(.editor), from: side.id)
        try flow.apply(.push(.detail(4)))
        #expect(flow.state.presentedChain.first?.presenter == side.id)
        #expect(flow.state.focusedScreen.route == .detail(4))
        #expect(flow.state.stack(inTab: .inbox)?.elements.map(\.route) == [.home])
    }

    @Test func foldingAtCompactWidthHidesTheSideColumnAndKeepsEveryElementAndDestination() throws {
        let log = Log()
        let flow = try makeFlow(social, log: log)
        try flow.apply(.push(.detail(1)))
        let side = try #require(flow.state.root.split?.detail?.stack?.elements.last)
        try flow.apply(.setStack([.list, .detail(7)]), from: side.id)
        let before = FlowSnapshot(flow)
        let built = log.builtCount
        #expect(flow.visibleRoutes == [.detail(1), .detail(7)])

        try flow.apply(.changedWidth(isCompact: true, split: flow.state.root.id))
        #expect(flow.state.root.split?.isCollapsed == true)
        #expect(flow.visibleRoutes == [.detail(1)])
        #expect(flow.destinations.mapValues(ObjectIdentifier.init) == before.destinations)
        #expect(flow.state.nodes.map(\.id) == before.state.nodes.map(\.id))

        try flow.apply(.changedWidth(isCompact: false, split: flow.state.root.id))
        #expect(flow.state == before.state)
        #expect(FlowSnapshot(flow) == before)
        #expect(flow.visibleRoutes == [.detail(1), .detail(7)])
        #expect(log.builtCount == built)
    }

    @Test func aPushWhileFoldedStillLandsInTheMainContent() throws {
        let flow = try makeFlow(social)
        try flow.apply(.changedWidth(isCompact: true, split: flow.state.root.id))
        try flow.apply(.push(.detail(3)))
        #expect(flow.state.stack(inTab: .inbox)?.elements.map(\.route) == [.home, .detail(3)])
        #expect(flow.visibleRoutes == [.detail(3)])
    }

    @Test func reportingTheWidthTheSplitAlreadyHasChangesNothing() throws {
        let flow = try makeFlow(social)
        let before = flow.state
        try flow.apply(.changedWidth(isCompact: false, split: flow.state.root.id))
        #expect(flow.state == before)
        #expect(flow.state.root.split?.isCollapsed == false)
    }

    @Test func aWidthReportNamingAnElementThatIsNotASplitIsRefusedAndChangesNothing() throws {
        let flow = try makeFlow(social)
        let before = FlowSnapshot(flow)
        let tabs = try #require(flow.state.root.split?.sidebar.id)
        #expect(throws: NavigationError.staleUserAction(.notASplit(tabs))) {
            try flow.apply(.changedWidth(isCompact: true, split: tabs))
        }
        #expect(throws: NavigationError.staleUserAction(.elementGone(ElementID(999)))) {
            try flow.apply(.changedWidth(isCompact: true, split: ElementID(999)))
        }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func aFoldedSideColumnSavesAndRestoresWithItsPrimaryColumn() throws {
        let flow = try makeFlow(social)
        try flow.apply(.push(.detail(1)))
        try flow.apply(.changedWidth(isCompact: true, split: flow.state.root.id))
        let data = try JSONEncoder().encode(flow.state)
        let restored = try JSONDecoder().decode(NavigationState<TestRoute>.self, from: data)
        #expect(restored == flow.state)
        #expect(restored.root.split?.isSideColumn == true)
        #expect(restored.root.split?.isCollapsed == true)
    }

    @Test func aSavedSplitWithAPrimaryContentColumnButTwoColumnsIsRefused() throws {
        let saved = """
            {"id":1,"split":{"columns":2,"primary":"content","sidebar":{"id":2,"screen":{"menu":{}}}}}
            """
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NavigationState<TestRoute>.self, from: Data(saved.utf8))
        }
    }
}
