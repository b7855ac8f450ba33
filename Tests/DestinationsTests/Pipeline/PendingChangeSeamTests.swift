import Testing

@testable import Destinations

/// What a hook saw, for a test to read after the change.
@MainActor
final class HookRecord {
    var pendingInPrepare: PendingChange<TestRoute>?
    var pendingInAppear: PendingChange<TestRoute>?
    var resumed: ChangeOutcome<TestRoute>??
}

/// The pending change where it meets the pipeline: visible to its redirect's screens, resumed
/// by identity, redirected again in plain sight, superseded only by what happens, and never
/// outliving its lifetime.
@MainActor
@Suite struct PendingChangeSeamTests {
    let layout: Layout<TestRoute> = .tabs([.tab(.inbox, .stack(.home)), .tab(.profile, .stack(.settings))])

    @Test func theRedirectsScreenSeesThePendingChangeAndASilentSignInFromDidAppearResumesIt() throws {
        let session = Session()
        let record = HookRecord()
        let flow = try hookFlow(layout, log: Log()) { screen in
            guard screen.route == .login else { return }
            screen.onPrepare = { record.pendingInPrepare = $0.context.pendingChange }
            screen.onAppear = { screen in
                record.pendingInAppear = screen.context.pendingChange
                session.isSignedIn = true
                record.resumed = try? screen.context.resumePending()
            }
        }
        flow.guards = [signedInGuard(session)]
        #expect(try flow.apply(.push(.detail(7))) == .redirected(guard: "signedIn"))
        #expect(record.pendingInPrepare?.guardName == "signedIn")
        #expect(record.pendingInAppear?.guardName == "signedIn")
        #expect(record.resumed == .some(.queued), "the resume waits in the queue instead of being dropped")
        #expect(flow.focusedScreen.route == .detail(7))
        #expect(!flow.state.screens.contains { $0.route == .login }, "the sign-in screen left with the change")
        #expect(flow.pendingChange == nil)
    }

    @Test func aResumedChangeThatASecondGuardRedirectsShowsThatRedirectInsteadOfTheFirst() throws {
        let session = Session()
        let verification = Session()
        let flow = try makeFlow(layout)
        flow.guards = [
            signedInGuard(session),
            NavigationGuard("verified") { change in
                guard !verification.isSignedIn, change.added.contains(where: { $0.requiresAccount }) else {
                    return .allow
                }
                return .redirect(.sheet(.confirm))
            },
        ]
        try flow.apply(.push(.detail(7)))
        #expect(flow.focusedScreen.route == .login)
        session.isSignedIn = true
        #expect(try flow.resumePending() == .redirected(guard: "verified"))
        #expect(flow.focusedScreen.route == .confirm, "the second guard's redirect shows")
        #expect(!flow.state.screens.contains { $0.route == .login }, "the first guard's screen went")
        #expect(flow.pendingChange?.guardName == "verified")
        let confirm = flow.focusedScreen.id
        #expect(flow.pendingChange?.redirectScreens == [confirm])

        verification.isSignedIn = true
        #expect(try flow.resumePending() == .applied)
        #expect(flow.focusedScreen.route == .detail(7))
        #expect(!flow.contains(confirm))
        #expect(flow.pendingChange == nil)
    }

    @Test func aRefusedExternalRequestDoesNotSupersedeOneWaitingForItsGuard() async throws {
        let gate = Gate()
        let flow = try makeFlow(layout)
        // The gate decides when the guard answers, never the machine's load.
        flow.configuration.asyncGuardTimeout = .seconds(Int64.max)
        flow.asyncGuards = [
            AsyncNavigationGuard("remote", watches: { $0.requiresAccount }) { _ in
                await gate.pass()
                return .allow
            }
        ]
        let waiting = Task { try await flow.performAwaitingGuards(.presentation(.push(.detail(1)))) }
        await gate.arrivals(1)
        var refused = ChangeRequest<TestRoute>.presentation(.push(.list), source: .external(.notification))
        refused.access = { _ in false }
        #expect(throws: NavigationError.accessDenied(route: "list", source: .external(.notification))) {
            try flow.perform(refused)
        }
        gate.open()
        #expect(try await waiting.value == .applied)
        #expect(flow.focusedScreen.route == .detail(1))
    }

    @Test func anAppliedExternalRequestStillSupersedesOneWaitingForItsGuard() async throws {
        let gate = Gate()
        let flow = try makeFlow(layout)
        // The gate decides when the guard answers, never the machine's load.
        flow.configuration.asyncGuardTimeout = .seconds(Int64.max)
        flow.asyncGuards = [
            AsyncNavigationGuard("remote", watches: { $0.requiresAccount }) { _ in
                await gate.pass()
                return .allow
            }
        ]
        let waiting = Task { try await flow.performAwaitingGuards(.presentation(.push(.detail(1)))) }
        await gate.arrivals(1)
        try flow.perform(.presentation(.push(.list), source: .external(.notification)))
        gate.open()
        await #expect(throws: NavigationError.superseded) { try await waiting.value }
        #expect(flow.focusedScreen.route == .list)
    }

    @Test func aResumeThatIsDeferredAgainKeepsTheFirstDeadline() throws {
        let clock = TestClock()
        var configuration = FlowConfiguration(layout: .stack(.home, .editor), providers: testProviders(log: Log()))
        configuration.now = { clock.now }
        configuration.pendingLifetime = .seconds(60)
        let flow = try Flow(configuration)
        var request = ChangeRequest<TestRoute>.presentation(.replaceCurrent(.list), source: .external(.notification))
        request.fallbackInterruption = { $0 == .editor ? .defer : .allow }
        let outcome = try flow.perform(request)
        guard case .deferred = outcome else {
            Issue.record("\(outcome)")
            return
        }
        let first = try #require(flow.pendingChange)
        clock.elapsed = .seconds(40)
        let again = try flow.resumePending()
        guard case .deferred? = again else {
            Issue.record("\(String(describing: again))")
            return
        }
        #expect(flow.pendingChange?.expires == first.expires, "waiting again does not restart the lifetime")
        #expect(flow.pendingChange?.id == first.id, "it is the same wait")
        clock.elapsed = .seconds(61)
        #expect(throws: NavigationError.pendingExpired) { try flow.resumePending() }
        #expect(flow.focusedScreen.route == .editor)
    }
}
