import Testing

@testable import Destinations

/// A host that records steps and finishes them when the test says so, or at once.
@MainActor
final class ScriptedHost: RenderHost {
    typealias Route = TestRoute
    var finishesAtOnce = false
    private(set) var performed: [RenderStep] = []
    private(set) var waiting: [@MainActor () -> Void] = []

    func perform(
        _ step: RenderStep,
        shown: NavigationState<TestRoute>?,
        target: NavigationState<TestRoute>,
        done: @escaping @MainActor () -> Void
    ) {
        performed.append(step)
        if finishesAtOnce { done() } else { waiting.append(done) }
    }

    /// Finishes the step under way; returns whether there was one.
    @discardableResult
    func finish() -> Bool {
        guard !waiting.isEmpty else { return false }
        waiting.removeFirst()()
        return true
    }
}

@MainActor
@Suite struct RenderSchedulerTests {
    @Test func stepsRunOneAtATimeEachInThePreviousCompletion() throws {
        let host = ScriptedHost()
        let scheduler = RenderScheduler(host: host)
        let base = try state(.stack(.home))
        let target = try base.applying(.path([.sheet(.editor), .fullScreenCover(.login)]))
        scheduler.show(target)
        #expect(host.performed.count == 1)
        #expect(!scheduler.isIdle)
        host.finish()
        #expect(host.performed.count == 2)
        host.finish()
        #expect(host.performed.count == 3)
        host.finish()
        #expect(scheduler.isIdle)
        #expect(scheduler.rendered == target)
        #expect(!host.finish())
    }

    @Test func aCompletionCalledInsidePerformContinuesThePlan() throws {
        let host = ScriptedHost()
        host.finishesAtOnce = true
        let scheduler = RenderScheduler(host: host)
        let target = try state(.stack(.home)).applying(.path([.push(.list), .sheet(.editor), .alert(.confirm)]))
        scheduler.show(target, animated: false)
        #expect(scheduler.isIdle)
        #expect(scheduler.rendered == target)
        #expect(host.performed.map { $0.isModalTransition } == [false, true, true])
        #expect(host.performed.allSatisfy { !$0.animated })
    }

    @Test func statesArrivingMidPlanFoldIntoTheNextPlan() throws {
        let host = ScriptedHost()
        let scheduler = RenderScheduler(host: host)
        let base = try state(.stack(.home))
        scheduler.show(base)
        host.finish()
        let sheet = try base.applying(.sheet(.editor))
        scheduler.show(sheet)
        // While the sheet animates in, two more states arrive: a push under it, then its dismissal.
        let pushed = try sheet.applying(.push(.list), from: ElementID(1))
        scheduler.show(pushed)
        let dismissed = try pushed.applying(.dismissAll)
        scheduler.show(dismissed)
        #expect(host.performed.count == 2)
        host.finish()
        // One plan from what shows (the sheet) to the newest state: dismiss, then the push.
        #expect(host.performed.last?.change == .dismiss(presenter: ElementID(2), modal: ElementID(3)))
        host.finish()
        #expect(host.performed.last?.change == .setStack(ElementID(1), elements: [ElementID(2), ElementID(4)]))
        host.finish()
        #expect(scheduler.isIdle)
        #expect(scheduler.rendered == dismissed)
    }

    @Test func aLateOrDuplicateCompletionIsIgnored() throws {
        var completions: [@MainActor () -> Void] = []
        final class KeepingHost: RenderHost {
            typealias Route = TestRoute
            var keep: (@escaping @MainActor () -> Void) -> Void = { _ in }
            func perform(
                _ step: RenderStep, shown: NavigationState<TestRoute>?, target: NavigationState<TestRoute>,
                done: @escaping @MainActor () -> Void
            ) {
                keep(done)
            }
        }
        let host = KeepingHost()
        host.keep = { completions.append($0) }
        let scheduler = RenderScheduler(host: host)
        let target = try state(.stack(.home)).applying(.sheet(.editor))
        scheduler.show(target)
        completions[0]()
        completions[0]()
        #expect(completions.count == 2)
        completions[1]()
        completions[1]()
        completions[0]()
        #expect(scheduler.isIdle)
        #expect(scheduler.rendered == target)
    }

