import Destinations
import DestinationsURLs
import Testing

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

/// Asynchronous guards: only for links that add a route they watch, judged before the link is
/// planned again against the state as it is when they answer; the newest link wins.
@MainActor
@Suite struct AsyncGuardTests {
    func guardedFlow(_ decision: GuardDecision<GoldenRoute>, gate: Gate? = nil) throws -> FlowURLs<GoldenRoute> {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        flow.asyncGuards = [AsyncNavigationGuard("shared", watches: { if case .note = $0 { true } else { false } }) { _ in
            await gate?.pass()
            return decision
        }]
        // The gate decides when the guard answers, however busy the machine: no timer.
        flow.configuration.asyncGuardTimeout = .seconds(Int64.max)
        return urls
    }

    @Test func anAllowedLinkOpens() async throws {
        let urls = try guardedFlow(.allow)
        let flow = urls.flow
        #expect(try await urls.openAwaitingGuards("notes://notes/4", source: .external(.universalLink)) == .applied)
        #expect(flow.focusedScreen.route == .note(id: 4))
    }

    @Test func aDeniedLinkChangesNothing() async throws {
        let urls = try guardedFlow(.deny(reason: "not shared"))
        let flow = urls.flow
        let before = flow.state
        await #expect(throws: DeepLinkError.navigation(.guardDenied(guard: "shared", route: "note", reason: "not shared"))) {
            try await urls.openAwaitingGuards("notes://notes/4", source: .external(.universalLink))
        }
        #expect(flow.state == before)
    }

    @Test func aRedirectKeepsTheLinkPending() async throws {
        let urls = try guardedFlow(.redirect(.fullScreenCover(.signIn)))
        let flow = urls.flow
        #expect(try await urls.openAwaitingGuards("notes://notes/4", source: .external(.universalLink)) == .redirected(guard: "shared"))
        #expect(flow.focusedScreen.route == .signIn)
        #expect(flow.pendingChange?.request.cause == .opened("notes/{id}", source: .external(.universalLink)))
        #expect(flow.pendingChange?.guardName == "shared")
        // A plain resume cannot skip the guard that redirected it: it refuses and keeps waiting.
        #expect(throws: NavigationError.awaitsAsyncGuards(guard: "shared")) { try flow.resumePending() }
        #expect(flow.pendingChange?.guardName == "shared")
        #expect(try await flow.resumePendingAwaitingGuards() == .redirected(guard: "shared"), "asked again, it redirects again")
        #expect(!flow.state.screens.contains { $0.route == .note(id: 4) })
    }

    @Test func routesAddedWhileTheGuardWaitedAreJudgedToo() async throws {
        let gate = Gate()
        let urls = try URLFlows.flow()
        let flow = urls.flow
        var judged: [[GoldenRoute]] = []
        try flow.apply(.push(.note(id: 9)))   // the link below keeps note 9: only note 4 is new
        flow.asyncGuards = [AsyncNavigationGuard("shared", watches: { if case .note = $0 { true } else { false } }) { change in
            judged.append(change.added)
            await gate.pass()
            return change.added.contains(.note(id: 9)) ? .deny(reason: "private") : .allow
        }]
        flow.configuration.asyncGuardTimeout = .seconds(Int64.max)
        let opening = Task { try await urls.openAwaitingGuards("notes://main/notes/notes/note/9/note/4", source: .app) }
        await gate.arrivals(1)
        try flow.apply(.back)                  // note 9 leaves while the guard waits
        gate.open()
        await #expect(throws: DeepLinkError.self) { try await opening.value }
        #expect(judged == [[.note(id: 4)], [.note(id: 9), .note(id: 4)]])
        #expect(!flow.state.screens.contains { $0.route == .note(id: 9) }, "note 9 came back without its guard's say")
    }

    @Test func aCancelledLinkDoesNotOpen() async throws {
        let gate = Gate()
        let urls = try guardedFlow(.allow, gate: gate)
        let flow = urls.flow
        let before = flow.state
        let opening = Task { try await urls.openAwaitingGuards("notes://notes/4", source: .external(.universalLink)) }
        await gate.arrivals(1)
        opening.cancel()
        await #expect(throws: DeepLinkError.superseded) { try await opening.value }
        gate.open()
        #expect(flow.state == before)
    }

    @Test func theLinkIsPlannedAgainAgainstTheStateWhenTheGuardAnswers() async throws {
        let gate = Gate()
        let urls = try guardedFlow(.allow, gate: gate)
        let flow = urls.flow
        let opening = Task { try await urls.openAwaitingGuards("notes://notes/4", source: .external(.universalLink)) }
        await gate.arrivals(1)
        try flow.apply(.path([.selectTab(.settingsTab), .push(.about)]))  // the user went on meanwhile
        gate.open()
        #expect(try await opening.value == .applied)
        #expect(flow.focusedScreen.route == .note(id: 4))
        #expect(flow.state.stack(inTab: .settingsTab)?.elements.map { $0.route } == [.settings, .about], "what the user did stays")
    }

    @Test func theNewestLinkWins() async throws {
        let gate = Gate()
        let urls = try guardedFlow(.allow, gate: gate)
        let flow = urls.flow
        let first = Task { try await urls.openAwaitingGuards("notes://notes/4", source: .external(.universalLink)) }
        await gate.arrivals(1)
        let second = Task { try await urls.openAwaitingGuards("notes://notes/5", source: .external(.universalLink)) }
        await gate.arrivals(2)
        gate.open()
        await #expect(throws: DeepLinkError.superseded) { try await first.value }
        #expect(try await second.value == .applied)
        #expect(flow.focusedScreen.route == .note(id: 5))
    }

    @Test func aMalformedLinkDoesNotSupersedeOneWaitingForItsGuards() async throws {
        let gate = Gate()
        let urls = try guardedFlow(.allow, gate: gate)
        let flow = urls.flow
        let waiting = Task { try await urls.openAwaitingGuards("notes://notes/4", source: .external(.universalLink)) }
        await gate.arrivals(1)
        await #expect(throws: DeepLinkError.self) {
            try await urls.openAwaitingGuards("notes://notes/%zz", source: .external(.universalLink))
        }
        gate.open()
        #expect(try await waiting.value == .applied)
        #expect(flow.focusedScreen.route == .note(id: 4))
    }

    @Test func aGuardThatNeverAnswersTimesOut() async throws {
        let gate = Gate()
        let urls = try guardedFlow(.allow, gate: gate)
        let flow = urls.flow
        let before = flow.state
        flow.configuration.asyncGuardTimeout = .milliseconds(20)
        await #expect(throws: DeepLinkError.guardTimedOut(guard: "shared")) {
            try await urls.openAwaitingGuards("notes://notes/4", source: .external(.universalLink))
        }
        #expect(flow.state == before)
        gate.open()
    }

    @Test func aLinkAddingNoWatchedRouteDoesNotWait() async throws {
        let gate = Gate()
        let urls = try guardedFlow(.deny(reason: "never"), gate: gate)
        #expect(try await urls.openAwaitingGuards("notes://about", source: .app) == .applied)
        #expect(gate.arrivals == 0)
    }
}
