import Testing

@testable import Destinations

/// Every change is planned once and judged by the one judge: a flow's start with modals
/// included, and the dry run agrees with what is committed.
@MainActor
@Suite struct OneJudgeTests {
    @Test func aStartWhoseModalsBreakTheScreenLimitIsRefusedBeforeAnythingIsBuilt() throws {
        let log = Log()
        var configuration = FlowConfiguration(layout: .stack(.home), providers: testProviders(log: log))
        configuration.maximumScreens = 1
        let modals = Layout<TestRoute>.stack(.home).presenting(.editor).modals
        #expect(throws: NavigationError.tooManyScreens(count: 2, limit: 1)) {
            try Flow(configuration, presenting: modals)
        }
        #expect(log.builtCount == 0, "the limit is judged with the guards, before any Destination is built")
    }

    @Test func aStartsModalsMeetTheGuardsWithTheCurrentStateTheyWillMeetAtStart() throws {
        let log = Log()
        var configuration = FlowConfiguration(layout: .stack(.home), providers: testProviders(log: log))
        // A guard that reads the state the change starts from: only over a sheet of the editor.
        configuration.guards = [
            NavigationGuard("editorFirst") { change in
                guard change.added.contains(.confirm) else { return .allow }
                return change.current.screens.contains { $0.route == .editor }
                    ? .allow : .deny(reason: "confirm only over the editor")
            }
        ]
        let allowed = Layout<TestRoute>.stack(.home).presenting(.editor).presenting(.confirm).modals
        let flow = try Flow(configuration, presenting: allowed)
        #expect(flow.focusedScreen.route == .confirm)
        let denied = Layout<TestRoute>.stack(.home).presenting(.confirm).modals
        let refusal = NavigationError.guardDenied(
            guard: "editorFirst", route: "confirm", reason: "confirm only over the editor")
        #expect(throws: refusal) { try Flow(configuration, presenting: denied) }
        #expect(log.alive.count == 3, "only the flow that started holds Destinations")
    }

    @Test func everyKindOfChangeCommitsTheStateItsPlanProposed() throws {
        let flow = try makeFlow(.tabs([.tab(.inbox, .stack(.home)), .tab(.profile, .stack(.settings))]))
        let requests: [ChangeRequest<TestRoute>] = [
            .presentation(.push(.list)),
            .userAction(.selectedTab(.profile, tabs: flow.state.root.id)),
            .restore(try state(.stack(.home, .detail(2)))),
            ChangeRequest(.planned({ current, _ in current })),
            .presentation(.alert(.confirm)),
        ]
        for request in requests {
            let plan = try flow.plan(request)
            try flow.perform(request)
            #expect(flow.state == plan.proposed, "\(request.cause.summary)")
        }
        let alert = try #require(flow.state.presentedChain.last?.modal)
        let tap = ChangeRequest<TestRoute>.alertTap(0, of: alert)
        let plan = try flow.plan(tap)
        try flow.perform(tap)
        #expect(flow.state == plan.proposed, "the alert's tap")
    }
}

/// An alert's tap is two requests of the flow's one queue — the button's event, then the
/// dismissal — with no queue or counter of its own.
@MainActor
@Suite struct AlertTapQueueTests {
    @Test func thePresentersEventRunsWhenTheTapsDismissalIsRefused() throws {
        let log = Log()
        let screens = screenProvider(log: log) { events in
            standardEvents(&events)
            events.on(.custom, .perform { input in input.destination.log.record("presenter got custom") })
        }
        let alert = Provider<TestRoute>.alert(presentedBy: Screen.self) { _ in
            AlertContent("Go?", buttons: [AlertButton("Go", sends: .custom)])
        }
        let flow = try Flow(.stack(TestRoute.home), providers: Providers { $0 == .confirm ? alert : screens })
        try flow.apply(.alert(.confirm))
        let id = try #require(flow.state.presentedChain.last?.modal)
        // A guard that keeps the alert up: the tap's dismissal is refused.
        flow.guards = [
            NavigationGuard("keepsAlert") { change in
                change.removed.contains(.confirm) ? .deny(reason: "stays") : .allow
            }
        ]
        var refusals: [NavigationError] = []
        flow.onRefusal = { error, _ in refusals.append(error) }
        #expect(throws: NavigationError.guardDenied(guard: "keepsAlert", route: nil, reason: "stays")) {
            try flow.tapAlertButton(0, of: id)
        }
        #expect(log.entries.contains("presenter got custom"), "the tap happened: the presenter got its event")
        #expect(refusals.count == 1)
    }

    @Test func aTapQueuedBehindAChangeClosesItsAlertAndLeavesNothingWaiting() throws {
        let flow = try Flow(
            .stack(TestRoute.home),
            providers: Providers { route in
                route == .confirm ? TapThenPushAlert.provider : screenProvider(log: Log())
            })
        try flow.apply(.alert(.confirm))
        #expect(flow.state.presentedChain.isEmpty)
        #expect(flow.queue.isEmpty, "the tap's dismissal and what waited behind it ran")
    }
}
