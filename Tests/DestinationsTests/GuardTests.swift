import Foundation
import Testing

@testable import Destinations

/// A session for the guards: whether the user is signed in.
@MainActor
final class Session {
    var isSignedIn = false
}

extension TestRoute {
    /// The routes a guest may not see.
    var requiresAccount: Bool {
        if case .detail = self { return true }
        return self == .editor
    }
}

@MainActor
func signedInGuard(_ session: Session, redirect: Presentation<TestRoute>? = .fullScreenCover(.login))
    -> NavigationGuard<TestRoute>
{
    NavigationGuard("signedIn") { change in
        guard !session.isSignedIn, change.added.contains(where: { $0.requiresAccount }) else { return .allow }
        if let redirect { return .redirect(redirect) }
        return .deny(reason: "requires an account")
    }
}

/// Guards judge every change on its result, whatever path it takes, and a redirect keeps the
/// change pending until it is resumed, once.
@MainActor
@Suite struct GuardTests {
    let layout: Layout<TestRoute> = .tabs([.tab(.inbox, .stack(.home)), .tab(.profile, .stack(.settings))])

    @Test func aDeniedChangeLeavesTheStateAndBuildsNothing() throws {
        let log = Log()
        let flow = try makeFlow(layout, log: log)
        flow.guards = [signedInGuard(Session(), redirect: nil)]
        let before = FlowSnapshot(flow)
        let built = log.builtCount
        #expect(throws: NavigationError.guardDenied(guard: "signedIn", route: "detail", reason: "requires an account"))
        {
            try flow.apply(.push(.detail(1)))
        }
        #expect(FlowSnapshot(flow) == before)
        #expect(log.builtCount == built, "no Destination is built for a denied change")
    }

    @Test func everyPathToAGuardedRouteIsDenied() throws {
        let flow = try makeFlow(layout)
        flow.guards = [signedInGuard(Session(), redirect: nil)]
        let before = FlowSnapshot(flow)
        let attempts: [Presentation<TestRoute>] = [
            .push(.detail(1)),
            .path([.push(.list), .push(.detail(2))]),
            .setStack([.home, .detail(3)]),
            .sheet(.editor),
            .present(.tabs([.tab(.search, .stack(.list, .detail(4)))]), style: .fullScreenCover),
            .replaceRoot(.stack(.detail(5))),
            .presentInTab(.profile, .editor),
            .replaceCurrent(.detail(6)),
        ]
        for attempt in attempts {
            #expect(throws: NavigationError.self, "\(attempt)") { try flow.apply(attempt) }
            #expect(FlowSnapshot(flow) == before, "\(attempt)")
        }
        // A Destination's event and a restore take the same path.
        let home = try #require(flow.destination(flow.focusedScreen.id) as? Screen)
        #expect(throws: NavigationError.self) { try home.send(.next) }
        let saved = try NavigationState(Layout<TestRoute>.stack(.detail(9)))
        #expect(throws: NavigationError.self) { try flow.restore(saved) }
        #expect(FlowSnapshot(flow) == before)
    }

    @Test func aPlainApplyFollowsTheRedirectAndKeepsTheChangePending() throws {
        let flow = try makeFlow(layout)
        flow.guards = [signedInGuard(Session())]
        #expect(try flow.apply(.push(.detail(1))) == .redirected(guard: "signedIn"))
        #expect(flow.focusedScreen.route == .login)
        #expect(flow.pendingChange?.guardName == "signedIn")
    }

    @Test func aRedirectRunsFirstAndTheChangeResumesOnce() throws {
        let session = Session()
        let flow = try makeFlow(layout)
        flow.guards = [signedInGuard(session)]
        #expect(try flow.apply(.push(.detail(7))) == .redirected(guard: "signedIn"))
        #expect(flow.focusedScreen.route == .login)
        #expect(flow.pendingChange?.guardName == "signedIn")

        session.isSignedIn = true
        // The sign-in screen goes in the same transaction as the resumed change.
        #expect(try flow.resumePending() == .applied)
        #expect(flow.focusedScreen.route == .detail(7))
        #expect(!flow.state.screens.contains { $0.route == .login })
        #expect(flow.pendingChange == nil)
        #expect(try flow.resumePending() == nil, "a pending change is used once")
    }

    @Test func aResumedChangeIsCheckedAgainInFull() throws {
        let session = Session()
        let flow = try makeFlow(layout)
        flow.guards = [signedInGuard(session)]
        try flow.apply(.push(.detail(7)))
        let signIn = flow.state
        // Still signed out: resuming redirects again rather than slipping through, and keeps
        // waiting behind the sign-in screen that still shows instead of stacking another.
        #expect(try flow.resumePending() == .redirected(guard: "signedIn"))
        #expect(flow.state.screens.allSatisfy { $0.route?.requiresAccount != true })
        #expect(flow.state == signIn)
        #expect(flow.pendingChange?.guardName == "signedIn")
    }

    @Test func anExpiredPendingChangeIsDropped() throws {
        let session = Session()
        let flow = try makeFlow(layout)
        flow.guards = [signedInGuard(session)]
        flow.configuration.pendingLifetime = .zero
        try flow.apply(.push(.detail(7)))
        session.isSignedIn = true
        #expect(throws: NavigationError.pendingExpired) { try flow.resumePending() }
        #expect(flow.pendingChange == nil)
        #expect(flow.focusedScreen.route == .login)
    }

    @Test func clearingDropsThePendingChange() throws {
        let flow = try makeFlow(layout)
        flow.guards = [signedInGuard(Session())]
        try flow.apply(.push(.detail(7)))
        flow.dropPending()
        #expect(try flow.resumePending() == nil)
    }

    @Test func redirectsThatRedirectEndInALoopError() throws {
        let flow = try makeFlow(layout)
        // Every redirect adds a guarded screen again.
        flow.guards = [signedInGuard(Session(), redirect: .sheet(.editor))]
        let before = FlowSnapshot(flow)
        #expect(throws: NavigationError.redirectLoop(count: 4)) { try flow.apply(.push(.detail(1))) }
        #expect(FlowSnapshot(flow) == before)
        #expect(flow.pendingChange == nil)
    }

    @Test func randomChangesNeverLetAGuardedRouteIn() throws {
        var random = SeededRandom(seed: 0x6A4D)
        let seeds = ProcessInfo.processInfo.environment["DESTINATIONS_PROPERTY_SEEDS"].flatMap(Int.init) ?? 30
        for _ in 0..<seeds {
            let flow = try makeFlow(threeTabs)
            let session = Session()
            flow.guards = [signedInGuard(session, redirect: random.chance(0.5) ? .fullScreenCover(.login) : nil)]
            for _ in 0..<40 {
                switch random.next() % 4 {
                case 0:
                    _ = try? flow.restore(RandomStates.state(&random))
                case 1:
                    _ = try? flow.apply(RandomStates.presentation(&random, in: flow.state))
                default:
                    let anchor = random.chance(0.3) ? random.pick(flow.state.screens.map(\.id)) : nil
                    _ = try? flow.apply(RandomStates.presentation(&random, in: flow.state), from: anchor)
                }
                #expect(!flow.state.screens.contains { $0.route?.requiresAccount == true })
                #expect(flow.state.firstProblem == nil)
            }
        }
    }
}
