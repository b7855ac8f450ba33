import Foundation
import Testing

@testable import Destinations

/// A reference a guard or a hook can reach the flow through.
@MainActor
final class FlowRef<Route: NavigationRoute> {
    var flow: Flow<Route>?
    var outcomes: [ChangeOutcome<Route>] = []
    var errors: [NavigationError] = []
    var calls = 0
}

/// A door an asynchronous guard waits at until the test opens it.
@MainActor
final class Gate {
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private(set) var arrivals = 0
    private var isOpen = false

    func pass() async {
        arrivals += 1
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting.removeAll()
    }

    /// Waits until `count` callers have arrived, yielding to them.
    func arrivals(_ count: Int) async {
        while arrivals < count { await Task.yield() }
    }
}

/// A clock a test moves by hand, for pending changes' expiry.
@MainActor
final class TestClock {
    let start = ContinuousClock.now
    var elapsed: Duration = .zero
    var now: ContinuousClock.Instant { start.advanced(by: elapsed) }
}

@MainActor
func remoteGuard(_ decision: NavigationGuard<TestRoute>.Decision) -> AsyncNavigationGuard<TestRoute> {
    AsyncNavigationGuard("remote", watches: { $0.requiresAccount }) { _ in decision }
}

/// Asynchronous guards are never bypassed: a door that cannot wait refuses what they watch, and
/// the awaiting forms ask them.
@MainActor
@Suite struct AsynchronousGuardDoorTests {
    let layout: Layout<TestRoute> = .tabs([.tab(.inbox, .stack(.home)), .tab(.profile, .stack(.settings))])

    @Test func everyDoorThatCannotWaitRefusesAChangeAnAsynchronousGuardWatches() throws {
        let flow = try makeFlow(layout)
        flow.asyncGuards = [remoteGuard(.allow)]
        let before = FlowSnapshot(flow)
        let refusal = NavigationError.awaitsAsyncGuards(guard: "remote")
        #expect(throws: refusal) { try flow.apply(.push(.detail(1))) }
        #expect(throws: refusal) { try flow.focused?.send(.next) }
        #expect(throws: refusal) { try flow.restore(try state(.stack(.home, .detail(3)))) }
        #expect(throws: refusal) { try flow.perform(.presentation(.sheet(.editor), source: .external(.notification))) }
        #expect(FlowSnapshot(flow) == before)
        // Changes the guard does not watch go ahead.
        #expect(try flow.apply(.push(.list)) == .applied)
    }

    @Test func theAwaitingFormAsksTheGuardsAndAppliesWhatTheyAllow() async throws {
        let flow = try makeFlow(layout)
        flow.asyncGuards = [remoteGuard(.allow)]
        #expect(try await flow.performAwaitingGuards(.presentation(.push(.detail(1)))) == .applied)
        #expect(flow.focusedScreen.route == .detail(1))
    }

    @Test func aRestoredSnapshotMeetsTheAsynchronousGuards() async throws {
        let flow = try makeFlow(.stack(.home))
        flow.asyncGuards = [remoteGuard(.deny(reason: "revoked"))]
        let before = FlowSnapshot(flow)
        await #expect(throws: NavigationError.guardDenied(guard: "remote", route: "detail", reason: "revoked")) {
            try await flow.performAwaitingGuards(.restore(try state(.stack(.home, .detail(3)))))
        }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func aSceneKeepsASnapshotAnAsynchronousGuardWatchesOutUntilItAllowsIt() async throws {
        let store = InMemorySceneStore()
        let saved = try state(.stack(.home, .detail(5)))
        store.save(try NavigationSnapshot(saved, schemaVersion: 1).encoded(), for: "s1")
        store.save(try NavigationSnapshot(saved, schemaVersion: 1).encoded(), for: "s2")
        let scenes = try Scenes(
            kinds: [SceneKind("main", layout: .stack(TestRoute.home))], providers: testProviders(log: Log()),
            store: store,
            configure: { flow, _ in flow.asyncGuards = [remoteGuard(.allow)] })
        let plain = try scenes.connect(sceneID: "s1", kind: "main")
        #expect(plain.report.usedInitialState)
        #expect(plain.report.issues.contains(.refused(.awaitsAsyncGuards(guard: "remote"))))
        #expect(!plain.flow.state.screens.contains { $0.route == .detail(5) })
        let awaiting = try await scenes.connectAwaitingGuards(sceneID: "s2", kind: "main")
        #expect(!awaiting.report.usedInitialState)
        #expect(awaiting.flow.focusedScreen.route == .detail(5))
    }

