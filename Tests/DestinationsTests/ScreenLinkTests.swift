import Destinations
import Testing

/// `ScreenContext.navigate`, what SwiftUI's `RouteLink` runs: a presentation from the link's
/// screen, whose refusal is reported rather than thrown.
@MainActor
@Suite struct ScreenLinkTests {
    @Test func aLinkAppliesItsPresentationFromItsScreen() throws {
        let flow = try makeFlow(.split(sidebar: .stack(.menu), content: .emptyColumn))
        let menuID = try #require(flow.state.screens.first?.id)
        let menu = try #require(ScreenContext(menuID, in: flow))
        menu.navigate(.showNext(.list))
        menu.navigate(.showNext(.about))
        #expect(flow.state.root.split?.content?.stack?.elements.map(\.route) == [.about])
    }

    @Test func aRefusedLinkIsReportedAndChangesNothing() throws {
        let flow = try makeFlow(.stack(.menu))
        var refused: [NavigationError] = []
        flow.onRefusal = { error, _ in refused.append(error) }
        let menuID = try #require(flow.state.screens.first?.id)
        let menu = try #require(ScreenContext(menuID, in: flow))
        let before = flow.state
        menu.navigate(.back)
        #expect(flow.state == before)
        #expect(refused.count == 1)
    }

    @Test func aLinkOfAScreenThatLeftDoesNothing() throws {
        let flow = try makeFlow(.stack(.menu, .list))
        let list = try #require(ScreenContext(flow.state.focusedScreen.id, in: flow))
        try flow.apply(.back)
        let before = flow.state
        list.navigate(.push(.about))
        #expect(flow.state == before)
    }
}
