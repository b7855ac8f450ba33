import DestinationsURLs
import Foundation
import Testing

@testable import Destinations

/// A reference a guard or a hook can reach the flow and its URLs through.
@MainActor
final class FlowRef<Route: NavigationRoute> {
    var flow: Flow<Route>?
    var urls: FlowURLs<Route>?
    var outcomes: [ChangeOutcome<Route>] = []
    var errors: [NavigationError] = []
    var calls = 0
}

/// A clock a test moves by hand, for pending changes' expiry.
@MainActor
final class TestClock {
    let start = ContinuousClock.now
    var elapsed: Duration = .zero
    var now: ContinuousClock.Instant { start.advanced(by: elapsed) }
}

/// Links through the one pipeline: asynchronous guards, the screen limit, pending and
/// confirmed links, and links asked for while a change is being committed.
@MainActor
@Suite struct URLDoorTests {
    @Test func aLinkAnAsynchronousGuardWatchesIsRefusedByTheDoorThatCannotWait() throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        flow.asyncGuards = [
            AsyncNavigationGuard("shared", watches: { if case .note = $0 { true } else { false } }) { _ in .allow }
        ]
        let before = URLFlowSnapshot(flow)
        #expect(throws: DeepLinkError.awaitsAsyncGuards) {
            try urls.open("notes://notes/4", source: .external(.universalLink))
        }
        #expect(URLFlowSnapshot(flow) == before)
    }

    @Test func aDeferredLinkResumedAfterAccessWasRevokedMeetsTheAsynchronousGuard() async throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        try flow.apply(.sheet(.editNote(id: 1)))  // a draft: links wait for it
        guard case .deferred(let link) = try urls.open("notes://notes/4", source: .external(.universalLink)) else {
            Issue.record("the link did not wait for the draft")
            return
        }
        try flow.apply(.dismiss)
        flow.asyncGuards = [
            AsyncNavigationGuard("shared", watches: { if case .note = $0 { true } else { false } }) { _ in
                .deny(reason: "access revoked")
            }
        ]
        #expect(throws: DeepLinkError.awaitsAsyncGuards) { try urls.resume(link) }
        await #expect(throws: NavigationError.guardDenied(guard: "shared", route: "note", reason: "access revoked")) {
            try await flow.resumePendingAwaitingGuards()
        }
        #expect(!flow.state.screens.contains { $0.route == .note(id: 4) })
    }

    @Test func aLinkOpenedWithoutWaitingSupersedesAnOlderLinkStillWaitingForItsGuard() async throws {
        let gate = Gate()
        let urls = try URLFlows.flow()
        let flow = urls.flow
        flow.asyncGuards = [
            AsyncNavigationGuard("shared", watches: { if case .note = $0 { true } else { false } }) { _ in
                await gate.pass()
                return .allow
            }
        ]
        flow.configuration.asyncGuardTimeout = .seconds(Int64.max)
        let waiting = Task { try await urls.openAwaitingGuards("notes://notes/4", source: .external(.universalLink)) }
        await gate.arrivals(1)
        #expect(try urls.open("notes://about", source: .external(.universalLink)) == .applied)
        gate.open()
        await #expect(throws: DeepLinkError.superseded) { try await waiting.value }
        #expect(flow.focusedScreen.route == .about, "the older link did not land on top of the newer one")
    }

    @Test func theScreenLimitHoldsForTheStateLinksLeadTo() throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        var refusal: DeepLinkError?
        for id in 0..<200 {
            do throws(DeepLinkError) {
                try urls.open("notes://n/\(id)", source: .external(.otherApp))
            } catch {
                refusal = error
                break
            }
        }
        let limit = URLLimits.external.screens
        #expect(refusal == .tooManyScreens(count: limit + 1, limit: limit))
        #expect(flow.state.screens.count == limit)
    }

    @Test func aDeferredLinkExpiresOnTheFlowsClock() throws {
        let clock = TestClock()
        let urls = try URLFlows.flow()
        let flow = urls.flow
        flow.configuration.now = { clock.now }
        try flow.apply(.sheet(.editNote(id: 1)))
        guard case .deferred(let link) = try urls.open("notes://notes/4", source: .external(.universalLink)) else {
            Issue.record("the link did not wait for the draft")
            return
        }
        try flow.apply(.dismiss)
        clock.elapsed = flow.configuration.pendingLifetime + .seconds(1)
        let before = URLFlowSnapshot(flow)
        #expect(throws: DeepLinkError.navigation(.pendingExpired)) { try urls.resume(link) }
        #expect(URLFlowSnapshot(flow) == before)
    }

    @Test func aLinkTheUserConfirmedIsNotAskedAgainWhenItResumesAfterSignIn() throws {
        let session = GoldenSession()
        let urls = try URLFlows.flow { screen in
            if screen.route == .counter { screen.policy = .confirm }
        }
        let flow = urls.flow
        flow.guards = [privateNotesGuard(session, redirect: true)]
        try flow.apply(.selectTab(.counterTab))
        session.isSignedIn = true
        let outcome = try urls.open("notes://notes/3", source: .external(.otherApp))
        guard case .needsConfirmation(let plan) = outcome else {
            Issue.record("the counter did not ask for confirmation: \(outcome)")
            return
        }
        session.isSignedIn = false  // the session ended while the user was asked
        #expect(try urls.commit(plan) == .redirected(guard: "signedIn"))
        session.isSignedIn = true
        #expect(try flow.resumePending() == .applied, "confirmed once, not asked again")
        #expect(flow.focusedScreen.route == .note(id: 3))
    }

    @Test func aGuardThatNavigatesWhileALinkIsCommittedHasItsChangeRunAfterIt() throws {
        let ref = FlowRef<GoldenRoute>()
        let urls = try URLFlows.flow()
        let flow = urls.flow
        ref.flow = flow
        flow.guards = [
            NavigationGuard("navigating") { change in
                if ref.calls == 0, change.added.contains(.note(id: 4)), let flow = ref.flow {
                    ref.calls += 1
                    let settings = flow.state.screens.first { $0.route == .settings }?.id
                    do throws(NavigationError) {
                        ref.outcomes.append(try flow.apply(.push(.about), from: settings))
                    } catch {
                        ref.errors.append(error)
                    }
                }
                return .allow
            }
        ]
        #expect(try urls.open("notes://notes/4", source: .external(.universalLink)) == .applied)
        #expect(ref.outcomes == [.queued])
        let about = try #require(flow.state.screens.first { $0.route == .about })
        let note = try #require(flow.state.screens.first { $0.route == .note(id: 4) })
        #expect(about.id != note.id)
        #expect(flow.destination(about.id) != nil && flow.destination(note.id) != nil)
        #expect(flow.state.firstProblem == nil)
    }

    @Test func aRedirectAskedForDuringACommitIsQueuedAndStillRedirects() throws {
        let session = GoldenSession()
        let ref = FlowRef<GoldenRoute>()
        let urls = try URLFlows.flow { screen in
            guard screen.route == .about else { return }
            screen.onPrepare = {
                do throws(NavigationError) {
                    ref.outcomes.append(try ref.flow?.apply(.push(.note(id: 8))) ?? .unchanged)
                } catch {
                    ref.errors.append(error)
                }
            }
        }
        let flow = urls.flow
        ref.flow = flow
        flow.guards = [privateNotesGuard(session, redirect: true)]
        try flow.apply(.push(.about))
        #expect(ref.outcomes == [.queued], "the caller is told the change waits, not that it was applied")
        #expect(flow.focusedScreen.route == .signIn)
        #expect(flow.pendingChange?.guardName == "signedIn")
        session.isSignedIn = true
        #expect(try flow.resumePending() == .applied)
        #expect(flow.focusedScreen.route == .note(id: 8))
    }

    @Test func resumingDuringACommitResumesRightAfterIt() throws {
        let session = GoldenSession()
        let ref = FlowRef<GoldenRoute>()
        let urls = try URLFlows.flow { screen in
            guard screen.route == .licenses else { return }
            screen.onPrepare = { ref.outcomes.append((try? ref.flow?.resumePending()) ?? .unchanged) }
        }
        let flow = urls.flow
        ref.flow = flow
        flow.guards = [privateNotesGuard(session, redirect: true)]
        try flow.apply(.push(.note(id: 2)))
        session.isSignedIn = true
        let notes = try #require(flow.state.screens.first { $0.route == .notes })
        try flow.apply(.push(.licenses), from: notes.id)  // its hook resumes
        #expect(ref.outcomes == [.queued])
        #expect(flow.pendingChange == nil)
        #expect(flow.state.screens.contains { $0.route == .note(id: 2) }, "the pending change ran, not lost")
    }

    @Test func aLinkQueuedDuringACommitKeepsItsRedirect() throws {
        let session = GoldenSession()
        let ref = FlowRef<GoldenRoute>()
        let urls = try URLFlows.flow { screen in
            guard screen.route == .about else { return }
            screen.onPrepare = { _ = try? ref.urls?.open("notes://notes/6", source: .external(.notification)) }
        }
        let flow = urls.flow
        ref.flow = flow
        ref.urls = urls
        flow.guards = [privateNotesGuard(session, redirect: true)]
        try flow.apply(.push(.about))
        #expect(flow.focusedScreen.route == .signIn)
        #expect(flow.pendingChange?.request.source == .external(.notification))
        session.isSignedIn = true
        #expect(try flow.resumePending() == .applied)
        #expect(flow.focusedScreen.route == .note(id: 6))
    }

    @Test func aLinkConfirmedAfterItsAsynchronousGuardAllowedItCommits() async throws {
        let urls = try URLFlows.flow { screen in
            if screen.route == .counter { screen.policy = .confirm }
        }
        let flow = urls.flow
        flow.asyncGuards = [
            AsyncNavigationGuard("shared", watches: { if case .note = $0 { true } else { false } }) { _ in .allow }
        ]
        try flow.apply(.selectTab(.counterTab))
        guard
            case .needsConfirmation(let plan) = try await urls.openAwaitingGuards(
                "notes://notes/3", source: .external(.otherApp))
        else {
            Issue.record("the counter did not ask for confirmation")
            return
        }
        #expect(try urls.commit(plan) == .applied)
        #expect(flow.focusedScreen.route == .note(id: 3))
    }

    @Test func aSupersededRequestStopsWaitingEvenWhenItsGuardNeverTimesOut() async throws {
        let gate = Gate()
        let urls = try URLFlows.flow()
        let flow = urls.flow
        flow.asyncGuards = [
            AsyncNavigationGuard("shared", watches: { if case .note = $0 { true } else { false } }) { _ in
                await gate.pass()
                return .allow
            }
        ]
        flow.configuration.asyncGuardTimeout = .seconds(Int64.max)
        let waiting = Task { try await urls.openAwaitingGuards("notes://notes/4", source: .external(.universalLink)) }
        await gate.arrivals(1)
        #expect(try urls.open("notes://about", source: .external(.universalLink)) == .applied)
        await #expect(throws: DeepLinkError.superseded) { try await waiting.value }
        gate.open()
        #expect(flow.focusedScreen.route == .about)
    }
}
