import Destinations
import Foundation
import Testing

extension TabID {
    static let lists: TabID = "lists"
    static let post: TabID = "post"
}

@MainActor
@Suite struct TabSetTests {
    @Test func insertingATabKeepsEveryOtherTabsScreensAndDestinations() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.push(.detail(1)))
        let before = flow.destinations.mapValues(ObjectIdentifier.init)
        try flow.apply(.insertTab(.tab(.lists, .stack(.content(7)), section: "Lists"), at: 1))
        #expect(flow.state.root.tabs?.ids == [.inbox, .lists, .profile, .search])
        #expect(flow.state.root.tabs?.selection == .inbox)
        #expect(flow.state.root.tabs?.tabs[1].section == "Lists")
        #expect(flow.state.stack(inTab: .lists)?.elements.map(\.route) == [.content(7)])
        let after = flow.destinations.mapValues(ObjectIdentifier.init)
        for (id, object) in before { #expect(after[id] == object, "the Destination of \(id) survives") }
        // The moved tabs are found where they now are.
        try flow.apply(.presentInTab(.profile, .about))
        #expect(flow.state.stack(inTab: .profile)?.elements.map(\.route) == [.settings, .about])
        #expect(flow.node(flow.focusedID)?.route == .about)
    }

    @Test func removingTheSelectedTabSelectsTheNextVisibleTab() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.selectTab(.profile))
        try flow.apply(.removeTab(.profile))
        #expect(flow.state.root.tabs?.ids == [.inbox, .search])
        #expect(flow.state.root.tabs?.selection == .search)
        #expect(flow.visibleRoutes == [.list])
    }

    @Test func removingTheLastSelectedTabSelectsThePreviousOne() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.selectTab(.search))
        try flow.apply(.removeTab(.search))
        #expect(flow.state.root.tabs?.selection == .profile)
    }

    @Test func removingATabRemovesItsDestinations() throws {
        let log = Log()
        let flow = try makeFlow(threeTabs, log: log)
        try flow.apply(.presentInTab(.profile, .about))
        try flow.apply(.selectTab(.inbox))
        _ = log.take()
        try flow.apply(.removeTab(.profile))
        #expect(flow.state.nodes.allSatisfy { $0.route != .about && $0.route != .settings })
        #expect(flow.destinations.count == flow.state.screens.count)
    }

    @Test func refusedTabSetChangesLeaveEverythingAsItWas() throws {
        let flow = try makeFlow(.tabs([.tab(.inbox, .stack(.home))]))
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.noTabLeft(tabs: ElementID(1))) { try flow.apply(.removeTab(.inbox)) }
        #expect(throws: NavigationError.duplicateTab(.inbox, tabs: ElementID(1))) {
            try flow.apply(.insertTab(.tab(.inbox, .stack(.list))))
        }
        #expect(throws: NavigationError.unknownTab(.profile, tabs: ElementID(1))) {
            try flow.apply(.removeTab(.profile))
        }
        #expect(throws: NavigationError.unknownTab(.profile, tabs: ElementID(1))) {
            try flow.apply(.moveTab(.profile, to: 0))
        }
        #expect(throws: NavigationError.noTabLeft(tabs: ElementID(1))) {
            try flow.apply(.arrangeTabs(TabArrangement(hidden: [.inbox])))
        }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func movingATabKeepsItsScreensAndTheSelection() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.push(.detail(2)))
        let pushed = flow.focusedID
        try flow.apply(.moveTab(.inbox, to: 2))
        #expect(flow.state.root.tabs?.ids == [.profile, .search, .inbox])
        #expect(flow.state.root.tabs?.selection == .inbox)
        #expect(flow.focusedID == pushed)
        try flow.apply(.back)
        #expect(flow.state.stack(inTab: .inbox)?.elements.map(\.route) == [.home])
    }

    @Test func aGuardRefusingATabInsertionLeavesEverythingAsItWas() throws {
        var configuration = FlowConfiguration(
            layout: threeTabs, providers: testProviders(log: Log()), logger: .disabled)
        configuration.guards = [
            NavigationGuard("no lists") { change in
                change.added.contains(.content(7)) ? .deny(reason: "not signed in") : .allow
            }
        ]
        let flow = try Flow(configuration)
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.self) { try flow.apply(.insertTab(.tab(.lists, .stack(.content(7))))) }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func aHookThatInsertsATabDuringACommitIsQueuedNotLost() throws {
        let flow = try makeFlow(threeTabs)
        var inserted = false
        let observation = flow.observeChanges { [weak flow] _ in
            guard let flow, !inserted else { return }
            inserted = true
            _ = try? flow.apply(.insertTab(.tab(.lists, .stack(.content(3)))))
        }
        try flow.apply(.push(.detail(1)))
        #expect(flow.state.root.tabs?.ids == [.inbox, .profile, .search, .lists])
        #expect(flow.state.stack(inTab: .inbox)?.elements.map(\.route) == [.home, .detail(1)])
        observation.cancel()
    }
}
