import DestinationsURLs
import Testing

@testable import Destinations

@MainActor
final class GoldenSession {
    var isSignedIn = false
}

extension GoldenRoute {
    /// Screens a guest may not see: a note and its editor.
    var isPrivate: Bool {
        switch self {
        case .note, .editNote: true
        default: false
        }
    }
}

@MainActor
func privateNotesGuard(_ session: GoldenSession, redirect: Bool) -> NavigationGuard<GoldenRoute> {
    NavigationGuard("signedIn") { change in
        guard !session.isSignedIn, change.added.contains(where: { $0.isPrivate }) else { return .allow }
        return redirect ? .redirect(.fullScreenCover(.signIn)) : .deny(reason: "private")
    }
}

/// Links from outside meet the same guards as everything else, judged on the change they
/// make, and a redirected link waits, once, for the redirect to finish.
@MainActor
@Suite struct URLSecurityTests {
    @Test func aPrivateLinkWhileSignedOutSignsInFirstThenLandsOnTheNote() throws {
        let session = GoldenSession()
        let urls = try URLFlows.flow()
        let flow = urls.flow
        flow.guards = [privateNotesGuard(session, redirect: true)]
        let outcome = try urls.open("https://notes.example.com/notes/12", source: .external(.universalLink))
        #expect(outcome == .redirected(guard: "signedIn"))
        #expect(flow.focusedScreen.route == .signIn)
        #expect(!flow.state.screens.contains { $0.route?.isPrivate == true })

        session.isSignedIn = true
        #expect(try flow.resumePending() == .applied)
        #expect(flow.focusedScreen.route == .note(id: 12))
        #expect(!flow.state.screens.contains { $0.route == .signIn })
        #expect(try flow.resumePending() == nil, "a pending link is used once")
    }

    @Test func aResumedLinkThatMeetsADraftWaitsForItAndKeepsTheLink() throws {
        let session = GoldenSession()
        let urls = try URLFlows.flow()
        let flow = urls.flow
        flow.guards = [privateNotesGuard(session, redirect: true)]
        #expect(try urls.open("notes://notes/12", source: .external(.customScheme)) == .redirected(guard: "signedIn"))
        session.isSignedIn = true
        try flow.apply(.sheet(.editNote(id: 4)))  // a draft opened over the sign-in screen
        let before = flow.state
        guard case .deferred(let element)? = try flow.resumePending() else {
            Issue.record("the resumed link did not wait for the draft")
            return
        }
        #expect(flow.state.node(element)?.route == .editNote(id: 4))
        #expect(flow.state == before, "nothing changed while the draft is open")
        try flow.apply(.dismiss)
        #expect(try flow.resumePending() == .applied)
        #expect(flow.focusedScreen.route == .note(id: 12))
    }