    @Test func anAcknowledgedTabTapStillPresentsTheModalItReveals() throws {
        let window = FakeWindow()
        let host = FakeUIKitHost(window: window)
        let scheduler = RenderScheduler(host: host)
        let flow = try makeFlow(threeTabs)
        scheduler.show(flow.state, animated: false)
        // A deep link selects profile and presents a sheet there; the renderer has not heard of
        // it yet when the user taps profile on the tab bar.
        try flow.apply(.path([.selectTab(.profile), .sheet(.about)]))
        let bar = try #require(host.controller(ElementID(1)))
        window.userSelect(1, of: bar)
        let rendered = try #require(scheduler.rendered)
        let tap = try #require(try UserAction.tab(.profile, of: ElementID(1), in: rendered))
        try flow.apply(tap)
        scheduler.acknowledge(tap)
        scheduler.show(flow.state)
        window.finishAll()
        #expect(scheduler.isIdle)
        #expect(window.projection == FakeWindow.projection(of: flow.state))
        #expect(window.levels.count == 2)
        #expect(host.redundant.isEmpty)
        #expect(window.violations.isEmpty)
    }

    @Test func aReportAcknowledgedMidPlanDoesNotSkipTheRestOfThePlan() throws {
        let host = ScriptedHost()
        let scheduler = RenderScheduler(host: host)
        let tabs = try state(threeTabs)
        scheduler.show(tabs)
        host.finish()
        let target = try tabs.applying(.path([.selectTab(.profile), .sheet(.editor)]))
        scheduler.show(target)
        #expect(host.performed.last?.change == .selectTab(.profile, index: 1, tabs: ElementID(1)))
        // While the tab switch is under way, the user's own tap on profile is acknowledged: it
        // changes what the window shows, not what the plan still has to do.
        scheduler.acknowledge(.selectedTab(.profile, tabs: ElementID(1)))
        #expect(scheduler.rendered?.presentedChain.isEmpty == true)
        while host.finish() {}
        #expect(host.performed.last?.isModalTransition == true)
        #expect(scheduler.rendered == target)
    }

