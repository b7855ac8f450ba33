import Destinations
import Testing

/// Seeded walks of random operations on a side column beside tabs: pushes from the main content
/// and from the side column (which land in the main content), sheets from the side column,
/// back, tab taps and width reports.
@MainActor
@Suite struct SideColumnPropertyTests {
    let layout: Layout<TestRoute> = .sideColumn(.stack(.list), beside: threeTabs)

    @Test(arguments: 0..<UInt64(12))
    func aSideColumnKeepsTheFocusOnTheMainContentAndFoldsWithoutRebuilding(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let flow = try makeFlow(layout)
        let splitID = flow.state.root.id
        for step in 0..<80 {
            let before = FlowSnapshot(flow)
            let side = try #require(flow.state.root.split?.detail)
            let sideTop = try #require(side.stack?.elements.last)
            switch Int.random(in: 0..<7, using: &random) {
            case 0: _ = try? flow.apply(.push(.detail(step)))
            case 1: _ = try? flow.apply(.push(.content(step)), from: sideTop.id)
            case 2: _ = try? flow.apply(.back)
            case 3: _ = try? flow.apply(.sheet(.editor), from: sideTop.id)
            case 4:
                if let sheet = flow.state.presentedChain.first?.modal { try flow.apply(.dismissed(modal: sheet)) }
            case 5:
                let tabs = try #require(flow.state.root.split?.sidebar)
                let tab = [TabID.inbox, .profile, .search].randomElement(using: &random) ?? .inbox
                _ = try? flow.apply(.selectedTab(tab, tabs: tabs.id))
            default:
                let compact = Bool.random(using: &random)
                try flow.apply(.changedWidth(isCompact: compact, split: splitID))
                // A fold adds and removes nothing, and rebuilds no Destination.
                #expect(flow.state.nodes.map(\.id) == before.state.nodes.map(\.id), "seed \(seed) step \(step)")
                #expect(
                    flow.destinations.mapValues(ObjectIdentifier.init) == before.destinations,
                    "seed \(seed) step \(step)")
            }
            let split = try #require(flow.state.root.split)
            #expect(split.isSideColumn)
            // The focus a commit finds on its walk over what is visible is the state's.
            #expect(
                flow.focusedDestination === flow.destination(flow.state.focusedScreen.id),
                "seed \(seed) step \(step)")
            #expect(
                split.detail?.stack?.elements.map(\.route) == [.list],
                "a push from the side column lands in the main content: seed \(seed) step \(step)")
            if flow.state.presentedChain.isEmpty {
                #expect(flow.state.root.focusedColumn == .sidebar, "seed \(seed) step \(step)")
            }
            let sideIDs = Set(split.detail.map { NavigationState(root: $0).nodes.map(\.id) } ?? [])
            let showsSide = flow.state.visibleScreens.contains { sideIDs.contains($0.id) }
            if split.isCollapsed && flow.state.presentedChain.isEmpty {
                #expect(!showsSide, "a folded side column is hidden: seed \(seed) step \(step)")
            }
            if !split.isCollapsed && flow.state.presentedChain.isEmpty {
                #expect(showsSide, "an unfolded side column shows: seed \(seed) step \(step)")
            }
        }
    }
}
