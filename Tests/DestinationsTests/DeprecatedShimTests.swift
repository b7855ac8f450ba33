import Testing

@testable import Destinations

/// The old names this package keeps for one minor version, as an app written against 0.2.0
/// calls them. They are called through ``OldAPIUse``, a protocol whose witnesses are the
/// deprecated uses: a call through a protocol requirement that is not deprecated is not a
/// deprecated use, so the package keeps its zero warnings while the shims are compiled and run.
@MainActor
protocol OldAPIUse {
    func applyOrRedirect(_ presentation: Presentation<TestRoute>, in flow: Flow<TestRoute>) throws
        -> ChangeOutcome<TestRoute>
    func clearPending(in flow: Flow<TestRoute>)
    func pendingLifetime(of flow: Flow<TestRoute>) -> Duration
    func setPendingLifetime(_ lifetime: Duration, of flow: Flow<TestRoute>)
    func renamedTypes() -> [(old: Any.Type, new: Any.Type)]
}

/// The uses of the old names, each as 0.2.0 wrote it.
struct OldAPI: OldAPIUse {
    @available(*, deprecated, message: "calls the 0.2.0 names on purpose")
    func applyOrRedirect(_ presentation: Presentation<TestRoute>, in flow: Flow<TestRoute>) throws
        -> ChangeOutcome<TestRoute>
    {
        try flow.applyOrRedirect(presentation)
    }

    @available(*, deprecated, message: "calls the 0.2.0 names on purpose")
    func clearPending(in flow: Flow<TestRoute>) {
        flow.clearPending()
    }

    @available(*, deprecated, message: "calls the 0.2.0 names on purpose")
    func pendingLifetime(of flow: Flow<TestRoute>) -> Duration {
        flow.pendingLifetime
    }

    @available(*, deprecated, message: "calls the 0.2.0 names on purpose")
    func setPendingLifetime(_ lifetime: Duration, of flow: Flow<TestRoute>) {
        flow.pendingLifetime = lifetime
    }

    @available(*, deprecated, message: "calls the 0.2.0 names on purpose")
    func renamedTypes() -> [(old: Any.Type, new: Any.Type)] {
        [
            (PlannedChange<TestRoute>.self, NavigationGuard<TestRoute>.Change.self),
            (GuardDecision<TestRoute>.self, NavigationGuard<TestRoute>.Decision.self),
            (PresentingLayout<TestRoute>.self, Layout<TestRoute>.Presenting.self),
            (RestorationIssue.self, RestorationReport.Issue.self),
            (SceneProblem.self, SceneError.Problem.self),
            (AlertRole.self, AlertDisplay.Role.self),
            (ConfigurationProblem.self, NavigationError.ConfigurationProblem.self),
            ((any LinkInterruptible).self, (any Interruptible).self),
        ]
    }
}

/// Code written against 0.2.0 still compiles, with deprecation warnings that name the new
/// spelling, and does what the new spelling does.
@MainActor
@Suite struct DeprecatedShimTests {
    let old: any OldAPIUse = OldAPI()
    let layout: Layout<TestRoute> = .tabs([.tab(.inbox, .stack(.home)), .tab(.profile, .stack(.settings))])

    @Test func applyOrRedirectFollowsAGuardsRedirectAndKeepsTheChangePending() throws {
        let flow = try makeFlow(layout)
        flow.guards = [signedInGuard(Session())]
        #expect(try old.applyOrRedirect(.push(.detail(1)), in: flow) == .redirected(guard: "signedIn"))
        #expect(flow.focusedScreen.route == .login)
        #expect(flow.pendingChange?.guardName == "signedIn")
    }

    @Test func applyOrRedirectAppliesAnAllowedChange() throws {
        let flow = try makeFlow(layout)
        #expect(try old.applyOrRedirect(.push(.detail(1)), in: flow) == .applied)
        #expect(flow.focusedScreen.route == .detail(1))
    }

    @Test func clearPendingDropsThePendingChange() throws {
        let session = Session()
        let flow = try makeFlow(layout)
        flow.guards = [signedInGuard(session)]
        try flow.apply(.push(.detail(7)))
        old.clearPending(in: flow)
        session.isSignedIn = true
        #expect(flow.pendingChange == nil)
        #expect(try flow.resumePending() == nil)
    }

    @Test func theFlowsPendingLifetimeIsTheConfigurations() throws {
        let flow = try makeFlow(layout)
        #expect(old.pendingLifetime(of: flow) == flow.configuration.pendingLifetime)
        old.setPendingLifetime(.seconds(5), of: flow)
        #expect(flow.configuration.pendingLifetime == .seconds(5))
        #expect(old.pendingLifetime(of: flow) == .seconds(5))
    }

    @Test func everyRenamedTypeIsTheTypeItWasRenamedTo() {
        for (oldType, newType) in old.renamedTypes() {
            #expect(ObjectIdentifier(oldType) == ObjectIdentifier(newType), "\(oldType) is not \(newType)")
        }
    }
}
