import Destinations
import Testing

@MainActor
@Suite struct LifecycleTests {
    @Test func startingPreparesEveryScreenAndShowsOnlyTheVisibleOne() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home, .list), log: log)
        #expect(log.take() == ["prepare home", "prepare list", "appear list"])
        let home = try #require(flow.destination(ElementID(2), as: Screen.self))
        let list = try #require(flow.destination(ElementID(3), as: Screen.self))
        #expect(!home.context.isVisible)
        #expect(list.context.isVisible)
        #expect(list.context.id == ElementID(3))
        #expect(list.context.route == .list)
    }

    @Test func aPushedScreenIsPreparedOnceThenAppearsAfterTheOldTopDisappears() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home), log: log)
        _ = log.take()
        try flow.apply(.push(.list))
        #expect(log.take() == ["disappear home", "prepare list", "appear list"])
        try flow.apply(.back)
        #expect(log.take() == ["disappear list", "cleanup list", "appear home"])
        try flow.apply(.push(.list))
        #expect(
            log.take() == ["disappear home", "prepare list", "appear list"], "a new Destination for the new screen")
        #expect(log.builtCount == 3)
    }

    @Test func intermediateScreensOfAPathArePreparedButNeverShown() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home), log: log)
        _ = log.take()
        try flow.apply(.path([.push(.list), .push(.detail(1)), .push(.detail(2))]))
        #expect(
            log.take() == [
                "disappear home", "prepare list", "prepare detail(1)", "prepare detail(2)", "appear detail(2)",
            ])
        let list = try #require(flow.destination(ElementID(3), as: Screen.self))
        #expect(!list.context.isVisible)
    }

    @Test func screensAddedAndRemovedWithinAPathAreNeverBuilt() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home), log: log)
        _ = log.take()
        try flow.apply(.path([.push(.list), .push(.detail(1)), .back]))
        #expect(log.take() == ["disappear home", "prepare list", "appear list"])
        #expect(log.builtCount == 2)
    }

    @Test func aScreenThatStaysVisibleIsNotToldAgain() throws {
        let log = Log()
        let flow = try makeFlow(.split(sidebar: .screen(.menu), detail: .screen(.detail(1))), log: log)
        _ = log.take()
        try flow.apply(.show(.detail(2), in: .detail))
        #expect(log.take() == ["disappear detail(1)", "cleanup detail(1)", "prepare detail(2)", "appear detail(2)"])
    }

    @Test func anAlertDoesNotHideItsPresenter() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home), log: log)
        _ = log.take()
        try flow.apply(.alert(.confirm))
        try flow.apply(.dismiss)
        #expect(log.take() == ["prepare confirm", "appear confirm", "disappear confirm", "cleanup confirm"])
    }

    @Test func removedDestinationsAreDetachedAndReleased() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home), log: log)
        try flow.apply(.path([.push(.list), .sheetStack(.editor), .push(.detail(1))]))
        weak let detail = flow.focused
        let context = try #require(detail?.context)
        try flow.apply(.dismiss)
        #expect(detail == nil)
        #expect(context.isRemoved)
        #expect(context.id == nil)
        #expect(!context.isVisible)
        #expect(log.alive == [.home, .list])
    }

    @Test func replaceRootReleasesEveryOldDestination() throws {
        let log = Log()
        let flow = try makeFlow(threeTabs, log: log)
        try flow.apply(.path([.push(.detail(1)), .sheetStack(.editor), .alert(.confirm)]))
        _ = log.take()
        try flow.apply(.replaceRoot(.stack(.login)))
        #expect(log.alive == [.login])
        #expect(
            log.take() == [
                "disappear editor", "disappear confirm",
                "cleanup home", "cleanup detail(1)", "cleanup editor", "cleanup confirm", "cleanup settings",
                "cleanup list",
                "prepare login", "appear login",
            ])
        #expect(flow.destinations.count == 1)
    }

    @Test func aRolledBackPathLeaksNothing() throws {
        let log = Log()
        let flow = try makeFlow(.stack(.home), log: log)
        #expect(throws: NavigationError.self) {
            // `back` from a sheet that shows one screen finds no stack: the transaction fails.
            try flow.apply(.path([.push(.list), .push(.detail(1)), .sheet(.editor), .back]))
        }
        #expect(
            log.builtCount == 1, "the build stops at the failing provider; the steps before it fail in the transaction")
        #expect(throws: NavigationError.step(3, of: 4, .providerFailed(route: "failing", reason: "refused"))) {
            try flow.apply(.path([.push(.list), .push(.detail(1)), .sheetStack(.editor), .push(.failing)]))
        }
        #expect(log.builtCount == 4)
        #expect(log.alive == [.home])
    }

    @Test func aReleasedFlowReleasesItsDestinations() throws {
        let log = Log()
        var flow: Flow<TestRoute>? = try makeFlow(threeTabs, log: log)
        try flow?.apply(.push(.detail(1)))
        weak let weakFlow = flow
        flow = nil
        #expect(weakFlow == nil)
        #expect(log.alive.isEmpty)
    }

    @Test func everyScreenInTheStateHasExactlyOneLiveDestination() throws {
        let flow = try makeFlow(threeTabs)
        try flow.apply(.path([.push(.list), .sheetStack(.editor), .push(.detail(1)), .alert(.confirm)]))
        try flow.apply(.path([.dismiss, .back]))
        #expect(Set(flow.destinations.keys) == Set(flow.state.screens.map(\.id)))
    }
}