    @Test func aLinkAsksEachGuardOnce() throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        var calls = 0
        flow.guards = [
            NavigationGuard("counting") { _ in
                calls += 1
                return .allow
            }
        ]
        #expect(try urls.open("notes://notes/12", source: .external(.customScheme)) == .applied)
        #expect(calls == 1, "guards with side effects (analytics, prompts) must see one question per change")
    }

    @Test func aResumedLinkIsCheckedAgainWithItsSource() throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        flow.guards = [privateNotesGuard(GoldenSession(), redirect: true)]
        try urls.open("notes://notes/3", source: .external(.customScheme))
        #expect(try flow.resumePending() == .redirected(guard: "signedIn"), "still signed out")
        #expect(!flow.state.screens.contains { $0.route?.isPrivate == true })
    }

    @Test func aSourceALinkDoesNotAllowIsRefusedAndStatesFromOutsideAreOff() throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        let before = flow.state
        #expect(throws: DeepLinkError.self) { try urls.open("notes://notes/12/edit", source: .external(.customScheme)) }
        #expect(throws: DeepLinkError.externalStateURLsDisabled(scene: "main")) {
            try urls.open("notes://main/notes/notes/note/12", source: .external(.universalLink))
        }
        #expect(flow.state == before)
    }

    @Test func noURLFormGetsAGuardedRouteIn() throws {
        var random = RandomURLStates(seed: 0x5EC)
        let router = try GoldenURLs.router(links: URLFlows.links)
        let iterations = fuzzIterations(150)
        for iteration in 0..<iterations {
            let session = GoldenSession()
            let urls = try URLFlows.flow()
            let flow = urls.flow
            flow.guards = [privateNotesGuard(session, redirect: iteration % 2 == 0)]
            var candidates: [String] = []
            // State URLs of random states, which often hold private screens.
            var state = try NavigationState(GoldenURLs.main)
            for _ in 0..<6 {
                if let next = try? state.applying(random.presentation(in: state)) { state = next }
            }
            if let printed = try? router.stateURL(for: state, scene: "main") { candidates.append(printed) }
            // Deep links, percent-encoded digits, and the https prefix.
            let id = abs(random.integer() % 1_000)
            candidates += [
                "notes://notes/\(id)", "notes://n/\(id)", "https://notes.example.com/notes/\(id)/edit",
                "notes://notes/%3\(id % 10)", "notes://note/\(id)",
                "notes://main/notes/notes/note/\(id)/!sheet/edit/\(id)",
            ]
            for url in candidates {
                for source in [ChangeSource.app, .trusted, .external(.universalLink), .external(.customScheme)] {
                    _ = try? urls.open(url, source: source)
                    _ = try? flow.resumePending()
                    #expect(!flow.state.screens.contains { $0.route?.isPrivate == true }, "\(url) from \(source)")
                    #expect(flow.state.firstProblem == nil)
                }
            }
            // Once signed in, the same links work.
            session.isSignedIn = true
            let freshURLs = try URLFlows.flow()
            let fresh = freshURLs.flow
            fresh.guards = flow.guards
            _ = try freshURLs.open("notes://notes/\(id)", source: .external(.universalLink))
            #expect(fresh.state.screens.contains { $0.route == .note(id: id) })
        }
    }
}

@MainActor
@Suite struct ExternalStateURLTests {
    @Test func aKindCanOptInToStateURLsFromOutsideAndGuardsStillApply() throws {
        let router = try URLRouter(
            prefixes: ["notes://"],
            scenes: [SceneKind("main", layout: GoldenURLs.main)],
            patterns: GoldenURLs.patterns,
            externalStateURLs: ["main"]
        )
        let urls = try URLFlows.make(providers: URLFlows.providers(), router: router, scene: "main")
        let flow = urls.flow
        #expect(try urls.open("notes://main/settings/settings/licenses", source: .external(.otherApp)) == .applied)
        #expect(flow.focusedScreen.route == .licenses)
        flow.guards = [privateNotesGuard(GoldenSession(), redirect: false)]
        let before = flow.state
        #expect(throws: DeepLinkError.self) {
            try urls.open("notes://main/notes/notes/note/3", source: .external(.otherApp))
        }
        #expect(flow.state == before)
    }

    @Test func anExternalStateURLCannotConstructAnInternalRoute() throws {
        let router = try URLRouter(
            prefixes: ["notes://"],
            scenes: [SceneKind("main", layout: GoldenURLs.main)],
            patterns: GoldenURLs.patterns,
            externalStateURLs: ["main"]
        )
        let urls = try URLFlows.make(providers: URLFlows.providers(), router: router, scene: "main")
        let flow = urls.flow
        let before = flow.state
        // `about` is an internal route: reachable in the app, never built from outside.
        #expect(throws: DeepLinkError.internalRoute("about")) {
            try urls.open("notes://main/settings/settings/about", source: .external(.otherApp))
        }
        #expect(flow.state == before)
        // The same URL from the app itself opens.
        #expect(try urls.open("notes://main/settings/settings/about", source: .app) == .applied)
    }
}
