import Destinations
import Testing

/// The seams a review of tabs and side columns found: each test fails on the code before it.
@MainActor
@Suite struct ReviewedSeamsTests {
    @Test func hidingTheSelectedTabRemovesItsSheetFromTheStateAndItsDestination() throws {
        let flow = try makeFlow(threeTabs)
        let presenter = flow.focusedID
        try flow.apply(.sheet(.editor))
        let sheet = flow.focusedID
        try flow.apply(.arrangeTabs(TabArrangement(hidden: [.inbox])))
        #expect(flow.state.node(presenter)?.modal == nil, "the dismissed sheet stays dismissed")
        #expect(!flow.state.contains(sheet))
        #expect(flow.destination(sheet) == nil)
        #expect(Set(flow.destinations.keys) == Set(flow.state.nodes.filter(\.isScreen).map(\.id)))
    }

    @Test func aTabInsertedHiddenIsHidden() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.insertTab(.tab(.lists, .stack(.list), hidden: true)))
        #expect(flow.state.root.tabs?.hidden == [.lists])
        #expect(flow.state.root.tabs?.visibleTabs.map(\.id) == [.inbox, .profile, .search])
    }

    @Test func aPushFromTheSideColumnDismissesAPlainSheetInTheMainContentAsAPushFromThereWould() throws {
        let flow = try makeFlow(.sideColumn(.stack(.list), beside: threeTabs))
        try flow.apply(.sheet(.editor))
        let side = try #require(flow.state.root.split?.detail?.stack?.elements.last)
        try flow.apply(.push(.detail(5)), from: side.id)
        #expect(flow.state.presentedChain.isEmpty)
        #expect(flow.state.stack(inTab: .inbox)?.elements.map(\.route) == [.home, .detail(5)])
    }
}
