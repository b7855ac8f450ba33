import Destinations
import Testing

/// `.showNext` fits the phone and the pad layout with one presentation; a path shaped for a
/// stack is refused on a split layout instead of landing in the wrong column.
@MainActor
@Suite struct AdaptiveColumnTests {
    let phone: Layout<TestRoute> = .stack(.menu)
    let pad: Layout<TestRoute> = .split(sidebar: .stack(.menu), content: .emptyColumn)

    @Test func aLayoutStartsAThreeColumnSplitWithAnEmptyContentColumn() throws {
        let flow = try makeFlow(pad)
        #expect(
            flow.state.rendered() == """
                split #1 (3 columns)
                  [sidebar] stack #2
                    menu #3 ◀
                  [content] empty
                  [detail] empty
                """)
        #expect(flow.state.root.split?.columns == [.sidebar, .content, .detail])
    }

    @Test func showNextFillsTheNextColumnsOfASplitInTurn() throws {
        let flow = try makeFlow(pad)
        try flow.apply(.showNext(.list))
        try flow.apply(.showNext(.detail(1)))
        #expect(
            flow.state.rendered() == """
                split #1 (3 columns)
                  [sidebar] stack #2
                    menu #3
                  [content] stack #5
                    list #4
                  [detail] stack #7
                    detail(1) #6 ◀
                """)
    }

    @Test func showNextPushesWhereThereIsNoSplit() throws {
        let flow = try makeFlow(phone)
        try flow.apply(.path([.showNext(.list), .showNext(.detail(1))]))
        #expect(
            flow.state.rendered() == """
                stack #1
                  menu #2
                  list #3
                  detail(1) #4 ◀
                """)
    }

    @Test func showNextFromTheLastColumnPushesThere() throws {
        let flow = try makeFlow(pad)
        try flow.apply(.path([.showNext(.list), .showNext(.detail(1)), .showNext(.detail(2))]))
        #expect(flow.state.screens.suffix(2).map(\.route) == [.detail(1), .detail(2)])
        #expect(flow.focusedScreen.route == .detail(2))
    }

    @Test func showNextFromTheSidebarEmptiesTheColumnsAfterTheNextOne() throws {
        let log = Log()
        let flow = try makeFlow(pad, log: log)
        try flow.apply(.path([.showNext(.list), .showNext(.detail(1))]))
        let sidebar = try #require(flow.state.screens.first { $0.route == .menu }?.id)
        _ = log.take()
        try flow.apply(.showNext(.content(2)), from: sidebar)
        #expect(
            flow.state.rendered() == """
                split #1 (3 columns)
                  [sidebar] stack #2
                    menu #3
                  [content] stack #5
                    content(2) #8 ◀
                  [detail] empty
                """)
        #expect(!log.alive.contains(.detail(1)))
    }

    @Test func aStackShapedPathOnASplitIsRefusedAndChangesNothing() throws {
        let flow = try makeFlow(pad)
        try flow.apply(.path([.showNext(.list), .showNext(.detail(1))]))
        let before = flow.state
        #expect(throws: NavigationError.stackShapedPathInSplit(route: "menu", column: .detail, split: ElementID(1))) {
            try flow.apply(.setStack([.menu, .detail(2)]))
        }
        #expect(flow.state == before)
    }

    @Test func theSamePathFitsThePhone() throws {
        let flow = try makeFlow(phone)
        try flow.apply(.setStack([.menu, .detail(2)]))
        #expect(flow.state.screens.map(\.route) == [.menu, .detail(2)])
    }

    @Test func showingTheRouteAColumnAlreadyShowsKeepsItsScreenAndDestination() throws {
        let log = Log()
        let flow = try makeFlow(.split(sidebar: .screen(.menu), detail: .stack(.content(1), .detail(1))), log: log)
        let root = try #require(flow.state.screens.first { $0.route == .content(1) }?.id)
        _ = log.take()
        try flow.apply(.show(.content(1), in: .detail))
        #expect(flow.state.screens.map(\.route) == [.menu, .content(1)])
        #expect(flow.state.screens.last?.id == root)
        #expect(log.take() == ["disappear detail(1)", "cleanup detail(1)", "appear content(1)"])
        let again = flow.state
        try flow.apply(.show(.content(1), in: .detail))
        #expect(flow.state == again)
    }
}