    @Test func aTimeoutTooLongToSleepForMeansNeverAndDoesNotCrash() async throws {
        let flow = try makeFlow(.stack(.home))
        flow.asyncGuards = [remoteGuard(.allow)]
        flow.configuration.asyncGuardTimeout = .seconds(Int64.max)
        #expect(try await flow.performAwaitingGuards(.presentation(.push(.detail(2)))) == .applied)
    }
}

/// Changes from outside: every route they construct is open to them, the screen limit holds
/// for them too, and the newest wins.
@MainActor
@Suite struct ExternalChangeTests {
    @Test func theFlowsOwnScreenLimitHoldsForEveryDoor() throws {
        var configuration = FlowConfiguration(layout: .stack(TestRoute.home), providers: testProviders(log: Log()))
        configuration.maximumScreens = 3
        let flow = try Flow(configuration)
        try flow.apply(.push(.list))
        try flow.apply(.push(.about))
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.tooManyScreens(count: 4, limit: 3)) { try flow.apply(.push(.settings)) }
        #expect(throws: NavigationError.tooManyScreens(count: 4, limit: 3)) {
            try flow.restore(try state(.stack(.home, .list, .about, .settings)))
        }
        #expect(FlowSnapshot(flow) == before)
        #expect(try flow.apply(.back) == .applied, "a change that removes screens is never held back by the limit")
    }

    @Test func anExternalRequestMayAddOnlyTheRoutesItsAccessRuleOpens() throws {
        let flow = try makeFlow(.stack(.home))
        var request = ChangeRequest<TestRoute>.presentation(.push(.settings), source: .external(.notification))
        request.access = { $0 == .list }
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.accessDenied(route: "settings", source: .external(.notification))) {
            try flow.perform(request)
        }
        #expect(FlowSnapshot(flow) == before)
        request.source = .app
        #expect(try flow.perform(request) == .applied, "in-app requests are not held to the access rule")
    }
}

/// One pending change, whatever door it came through: it keeps its origin, waits behind its
/// redirect, expires on the flow's clock and resumes judged in full.
@MainActor
@Suite struct PendingChangeTests {
    let layout: Layout<TestRoute> = .tabs([.tab(.inbox, .stack(.home)), .tab(.profile, .stack(.settings))])

    @Test func anEventThatMeetsARedirectShowsTheRedirectAndWaits() throws {
        let session = Session()
        let flow = try makeFlow(layout)
        flow.guards = [signedInGuard(session)]
        let home = try #require(flow.focused)
        try home.send(.next)  // pushes a detail, which needs an account
        #expect(flow.focusedScreen.route == .login)
        #expect(flow.pendingChange?.guardName == "signedIn")
        #expect(flow.pendingChange?.request.origin == home.id)
        session.isSignedIn = true
        #expect(try flow.resumePending() == .applied)
        #expect(flow.focusedScreen.route == .detail(1))
    }

    @Test func aRedirectedUserActionAndRestoreWaitLikeAnyChange() throws {
        let session = Session()
        let flow = try makeFlow(.stack(.home))
        flow.guards = [signedInGuard(session)]
        #expect(try flow.restore(try state(.stack(.home, .detail(4)))) == .redirected(guard: "signedIn"))
        #expect(flow.pendingChange?.request.cause == .restore)
        session.isSignedIn = true
        #expect(try flow.resumePending() == .applied)
        #expect(flow.state.screens.map(\.route) == [.home, .detail(4)])
    }

