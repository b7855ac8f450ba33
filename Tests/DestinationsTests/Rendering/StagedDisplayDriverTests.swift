import Testing

@testable import Destinations

/// The SwiftUI renderer's loop, without SwiftUI: changes planned one turn after the flow
/// announced them, user reports shown before they are applied, stages advanced by reports and
/// by the clock, restores unanimated. Turns and time are driven by hand: no test sleeps.
@MainActor
@Suite struct StagedDisplayDriverTests {
    /// Turns and wake-ups kept for the test to run.
    @MainActor final class Clock {
        var now = ContinuousClock.now
        var turns: [@MainActor () -> Void] = []
        var wakeUp: (at: ContinuousClock.Instant, body: @MainActor () -> Void)?

        var scheduling: StagedDisplayDriver<TestRoute>.Scheduling {
            StagedDisplayDriver<TestRoute>.Scheduling(
                now: { self.now },
                nextTurn: { self.turns.append($0) },
                wake: { instant, body in self.wakeUp = instant.map { ($0, body) } }
            )
        }

        /// Runs the turns scheduled, and those they schedule.
        func runTurns() {
            while !turns.isEmpty { turns.removeFirst()() }
        }

        /// Moves the time to the wake-up set, if any, and runs it.
        @discardableResult
        func wake() -> Bool {
            guard let wakeUp else { return false }
            self.wakeUp = nil
            now = max(now, wakeUp.at)
            wakeUp.body()
            runTurns()
            return true
        }
    }

    /// What the driver told the views.
    @MainActor final class Shows {
        var animated: [Bool] = []
    }

    func driver(_ flow: Flow<TestRoute>, _ clock: Clock, scope: ElementID? = nil) -> (
        StagedDisplayDriver<TestRoute>, Shows
    ) {
        let driver = StagedDisplayDriver(flow: flow, scope: scope, scheduling: clock.scheduling)
        let shows = Shows()
        driver.show = { animated, publish in
            shows.animated.append(animated)
            publish()
        }
        return (driver, shows)
    }

    @Test func changesMadeInOneTurnShowTogetherOneTurnLater() throws {
        let flow = try makeFlow(threeTabs)
        let clock = Clock()
        let (driver, shows) = driver(flow, clock)
        let before = driver.shown
        try flow.apply(.push(.detail(1)))
        try flow.apply(.push(.list))
        #expect(driver.shown == before)
        #expect(clock.turns.count == 1)
        clock.runTurns()
        #expect(shows.animated == [true])
        #expect(driver.shown == flow.state)
    }

    @Test func aUsersReportShowsAtOnceBeforeTheFlowAppliesIt() throws {
        let flow = try makeFlow(.stack(.home, .list, .detail(1)))
        let clock = Clock()
        let (driver, shows) = driver(flow, clock)
        let stack = flow.state.root
        var seenByFlow: NavigationState<TestRoute>?
        let observation = flow.observeChanges { _ in seenByFlow = driver.shown }
        driver.report { state throws(NavigationError) in
            try UserAction.stack(stack.id, showing: [stack.stack!.elements[0].id], in: state)
        }
        #expect(seenByFlow?.root.stack?.count == 1, "the views showed the pop before the flow announced it")
        #expect(flow.state.root.stack?.count == 1)
        clock.runTurns()
        #expect(shows.animated == [true])
        #expect(driver.shown == flow.state)
        _ = observation
    }

    @Test func aReportTheFlowRefusesIsUndoneByShowingTheStateAgain() throws {
        let flow = try makeFlow(.stack(.home, .list))
        let clock = Clock()
        let (driver, shows) = driver(flow, clock)
        let stack = flow.state.root
        flow.guards = [NavigationGuard("frozen") { _ in .deny(reason: "frozen") }]
        driver.report { state throws(NavigationError) in
            try UserAction.stack(stack.id, showing: [stack.stack!.elements[0].id], in: state)
        }
        clock.runTurns()
        #expect(flow.state.root.stack?.count == 2)
        #expect(shows.animated.count == 2, "the pop showed, then the state again")
        #expect(driver.shown == flow.state)
    }

