import Destinations
import Testing

@MainActor
@Suite struct SplitPresentationTests {
    let twoColumns: Layout<TestRoute> = .split(sidebar: .screen(.menu))
    let threeColumns: Layout<TestRoute> = .split(
        sidebar: .stack(.menu), content: .screen(.list), detail: .screen(.detail(1)))

    @Test func showInAnEmptyColumnPutsTheScreenInANewStackThere() throws {
        let flow = try makeFlow(twoColumns)
        try flow.apply(.show(.content(1), in: .detail))
        #expect(
            flow.state.rendered() == """
                split #1 (2 columns)
                  [sidebar] menu #2
                  [detail] stack #4
                    content(1) #3 ◀
                """)
        #expect(flow.visibleRoutes == [.menu, .content(1)])
    }

    @Test func theNewColumnStackCanPush() throws {
        let flow = try makeFlow(twoColumns)
        try flow.apply(.path([.show(.content(1), in: .detail), .push(.detail(1))]))
        #expect(
            flow.state.rendered() == """
                split #1 (2 columns)
                  [sidebar] menu #2
                  [detail] stack #4
                    content(1) #3
                    detail(1) #5 ◀
                """)
    }

    @Test func showInAColumnThatHoldsAStackResetsTheStackToTheScreen() throws {
        let log = Log()
        let flow = try makeFlow(.split(sidebar: .screen(.menu), detail: .stack(.content(1), .detail(1))), log: log)
        _ = log.take()
        try flow.apply(.show(.content(2), in: .detail))
        #expect(
            flow.state.rendered() == """
                split #1 (2 columns)
                  [sidebar] menu #2
                  [detail] stack #3
                    content(2) #6 ◀
                """)
        #expect(
            log.take() == [
                "disappear detail(1)", "cleanup content(1)", "cleanup detail(1)", "prepare content(2)",
                "appear content(2)",
            ])
        #expect(log.alive == [.menu, .content(2)])
    }

    @Test func showInAColumnThatHoldsAScreenReplacesIt() throws {
        let flow = try makeFlow(threeColumns)
        try flow.apply(.show(.content(2), in: .content))
        #expect(
            flow.state.rendered() == """
                split #1 (3 columns)
                  [sidebar] stack #2
                    menu #3
                  [content] content(2) #6
                  [detail] detail(1) #5 ◀
                """)
        #expect(flow.visibleRoutes == [.menu, .content(2), .detail(1)])
    }

    @Test func showFromTheSidebarReplacesTheDetailAndFocusesIt() throws {
        let flow = try makeFlow(threeColumns)
        try flow.apply(.show(.detail(9), in: .detail), from: ElementID(3))
        #expect(flow.state.focusedScreen.route == .detail(9))
        #expect(flow.destinations.count == 3)
    }

    @Test func showFromASheetOverTheSplitChangesTheColumnUnderIt() throws {
        let flow = try makeFlow(twoColumns)
        try flow.apply(.sheet(.editor))
        try flow.apply(.show(.content(1), in: .detail))
        #expect(
            flow.state.rendered() == """
                split #1 (2 columns)
                  [sidebar] menu #2
                    sheet: editor #3 ◀
                  [detail] stack #5
                    content(1) #4
                """)
    }

    @Test func aTwoColumnSplitHasNoContentColumn() throws {
        let flow = try makeFlow(twoColumns)
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.noSuchColumn(.content, split: ElementID(1))) {
            try flow.apply(.show(.list, in: .content))
        }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func showWithoutASplitThrowsNoSplit() throws {
        let flow = try makeFlow(.stack(.home))
        #expect(throws: NavigationError.noSplit(from: ElementID(2))) {
            try flow.apply(.show(.list, in: .detail))
        }
    }

    @Test func theRightmostFilledColumnHasTheFocus() throws {
        let flow = try makeFlow(.split(sidebar: .screen(.menu), content: .screen(.list)))
        #expect(
            flow.state.rendered() == """
                split #1 (3 columns)
                  [sidebar] menu #2
                  [content] list #3 ◀
                  [detail] empty
                """)
    }

    @Test func aSheetPresentedFromTheSidebarCoversTheWholeSplitAndHasTheFocus() throws {
        let flow = try makeFlow(.split(sidebar: .screen(.menu), detail: .screen(.detail(1))))
        try flow.apply(.sheet(.editor), from: ElementID(2))
        #expect(flow.state.focusedScreen.route == .editor)
        #expect(flow.visibleRoutes == [.editor])
        try flow.apply(.dismissAll)
        #expect(flow.state == (try state(.split(sidebar: .screen(.menu), detail: .screen(.detail(1))))))
    }

    @Test func anAlertFromTheSidebarLeavesTheColumnsVisibleAndHasTheFocus() throws {
        let flow = try makeFlow(.split(sidebar: .screen(.menu), detail: .screen(.detail(1))))
        try flow.apply(.alert(.confirm), from: ElementID(2))
        #expect(flow.state.focusedScreen.route == .confirm)
        #expect(Set(flow.visibleRoutes) == [.menu, .confirm, .detail(1)])
    }
}