    @Test func aChangeAskedForFromASplitsSidebarResumesOnTheSidebarsStack() throws {
        let session = Session()
        let flow = try makeFlow(.split(sidebar: .stack(.menu), detail: .stack(.home)))
        flow.guards = [signedInGuard(session)]
        let menu = try #require(flow.state.screens.first { $0.route == .menu })
        #expect(try flow.apply(.push(.detail(2)), from: menu.id) == .redirected(guard: "signedIn"))
        session.isSignedIn = true
        #expect(try flow.resumePending() == .applied)
        let sidebar = try #require(flow.state.screens.first { $0.route == .detail(2) })
        #expect(
            flow.state.root.path(to: sidebar.id)?.first == flow.state.root.path(to: menu.id)?.first,
            "it landed beside the menu")
        #expect(flow.state.screens.map(\.route) == [.menu, .detail(2), .home])
    }

    @Test func aChangeAskedForFromAnUnselectedTabResumesThere() throws {
        let session = Session()
        let flow = try makeFlow(layout)
        flow.guards = [signedInGuard(session)]
        let settings = try #require(flow.state.screens.first { $0.route == .settings })
        #expect(try flow.apply(.push(.editor), from: settings.id) == .redirected(guard: "signedIn"))
        session.isSignedIn = true
        #expect(try flow.resumePending() == .applied)
        #expect(flow.state.stack(inTab: .profile)?.elements.map(\.route) == [.settings, .editor])
        #expect(flow.state.stack(inTab: .inbox)?.elements.map(\.route) == [.home])
    }

    @Test func dismissingTheRedirectsScreenDropsThePendingChange() throws {
        let flow = try makeFlow(layout)
        flow.guards = [signedInGuard(Session())]
        try flow.apply(.push(.detail(7)))
        #expect(flow.pendingChange != nil)
        try flow.apply(.dismiss)  // the user closed the sign-in screen
        #expect(flow.pendingChange == nil)
        #expect(try flow.resumePending() == nil)
    }

    @Test func aDestinationResumesOrDropsThePendingChangeFromItsOwnContext() throws {
        let session = Session()
        let flow = try makeFlow(layout)
        flow.guards = [signedInGuard(session)]
        try flow.apply(.push(.detail(7)))
        let signIn = try #require(flow.focused)
        #expect(signIn.context.pendingChange?.guardName == "signedIn")
        session.isSignedIn = true
        #expect(try signIn.context.resumePending() == .applied)
        #expect(flow.focusedScreen.route == .detail(7))
        #expect(signIn.context.isRemoved, "the sign-in screen left with the resumed change")

        session.isSignedIn = false
        try flow.apply(.push(.editor))
        let again = try #require(flow.focused)
        again.context.dropPending()
        #expect(flow.pendingChange == nil)
    }

    @Test func aPendingChangeExpiresOnTheFlowsClock() throws {
        let clock = TestClock()
        let session = Session()
        var configuration = FlowConfiguration(
            layout: layout, providers: testProviders(log: Log()), guards: [signedInGuard(session)])
        configuration.now = { clock.now }
        configuration.pendingLifetime = .seconds(60)
        let flow = try Flow(configuration)
        try flow.apply(.push(.detail(7)))
        session.isSignedIn = true
        clock.elapsed = .seconds(61)
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.pendingExpired) { try flow.resumePending() }
        #expect(FlowSnapshot(flow) == before)
        #expect(flow.pendingChange == nil)
    }

}

/// One queue for changes asked for during a commit: in call order, through the same path, and
/// each caller told what happened.
@MainActor
@Suite struct CommitQueueTests {
    @Test func anAlertTapAndAPushAskedForFromAHookRunInCallOrder() throws {
        let flow = try Flow(
            .stack(TestRoute.home),
            providers: Providers { route in
                route == .confirm ? TapThenPushAlert.provider : screenProvider(log: Log())
            })
        try flow.apply(.alert(.confirm))
        #expect(TapThenPushAlert.outcomes == [.queued, .queued])
        #expect(flow.state.presentedChain.isEmpty, "the tap closed the alert first")
        #expect(flow.focusedScreen.route == .list, "then the push landed on the stack")
    }
}

/// An alert that, as it is prepared, taps its own button and then asks for a push from the
/// focused screen: the push only fits once the alert is gone.
@MainActor
final class TapThenPushAlert: AlertDestination {
    enum Event: Hashable, Sendable { case none }
    let context = DestinationContext<TestRoute, Event>()
    static var outcomes: [ChangeOutcome<TestRoute>] = []
    var alert: AlertContent<Event> { AlertContent("Go?", buttons: []) }

