import Testing

@testable import Destinations

/// Reports the flow accepts: the window already shows them, so the scheduler runs no step for
/// them, and a presentation under way when one arrives leaves nothing behind.
extension RenderSchedulerTests {
    /// An accepted swipe back, reported through `RenderScheduler.report` with an up-to-date
    /// target, makes the window do nothing: the user already did it.
    @Test func anAcceptedSwipeBackRunsNoStep() throws {
        let window = FakeWindow()
        let host = FakeUIKitHost(window: window)
        let scheduler = RenderScheduler(host: host)
        let flow = try makeFlow(.stack(.home, .list, .detail(1)))
        scheduler.show(flow.state, animated: false)
        #expect(host.performed.count == 1)  // setRoot
        let navigation = try #require(host.controller(ElementID(1)))
        window.userPop(navigation, toCount: 2)
        let rendered = try #require(scheduler.rendered)
        let pop = try #require(
            try UserAction.stack(ElementID(1), showing: navigation.children.map { $0.id }, in: rendered))
        #expect(scheduler.report(pop, to: flow) == nil)
        // Nothing left to do: the window already shows [home, list].
        #expect(host.performed.dropFirst().map { "\($0)" } == [], "steps run after an accepted pop")
        #expect(window.isIdle, "a transition was started after an accepted pop")
        window.finishAll()
        #expect(window.projection == FakeWindow.projection(of: flow.state))
    }

    /// An accepted tab tap, acknowledged then shown, runs no step either: the tab stays.
    @Test func anAcceptedTabTapDoesNotFlipTheTabBack() throws {
        let window = FakeWindow()
        let host = FakeUIKitHost(window: window)
        let scheduler = RenderScheduler(host: host)
        let flow = try makeFlow(threeTabs)
        scheduler.show(flow.state, animated: false)
        let bar = try #require(host.controller(ElementID(1)))
        window.userSelect(1, of: bar)
        let rendered = try #require(scheduler.rendered)
        let tap = try #require(try UserAction.tab(.profile, of: ElementID(1), in: rendered))
        try flow.apply(tap)
        scheduler.acknowledge(tap)
        #expect(bar.selectedIndex == 1, "acknowledge alone re-selected the old tab")
        scheduler.show(flow.state)
        #expect(host.performed.dropFirst().map { "\($0)" } == [])
    }

    /// A tab tap acknowledged while a presentation from the tab being left is under way leaves
    /// no sheet in the window once the presentation finishes, and the window shows the state.
    @Test func aTabTapDuringAPresentationLeavesNoOrphanedSheet() throws {
        let window = FakeWindow()
        let host = FakeUIKitHost(window: window)
        let scheduler = RenderScheduler(host: host)
        let flow = try makeFlow(threeTabs)
        scheduler.show(flow.state, animated: false)
        try flow.apply(.sheet(.editor))
        scheduler.show(flow.state)  // present editor from #3: under way
        #expect(!window.isIdle)
        let bar = try #require(host.controller(ElementID(1)))
        window.userSelect(1, of: bar)
        let rendered = try #require(scheduler.rendered)
        let tap = try #require(try UserAction.tab(.profile, of: ElementID(1), in: rendered))
        #expect(scheduler.report(tap, to: flow) == nil)
        window.finishAll()
        #expect(scheduler.isIdle)
        #expect(flow.state.presentedChain.isEmpty)
        #expect(window.levels.count == 1, "the window still presents a sheet the state dismissed")
        #expect(window.projection == FakeWindow.projection(of: flow.state))
    }
}
