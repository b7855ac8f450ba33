import Testing

@testable import Destinations

/// ``NavigationNode/focusedColumn``: the column a collapsed split view shows.
@MainActor
@Suite struct FocusedColumnTests {
    @Test func theLastFilledColumnHasTheFocus() throws {
        let flow = try makeFlow(.split(sidebar: .screen(.menu), detail: .stack(.content(1))))
        #expect(flow.state.root.focusedColumn == .detail)
        try flow.apply(.closedColumn(showing: try #require(flow.state.root.split?.detail?.id)))
        #expect(flow.state.root.focusedColumn == .sidebar)
    }

    @Test func aThreeColumnSplitWithOnlyItsSidebarFocusesTheSidebar() throws {
        let flow = try makeFlow(.split(sidebar: .screen(.menu), content: .screen(.list)))
        #expect(flow.state.root.focusedColumn == .content)
        try flow.apply(.show(.detail(2), in: .detail))
        #expect(flow.state.root.focusedColumn == .detail)
    }

    @Test func aColumnThatPresentsKeepsTheFocus() throws {
        let flow = try makeFlow(.split(sidebar: .screen(.menu), detail: .screen(.content(1))))
        let sidebar = try #require(flow.state.root.split?.sidebar.id)
        try flow.apply(.sheet(.editor), from: sidebar)
        #expect(flow.state.root.focusedColumn == .sidebar)
    }

    @Test func otherElementsHaveNoFocusedColumn() throws {
        let flow = try makeFlow(.stack(.home))
        #expect(flow.state.root.focusedColumn == nil)
    }
}