    static let provider = Provider { (_: TestRoute) in
        TapThenPushAlert()
    } events: { _ in
    }

    func prepareForPresentation() {
        guard let id, let flow = context.flowForTests else { return }
        Self.outcomes = []
        Self.outcomes.append((try? flow.tapAlertButton(0, of: id)) ?? .unchanged)
        Self.outcomes.append((try? flow.apply(.push(.list))) ?? .unchanged)
    }
}

/// An alert whose button's event makes a change that leaves the alert up, and that, as it is
/// prepared, taps that button and then asks for a push.
@MainActor
final class TapNavigatingAlert: AlertDestination {
    enum Event: Hashable, Sendable { case go }
    let context = DestinationContext<TestRoute, Event>()
    var alert: AlertContent<Event> { AlertContent("Go?", buttons: [AlertButton("Go", sends: .go)]) }

    static let provider = Provider { (_: TestRoute) in
        TapNavigatingAlert()
    } events: { events in
        events.on(.go, .present(.selectTab(.inbox)))
    }

    func prepareForPresentation() {
        guard let id, let flow = context.flowForTests else { return }
        _ = try? flow.tapAlertButton(0, of: id)
        _ = try? flow.apply(.push(.list))
    }
}

/// Orders and lifetimes that the pipeline must get right when hooks, handlers and late answers
/// navigate.
@MainActor
@Suite struct PipelineReentrancyTests {
    @Test func aRefusalHandlerCanNavigate() throws {
        let ref = FlowRef<TestRoute>()
        let flow = try makeFlow(.stack(.home))
        ref.flow = flow
        flow.guards = [signedInGuard(Session(), redirect: nil)]
        flow.onRefusal = { _, _ in _ = try? ref.flow?.apply(.sheet(.about)) }
        #expect(throws: NavigationError.guardDenied(guard: "signedIn", route: "detail", reason: "requires an account"))
        {
            try flow.apply(.push(.detail(1)))
        }
        #expect(flow.focusedScreen.route == .about, "the explanation the handler asked for shows")
    }

    @Test func aTapWhoseButtonNavigatesStillRunsBeforeAPushAskedForAfterIt() throws {
        let flow = try Flow(
            threeTabs,
            providers: Providers { route in
                route == .confirm ? TapNavigatingAlert.provider : screenProvider(log: Log())
            })
        try flow.apply(.alert(.confirm))
        #expect(flow.state.presentedChain.isEmpty, "the tap closed the alert")
        #expect(flow.focusedScreen.route == .list, "the push ran after the alert was gone")
    }

    @Test func aWindowDiscardedWhileItsGuardsAreAskedStaysDiscarded() async throws {
        let gate = Gate()
        let store = InMemorySceneStore()
        store.save(try NavigationSnapshot(try state(.stack(.home, .detail(5))), schemaVersion: 1).encoded(), for: "s1")
        let scenes = try Scenes(
            kinds: [SceneKind("main", layout: .stack(TestRoute.home))], providers: testProviders(log: Log()),
            store: store,
            configure: { flow, _ in
                flow.asyncGuards = [
                    AsyncNavigationGuard("remote", watches: { $0.requiresAccount }) { _ in
                        await gate.pass()
                        return .allow
                    }
                ]
                flow.configuration.asyncGuardTimeout = .seconds(Int64.max)
            })
        let connecting = Task { () async throws -> Void in
            _ = try await scenes.connectAwaitingGuards(sceneID: "s1", kind: "main")
        }
        await gate.arrivals(1)
        scenes.discard(["s1"])
        gate.open()
        await #expect(throws: SceneError.notConnected("s1")) { try await connecting.value }
        #expect(scenes.connections["s1"] == nil)
    }

    @Test func aRestoredWindowThatAGuardRedirectsSaysItWaits() throws {
        let store = InMemorySceneStore()
        store.save(try NavigationSnapshot(try state(.stack(.home, .detail(5))), schemaVersion: 1).encoded(), for: "s1")
        let scenes = try Scenes(
            kinds: [SceneKind("main", layout: .stack(TestRoute.home))], providers: testProviders(log: Log()),
            store: store,
            configure: { flow, _ in flow.guards = [signedInGuard(Session())] })
        let connection = try scenes.connect(sceneID: "s1", kind: "main")
        #expect(connection.report.issues.contains(.waitsForGuard("signedIn")))
        #expect(connection.report.restoredScreens == 0)
        #expect(connection.flow.pendingChange?.request.cause == .restore)
        #expect(connection.flow.focusedScreen.route == .login)
    }
}