    @Test func aStageWaitsForItsReportOrTheClockThenTheNextShows() throws {
        let flow = try makeFlow(threeTabs)
        let clock = Clock()
        let (driver, _) = driver(flow, clock)
        try flow.apply(.path([.sheet(.editor), .alert(.confirm)]))
        clock.runTurns()
        let sheet = try #require(driver.shown.presentedChain.first)
        #expect(driver.shown.presentedChain.count == 1)
        #expect(clock.wakeUp?.at == clock.now + driver.display.timing.timeout)
        driver.transitionEnded(.appeared(modal: sheet.modal))
        clock.runTurns()
        #expect(driver.shown.presentedChain.count == 1, "the sheet settles first")
        #expect(clock.wakeUp?.at == clock.now + driver.display.timing.presentationSettle)
        clock.wake()
        #expect(driver.shown == flow.state)
    }

    @Test func aLateReportOfAnEarlierStageStepsNothing() throws {
        let flow = try makeFlow(threeTabs)
        let clock = Clock()
        let (driver, shows) = driver(flow, clock)
        try flow.apply(.path([.sheet(.editor), .alert(.confirm)]))
        clock.runTurns()
        driver.transitionEnded(.appeared(modal: ElementID(999)))
        #expect(clock.turns.isEmpty)
        #expect(shows.animated.count == 1)
    }

    /// Replaces a copy of the loop that lived in a test: the driver's own loop shows a restore
    /// without animation through all its stages, and the change after it animates.
    @Test func aRestoreShowsAllItsStagesWithoutAnimationAndTheNextChangeAnimates() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.path([.sheetStack(.editor), .alert(.confirm)]))
        let saved = flow.state
        try flow.apply(.dismissAll)
        let clock = Clock()
        let (driver, shows) = driver(flow, clock)
        try flow.restore(saved)
        clock.runTurns()
        while driver.shown != saved, clock.wake() {}
        #expect(shows.animated == [false, false])
        #expect(driver.shown == saved)
        clock.wake()
        try flow.apply(.dismiss)
        clock.runTurns()
        #expect(shows.animated.last == true)
    }

    @Test func aStageShownWhileInactiveMakesViewsCheckOnceActive() throws {
        let flow = try makeFlow(threeTabs)
        let clock = Clock()
        let (driver, _) = driver(flow, clock)
        // Two stages, the first shown while the scene is active.
        try flow.apply(.path([.sheet(.editor), .alert(.confirm)]))
        clock.runTurns()
        #expect(driver.shown != flow.state)
        #expect(!driver.sceneBecame(active: false))
        // The clock shows the next stage while the scene is inactive; the flow does not change.
        while driver.shown != flow.state, clock.wake() {}
        #expect(driver.shown == flow.state)
        #expect(driver.sceneBecame(active: true))
        #expect(!driver.sceneBecame(active: true))
        try flow.apply(.dismiss)
        clock.runTurns()
        driver.sceneBecame(active: false)
        #expect(!driver.sceneBecame(active: true), "nothing changed while inactive")
    }

    @Test func aSubtreeDriverWhoseRootIsMissingStagesNothing() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.sheetStack(.editor))
        let clock = Clock()
        let (driver, _) = driver(flow, clock, scope: ElementID(999))
        #expect(driver.shown.presentedChain.isEmpty)
        #expect(driver.display.transition == nil)
        try flow.apply(.alert(.confirm))
        clock.runTurns()
        #expect(driver.shown.presentedChain.isEmpty)
        #expect(driver.display.transition == nil)
    }

    @Test func aSubtreeDriverShowsTheSubtreeAndFollowsItsChanges() throws {
        let flow = try makeFlow(.stack(.home))
        try flow.apply(.sheetStack(.editor))
        let editor = try #require(flow.state.presentedChain.first?.modal)
        let clock = Clock()
        let (driver, _) = driver(flow, clock, scope: editor)
        #expect(driver.shown.root.id == editor)
        try flow.apply(.alert(.confirm))
        clock.runTurns()
        #expect(driver.shown == flow.state.subtree(at: editor))
        #expect(driver.shown.presentedChain.count == 1)
    }
}
