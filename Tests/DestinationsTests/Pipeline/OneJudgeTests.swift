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