/// A window's history records each request from the state it was performed from, whatever
/// happened while asynchronous guards were asked, and nothing for a window that went away.
@MainActor
@Suite struct SceneRequestHistoryTests {
    func scenes(_ gate: Gate) throws -> Scenes<TestRoute> {
        try Scenes(
            kinds: [SceneKind("main", layout: .stack(TestRoute.home))], providers: testProviders(log: Log()),
            store: InMemorySceneStore(),
            configure: { flow, _ in
                flow.asyncGuards = [
                    AsyncNavigationGuard("remote", watches: { $0.requiresAccount }) { _ in
                        await gate.pass()
                        return .allow
                    }
                ]
                flow.configuration.asyncGuardTimeout = .seconds(Int64.max)
            })
    }

    @Test func aRequestPerformedWhileAnotherWaitsForItsGuardKeepsItsPlaceInTheHistory() async throws {
        let gate = Gate()
        let scenes = try scenes(gate)
        let flow = try scenes.connect(sceneID: "w", kind: "main").flow
        let waiting = Task { try await scenes.performAwaitingGuards(.presentation(.push(.detail(5))), in: "w") }
        await gate.arrivals(1)
        #expect(try scenes.perform(.presentation(.push(.list)), in: "w") == .applied)
        gate.open()
        #expect(try await waiting.value == .applied)
        #expect(flow.state.routes == [.home, .list, .detail(5)])
        #expect(try scenes.back("w"))
        #expect(flow.state.routes == [.home, .list])
        #expect(try scenes.back("w"))
        #expect(flow.state.routes == [.home])
        #expect(try scenes.back("w") == false)
    }

    @Test func aChangeTheUserMadeWhileTheGuardsWereAskedSurvivesBack() async throws {
        let gate = Gate()
        let scenes = try scenes(gate)
        let flow = try scenes.connect(sceneID: "w", kind: "main").flow
        let waiting = Task { try await scenes.performAwaitingGuards(.presentation(.push(.detail(5))), in: "w") }
        await gate.arrivals(1)
        try flow.apply(.push(.list))  // the user went on while the server was asked
        gate.open()
        #expect(try await waiting.value == .applied)
        #expect(try scenes.back("w"))
        #expect(flow.state.routes == [.home, .list], "back returns to where the request started, the user's push kept")
    }

    @Test func aWindowDisconnectedWhileItsGuardsAreAskedGetsNothingPerformed() async throws {
        let gate = Gate()
        let scenes = try scenes(gate)
        let flow = try scenes.connect(sceneID: "w", kind: "main").flow
        let waiting = Task { try await scenes.performAwaitingGuards(.presentation(.push(.detail(5))), in: "w") }
        await gate.arrivals(1)
        scenes.disconnect("w")
        gate.open()
        await #expect(throws: SceneError.notConnected("w")) { try await waiting.value }
        #expect(flow.state.routes == [.home], "the released window's flow was not changed after its snapshot was saved")
        #expect(scenes.histories["w"] == nil)
    }

    @Test func aRefusedRequestLeavesTheHistoryAsItWas() throws {
        let scenes = try scenes(Gate())
        let flow = try scenes.connect(sceneID: "w", kind: "main").flow
        #expect(try scenes.perform(.presentation(.push(.list)), in: "w") == .applied)
        let history = scenes.histories["w"]?.states
        #expect(throws: SceneError.navigation(.awaitsAsyncGuards(guard: "remote"))) {
            try scenes.perform(.presentation(.push(.detail(1))), in: "w")
        }
        #expect(scenes.histories["w"]?.states == history)
        #expect(flow.state.routes == [.home, .list])
        #expect(throws: SceneError.notConnected("nowhere")) {
            try scenes.perform(.presentation(.push(.list)), in: "nowhere")
        }
    }
}