    @Test func aRefusedReportPutsTheContainerBack() throws {
        let window = FakeWindow()
        let host = FakeUIKitHost(window: window)
        let scheduler = RenderScheduler(host: host)
        let flow = try makeFlow(.stack(.home, .list, .detail(1)))
        scheduler.show(flow.state, animated: false)
        // The flow replaces the stack's screens before the renderer hears of it…
        try flow.apply(.setStack([.settings, .about]))
        // …and the user swipes back on what the window still shows.
        let navigation = try #require(host.controller(ElementID(1)))
        window.userPop(navigation, toCount: 2)
        let rendered = try #require(scheduler.rendered)
        let pop = try #require(
            try UserAction.stack(ElementID(1), showing: navigation.children.map { $0.id }, in: rendered))
        #expect(throws: NavigationError.self) { try flow.apply(pop) }
        scheduler.acknowledge(pop)
        scheduler.show(flow.state)
        window.finishAll()
        #expect(window.projection == FakeWindow.projection(of: flow.state))
        #expect(host.redundant.isEmpty)
        #expect(window.violations.isEmpty)
    }

    @Test func aSheetPutBackAfterARefusedSwipeDownShowsTheStacksCurrentScreens() throws {
        let window = FakeWindow()
        let host = FakeUIKitHost(window: window)
        let scheduler = RenderScheduler(host: host)
        let flow = try makeFlow(.stack(.home))
        flow.guards = [
            NavigationGuard("keepEditor") { change in change.removed.contains(.editor) ? .deny(reason: "kept") : .allow
            }
        ]
        try flow.apply(.sheetStack(.editor))
        scheduler.show(flow.state)
        window.finishAll()
        let sheet = try #require(flow.state.presentedChain.last?.modal)
        let editor = flow.state.focusedScreen.id
        let editorScreen = try #require(host.controller(editor))
        let sheetStack = try #require(host.controller(sheet))
        // The flow pushes inside the sheet before the renderer hears of it, and the user swipes
        // the sheet down; the flow refuses the dismissal.
        try flow.apply(.push(.detail(1)))
        window.userDismiss(try #require(host.controller(sheet)))
        let rendered = try #require(scheduler.rendered)
        let dismissal = try #require(try UserAction.dismissal(of: sheet, in: rendered))
        #expect(scheduler.report(dismissal, to: flow) != nil)
        let performedBefore = host.performed.count
        window.finishAll()
        // One presentation puts the sheet back with the stack's current screens: the host must
        // build the sheet's containers from the target (reusing only screens), because no step
        // inside the sheet follows.
        #expect(host.performed[performedBefore...].isEmpty)
        #expect(host.performed.last.map { $0.isModalTransition } == true)
        #expect(scheduler.rendered == flow.state)
        #expect(window.projection == FakeWindow.projection(of: flow.state))
        #expect(window.projection.contains("detail(1)"))
        // The screen kept its controller (and so its view's state); its container is new.
        #expect(host.controller(editor) === editorScreen)
        #expect(host.controller(sheet) !== sheetStack)
        #expect(window.violations.isEmpty, "\(window.violations)")
        #expect(scheduler.isIdle)
    }

    @Test func aRefusedTabTapSelectsTheStatesTabAgain() throws {
        let window = FakeWindow()
        let host = FakeUIKitHost(window: window)
        let scheduler = RenderScheduler(host: host)
        let flow = try makeFlow(threeTabs)
        scheduler.show(flow.state, animated: false)
        let bar = try #require(host.controller(ElementID(1)))
        window.userSelect(1, of: bar)
        // The tab bar reports a tap on a tab it does not have: the flow refuses it.
        let tap = UserAction<TestRoute>.selectedTab(.profile, tabs: ElementID(99))
        #expect(throws: NavigationError.self) { try flow.apply(tap) }
        scheduler.acknowledge(.selectedTab(.profile, tabs: ElementID(1)))
        scheduler.show(flow.state)
        #expect(bar.selectedIndex == 0)
        #expect(window.projection == FakeWindow.projection(of: flow.state))
    }

    @Test func aStateArrivingDuringARestorationKeepsItUnanimated() throws {
        let host = ScriptedHost()
        let scheduler = RenderScheduler(host: host)
        let base = try state(.stack(.home))
        scheduler.show(base)
        host.finish()
        let restored = try base.applying(.path([.sheet(.editor), .fullScreenCover(.login)]))
        scheduler.show(restored, animated: false)
        // While the restoration's first sheet comes up, an animated change arrives.
        let next = try restored.applying(.alert(.confirm))
        scheduler.show(next)
        while host.finish() {}
        #expect(scheduler.rendered == next)
        #expect(host.performed.dropFirst().map { $0.animated } == [false, false, false])
        // Once the restoration is done, changes animate again.
        scheduler.show(try next.applying(.dismiss))
        #expect(host.performed.last?.animated == true)
    }

    @Test func restorationRunsUnanimated() throws {
        let host = ScriptedHost()
        let scheduler = RenderScheduler(host: host)
        let base = try state(.stack(.home))
        scheduler.show(base)
        host.finish()
        let restored = try base.applying(.path([.push(.list), .sheet(.editor)]))
        scheduler.show(restored, animated: false)
        while host.finish() {}
        #expect(host.performed.dropFirst().allSatisfy { !$0.animated })
        #expect(scheduler.rendered == restored)
    }
}
