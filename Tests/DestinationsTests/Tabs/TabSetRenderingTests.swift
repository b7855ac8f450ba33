import Testing

@testable import Destinations

/// A renderer follows tab-set changes step by step: the tabs that stay keep their controllers,
/// and the bar is never rebuilt.
@MainActor
@Suite struct TabSetRenderingTests {
    @Test func aWindowFollowsTabSetChangesKeepingTheControllersOfTabsThatStay() throws {
        let flow = try makeFlow(threeTabs)
        let window = FakeWindow()
        let host = FakeUIKitHost(window: window)
        let scheduler = RenderScheduler(host: host)
        host.scheduler = scheduler
        scheduler.show(flow.state, animated: false)
        window.finishAll()
        try flow.apply(.push(.detail(1)))
        let pushed = flow.focusedID
        let changes: [Presentation<TestRoute>] = [
            .insertTab(.tab(.lists, .stack(.content(2))), at: 0),
            .moveTab(.inbox, to: 3),
            .insertTab(.action(.post, presents: .stack(.editor)), at: 1),
            .arrangeTabs(TabArrangement(hidden: [.search])),
            .selectTab(.profile),
            .removeTab(.profile),
        ]
        scheduler.show(flow.state)
        window.finishAll()
        let pushedController = try #require(host.controller(pushed))
        let before = host.performed.count
        for change in changes {
            try flow.apply(change)
            scheduler.show(flow.state)
            window.finishAll()
            #expect(window.violations.isEmpty, "\(change): \(window.violations)")
            #expect(scheduler.rendered == flow.state, "\(change)")
            #expect(window.projection == FakeWindow.projection(of: flow.state), "\(change)")
            #expect(host.controller(pushed) === pushedController, "\(change) rebuilt the pushed screen")
        }
        #expect(!host.performed.dropFirst(before).contains { if case .setRoot = $0.change { true } else { false } })
        #expect(host.performed.contains { if case .setTabs = $0.change { true } else { false } })
        #expect(flow.state.root.tabs?.selection == .inbox, "the removed selected tab's next visible neighbour")
    }
}
