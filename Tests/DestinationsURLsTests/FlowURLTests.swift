import DestinationsURLs
import Foundation
import Testing

@testable import Destinations

/// A Destination of the URL fixtures' routes that can answer how links treat it, and run a
/// hook when it is prepared.
@MainActor
final class LinkScreen: Destination, Interruptible {
    enum Event: Hashable, Sendable { case next }
    let context = DestinationContext<GoldenRoute, Event>()
    let route: GoldenRoute
    var policy: InterruptionPolicy?
    var onPrepare: (() -> Void)?

    init(_ route: GoldenRoute) { self.route = route }

    var interruption: InterruptionPolicy {
        if let policy { return policy }
        if case .editNote = route { return .defer }
        return .allow
    }

    func prepareForPresentation() { onPrepare?() }
}

@MainActor
enum URLFlows {
    static let links = DeepLinks<GoldenRoute> {
        DeepLink("notes/{id}") { (id: Int) in .inTab(.notesTab, [.notes, .note(id: id)]) }
            .shares(GoldenRoute.note(id:)) { if case .note(let id) = $0 { id } else { nil } }
        DeepLink("notes/{id}/edit", sources: [.universalLink]) { (id: Int) in
            .inTab(
                .notesTab, [.notes, .note(id: id)], then: .sheet(.editNote(id: id), SheetOptions(detents: [.large])))
        }
        DeepLink("n/{id}") { (id: Int) in .push(.note(id: id)) }
        DeepLink("prefs") { .state("settings/settings/about") }
        DeepLink("about") { .inTab(.settingsTab, [.settings, .about]) }
        DeepLink("boom") { .push(.content(Int.min + 1)) }
    }

    /// Providers for every route; `.content(Int.min + 1)` throws. `hook` sees every screen built.
    static func providers(_ hook: @escaping @MainActor (LinkScreen) -> Void = { _ in }) -> Providers<GoldenRoute> {
        let provider = Provider { (route: GoldenRoute) -> LinkScreen in
            if route == .content(Int.min + 1) { throw URLFixtureError.refused }
            let screen = LinkScreen(route)
            hook(screen)
            return screen
        } events: { events in
            events.on(.next, .present(.push(.about)))
        }
        return Providers { _ in provider }
    }

    /// The router of the fixtures' links.
    static func linkRouter() throws -> URLRouter<GoldenRoute> {
        try GoldenURLs.router(links: links)
    }

    /// A flow of `scene`'s layout, paired with `router`.
    static func make(providers: Providers<GoldenRoute>, router: URLRouter<GoldenRoute>, scene: String) throws
        -> FlowURLs<GoldenRoute>
    {
        let layout = router.scene(named: scene)?.layout ?? GoldenURLs.main
        return try FlowURLs(Flow(FlowConfiguration(layout: layout, providers: providers)), router: router, scene: scene)
    }

    static func flow(
        scene: String = "main",
        hook: @escaping @MainActor (LinkScreen) -> Void = { _ in }
    ) throws -> FlowURLs<GoldenRoute> {
        try make(providers: providers(hook), router: try GoldenURLs.router(links: links), scene: scene)
    }
}

/// A provider's refusal, for the fixtures' failing route.
enum URLFixtureError: Error {
    case refused
}

/// What the flow holds, to check that nothing changed: the state, the ids, the Destinations
/// and the next id.
@MainActor
struct URLFlowSnapshot: Equatable {
    let state: NavigationState<GoldenRoute>
    let destinations: [ElementID: ObjectIdentifier]
    /// The id the flow would give its next element.
    let nextID: ElementID

    init(_ flow: Flow<GoldenRoute>) {
        state = flow.state
        var ids = flow.ids
        nextID = ids.next()
        destinations = flow.destinations.mapValues { ObjectIdentifier($0) }
    }
}

/// Checks that nothing was committed before the change a probe applies: the events before it
/// are refusals only, with no changes.
@MainActor
func expectNoEventBefore(_ flow: Flow<GoldenRoute>, _ events: AsyncStream<FlowEvent<GoldenRoute>>) async throws {
    try flow.apply(.replaceRoot(.screen(.about)))
    var iterator = events.makeAsyncIterator()
    while let event = await iterator.next() {
        if event.cause == .presentation(.replaceRoot(.screen(.about)), from: nil) { return }
        #expect(event.refusal != nil, "a change was committed before the probe: \(event.cause)")
        #expect(event.changes == NavigationChanges())
    }
    Issue.record("the probe's event never came")
}

func openError(_ body: () throws(DeepLinkError) -> Void) -> DeepLinkError? {
    deepLinkError(body)
}

/// URLS.md §5: a flow opens URLs as one transaction, plans them as a dry run, keeps the ids and
/// Destinations of what did not change, and asks the screens in the way.
@MainActor
@Suite struct FlowURLTests {
    @Test func aFreshFlowPrintsItsScenesBareURL() throws {
        let urls = try URLFlows.flow()
        #expect(try urls.stateURL == "notes://main")
        #expect(urls.scene == "main")
    }

    @Test func aDeepLinkCommitsItsTargetAsOneEventNamingThePattern() async throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        var events = flow.events().makeAsyncIterator()
        let outcome = try urls.open("https://notes.example.com/notes/12", source: .external(.universalLink))
        #expect(outcome == .applied)
        #expect(try urls.stateURL == "notes://main/notes/notes/note/12")
        let event = try #require(await events.next())
        #expect(event.cause == .opened("notes/{id}", source: .external(.universalLink)))
        #expect(event.changes.added.map(\.route) == [.note(id: 12)])
        #expect(event.changes.removed.isEmpty)
    }

    @Test func planIsADryRunThatOpenThenCommits() async throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        var events = flow.events().makeAsyncIterator()
        let before = URLFlowSnapshot(flow)
        let plan = try urls.plan(
            "notes://notes/12/edit".replacingOccurrences(of: "notes://", with: "https://notes.example.com/"),
            source: .external(.universalLink))
        #expect(URLFlowSnapshot(flow) == before)
        #expect(plan.changes.added.map(\.route) == [.note(id: 12), .editNote(id: 12)])
        #expect(plan.interruptions.isEmpty)
        try urls.open(plan.url, source: plan.source)
        #expect(flow.state == plan.proposed)
        _ = try #require(await events.next())
    }

    @Test func openingTheFlowsOwnStateURLChangesNothing() async throws {
        var random = RandomURLStates(seed: 0x5EED_0011)
        var opened = 0
        for _ in 0..<fuzzIterations(20) {
            let urls = try URLFlows.flow()
            let flow = urls.flow
            for state in random.walk(from: flow.state, steps: 12) {
                try flow.restore(state)
                let before = URLFlowSnapshot(flow)
                let events = flow.events()
                #expect(try urls.open(urls.stateURL, source: .app) == .unchanged)
                #expect(URLFlowSnapshot(flow) == before)
                try await expectNoEventBefore(flow, events)
                opened += 1
            }
        }
        #expect(opened > 100)
    }

    @Test func openingAStateURLOnAFreshFlowGivesAnEquivalentState() throws {
        var random = RandomURLStates(seed: 0x5EED_0012)
        var opened = 0
        for _ in 0..<fuzzIterations(20) {
            let walkedURLs = try URLFlows.flow()
            let walked = walkedURLs.flow
            for state in random.walk(from: walked.state, steps: 12) {
                try walked.restore(state)
                let url = try walkedURLs.stateURL
                let freshURLs = try URLFlows.flow()
                let fresh = freshURLs.flow
                try freshURLs.open(url, source: .app)
                #expect(fresh.state.isEquivalent(to: walked.state), "\(url)")
                #expect(try freshURLs.stateURL == url)
                #expect(Set(fresh.destinations.keys) == Set(fresh.state.screens.map(\.id)))
                opened += 1
            }
        }
        #expect(opened > 100)
    }

    @Test func openingAStateURLFromDifferentStatesGivesEquivalentStates() throws {
        var random = RandomURLStates(seed: 0x5EED_0014)
        var compared = 0
        for _ in 0..<fuzzIterations(40) {
            // Every screen lets links through, so that drafts do not make the links wait.
            let firstURLs = try URLFlows.flow { $0.policy = .allow }
            let first = firstURLs.flow
            let secondURLs = try URLFlows.flow { $0.policy = .allow }
            let second = secondURLs.flow
            let targetURLs = try URLFlows.flow()
            let target = targetURLs.flow
            guard let a = random.walk(from: first.state, steps: 8).last,
                let b = random.walk(from: second.state, steps: 8).last,
                let c = random.walk(from: target.state, steps: 8).last
            else { continue }
            try first.restore(a)
            try second.restore(b)
            try target.restore(c)
            let url = try targetURLs.stateURL
            #expect(try firstURLs.open(url, source: .trusted) != .queued)
            #expect(try secondURLs.open(url, source: .trusted) != .queued)
            #expect(first.state.isEquivalent(to: second.state), "\(url)")
            #expect(first.state.isEquivalent(to: target.state), "\(url)")
            compared += 1
        }
        #expect(compared > 20)
    }

    @Test func aStateURLKeepsTheIdsAndDestinationsOfWhatDidNotChange() throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        try urls.open("notes://main/notes/notes/note/1/note/2", source: .app)
        let notes = flow.state.screens.filter { $0.route == .notes || $0.route == .note(id: 1) }
        let kept = notes.map { flow.destination($0.id) }
        try urls.open("notes://main/notes/notes/note/1/note/3", source: .app)
        #expect(
            flow.state.screens.filter { $0.route == .notes || $0.route == .note(id: 1) }.map(\.id) == notes.map(\.id))
        for (screen, object) in zip(notes, kept) { #expect(flow.destination(screen.id) === object) }
        #expect(flow.state.screens.contains { $0.route == .note(id: 3) })
        #expect(!flow.state.screens.contains { $0.route == .note(id: 2) })
    }

    @Test func aLinkTargetOfStateFormIsAlignedToo() throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        let settings = try #require(flow.state.screens.first { $0.route == .settings })
        try urls.open("notes://prefs", source: .external(.customScheme))
        #expect(try urls.stateURL == "notes://main/settings/settings/about")
        #expect(flow.state.screens.first { $0.route == .settings }?.id == settings.id)
    }

    // MARK: Rejections

    @Test(arguments: [
        ("notes://main/notes/notes/note/x", DeepLinkError?.none),
        ("ftp://main", DeepLinkError.unknownPrefix),
        ("notes://main/notes/(", nil),
        ("notes://window/notes/note/1", DeepLinkError.wrongScene(expected: "main", found: "window")),
        ("notes://nowhere/at/all", nil),
    ])
    func aRefusedURLLeavesTheFlowExactlyAsItWas(url: String, expected: DeepLinkError?) async throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        try urls.open("notes://main/notes/notes/note/1", source: .app)
        let before = URLFlowSnapshot(flow)
        let events = flow.events()
        let error = try #require(openError { () throws(DeepLinkError) in try urls.open(url, source: .app) })
        if let expected { #expect(error == expected) }
        #expect(URLFlowSnapshot(flow) == before)
        try await expectNoEventBefore(flow, events)
    }

    @Test func externalSourcesMayNotOpenStateURLs() throws {
        let urls = try URLFlows.flow()
        #expect(
            openError { () throws(DeepLinkError) in try urls.open("notes://main/settings") }
                == .externalStateURLsDisabled(scene: "main"))
        #expect(
            openError { () throws(DeepLinkError) in try urls.open("notes://main/settings", source: .trusted) } == nil)
    }

    @Test func aLinkRefusesSourcesItDoesNotAccept() throws {
        let urls = try URLFlows.flow()
        let url = "notes://notes/3/edit"
        #expect(
            openError { () throws(DeepLinkError) in try urls.open(url, source: .external(.customScheme)) }
                == .sourceNotAllowed(pattern: "notes/{id}/edit", source: .external(.customScheme)))
        #expect(try urls.stateURL == "notes://main")
    }

    @Test func theRoutersOwnRefusalsReachOnRefusalAndTheEventStreamLikeEveryOther() async throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        var reported: [NavigationError] = []
        flow.onRefusal = { error, _ in reported.append(error) }
        let events = flow.events()
        let customScheme = ChangeSource.external(.customScheme)
        #expect(
            openError { () throws(DeepLinkError) in try urls.open("notes://notes/3/edit", source: customScheme) }
                == .sourceNotAllowed(pattern: "notes/{id}/edit", source: customScheme))
        #expect(
            openError { () throws(DeepLinkError) in try urls.open("notes://main/settings") }
                == .externalStateURLsDisabled(scene: "main"))
        #expect(
            reported == [
                .sourceNotAllowed(pattern: "notes/{id}/edit", source: .external(.customScheme)),
                .externalStateURLsDisabled(scene: "main"),
            ])
        var iterator = events.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first?.refusal == .sourceNotAllowed(pattern: "notes/{id}/edit", source: .external(.customScheme)))
        #expect(first?.cause == .opened("notes/{id}/edit", source: .external(.customScheme)))
        #expect(await iterator.next()?.refusal == .externalStateURLsDisabled(scene: "main"))
    }

    @Test func aFailingProviderRefusesTheWholeLink() throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        let before = URLFlowSnapshot(flow)
        let error = openError { () throws(DeepLinkError) in try urls.open("notes://boom") }
        guard case .navigation(let navigation) = error, case .providerFailed = navigation.underlying else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(URLFlowSnapshot(flow) == before)
    }

    @Test func aGuardThatDeniesTheChangeRefusesTheLinkWithoutAnEvent() async throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        flow.guards = [
            NavigationGuard("no-five") { change in
                change.added.contains(.note(id: 5)) ? .deny(reason: "five is private") : .allow
            }
        ]
        let before = URLFlowSnapshot(flow)
        let events = flow.events()
        let error = openError { () throws(DeepLinkError) in try urls.open("notes://notes/5") }
        #expect(error == .navigation(.guardDenied(guard: "no-five", route: "note", reason: "five is private")))
        #expect(URLFlowSnapshot(flow) == before)
        try await expectNoEventBefore(flow, events)
        #expect(try URLFlows.flow().open("notes://notes/6") == .applied)
    }

    @Test func aFlowsURLsForAnUnknownSceneAreAConfigurationError() throws {
        let flow = try Flow(FlowConfiguration(layout: GoldenURLs.window, providers: URLFlows.providers()))
        #expect(throws: URLConfigurationError(problems: [.unknownScene("attic")])) {
            try FlowURLs(flow, router: try GoldenURLs.router(), scene: "attic")
        }
    }

    @Test func randomlyMutatedURLsNeverChangeTheStateWhenRefused() throws {
        var random = RandomURLStates(seed: 0x5EED_0013)
        let structural = Array("/()!,:*@+$=%.-~_aZ09".utf8) + [0x80, 0x00, 0x20, 0x3F, 0x23]
        var refused = 0
        var opened = 0
        let urls = try URLFlows.flow()
        let flow = urls.flow
        for _ in 0..<fuzzIterations(200) {
            guard let state = random.walk(from: flow.state, steps: 6).last else { continue }
            var bytes = Array(try urls.router.stateURL(for: state, scene: "main").utf8)
            try flow.restore(random.walk(from: state, steps: 3).last ?? state)
            bytes = Array(try urls.stateURL.utf8)
            for _ in 0..<(random.chance(25) ? 0 : random.chance(70) ? 1 : 2) {
                let position = Int.random(in: 0..<bytes.count, using: &random.random)
                switch Int.random(in: 0..<3, using: &random.random) {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(structural.randomElement(using: &random.random) ?? 0x2F, at: position)
                default: bytes[position] = structural.randomElement(using: &random.random) ?? 0x2F
                }
                if bytes.isEmpty { bytes = [0x2F] }
            }
            let url = String(decoding: bytes, as: UTF8.self)
            let before = URLFlowSnapshot(flow)
            let source: ChangeSource = random.chance(90) ? .app : .external(.unknown)
            do {
                let outcome = try urls.open(url, source: source)
                opened += 1
                if outcome == .unchanged { #expect(URLFlowSnapshot(flow) == before) }
                #expect(try urls.router.stateURL(for: flow.state, scene: "main") == urls.stateURL)
            } catch {
                refused += 1
                #expect(URLFlowSnapshot(flow) == before, "\(url): \(error)")
            }
        }
        #expect(refused > 20)
        #expect(opened > 20)
    }

    // MARK: Interruption policies

    @Test func aRejectingScreenBlocksTheLinkAndNothingChanges() async throws {
        var editor: LinkScreen?
        let urls = try URLFlows.flow { if case .editNote = $0.route { editor = $0 } }
        let flow = urls.flow
        try urls.open("https://notes.example.com/notes/4/edit", source: .external(.universalLink))
        let draft = try #require(editor)
        draft.policy = .reject
        let before = URLFlowSnapshot(flow)
        let events = flow.events()
        let error = openError { () throws(DeepLinkError) in try urls.open("notes://notes/5") }
        #expect(error == .blocked(route: "editNote", element: draft.context.id!))
        #expect(URLFlowSnapshot(flow) == before)
        try await expectNoEventBefore(flow, events)
    }

    @Test func aDeferringDraftMakesTheLinkWaitUntilItIsResumed() throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        try urls.open("https://notes.example.com/notes/4/edit", source: .external(.universalLink))
        let before = URLFlowSnapshot(flow)
        let plan = try urls.plan("notes://notes/5")
        #expect(plan.policy == .defer)
        #expect(plan.interruptions.map(\.route) == ["editNote"])
        let outcome = try urls.open("notes://notes/5")
        guard case .deferred(let pending) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(URLFlowSnapshot(flow) == before)
        #expect(try urls.resume(pending) == .deferred(pending))
        try flow.apply(.dismiss)
        #expect(try urls.resume(pending) == .applied)
        #expect(try urls.stateURL == "notes://main/notes/notes/note/5")
    }

    @Test func aDeferredLinkThatANewerLinkReplacedFailsAsExpiredInsteadOfOpeningTheNewer() throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        try urls.open("https://notes.example.com/notes/4/edit", source: .external(.universalLink))
        guard case .deferred(let first) = try urls.open("notes://notes/5"),
            case .deferred(let second) = try urls.open("notes://notes/6")
        else {
            Issue.record("not deferred")
            return
        }
        let before = URLFlowSnapshot(flow)
        #expect(throws: DeepLinkError.navigation(.pendingExpired)) { try urls.resume(first) }
        #expect(URLFlowSnapshot(flow) == before)
        #expect(flow.pendingChange?.id == second.pendingID, "the newer link still waits")
        try flow.apply(.dismiss)
        #expect(try urls.resume(second) == .applied)
        #expect(try urls.stateURL == "notes://main/notes/notes/note/6")
    }

    @Test func aConfirmingScreenReturnsThePlanToCommit() throws {
        var editor: LinkScreen?
        let urls = try URLFlows.flow { if case .editNote = $0.route { editor = $0 } }
        try urls.open("https://notes.example.com/notes/4/edit", source: .external(.universalLink))
        try #require(editor).policy = .confirm
        let outcome = try urls.open("notes://notes/5")
        guard case .needsConfirmation(let plan) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(plan.interruptions.first?.removed == true)
        #expect(
            "\(plan.plan)"
                == "open notes/{id} from external(unknown): +.note(id: 5) −.note(id: 4) −.editNote(id: 4); in the way: "
                + "editNote \(plan.interruptions[0].element) (confirm, removed)")
        try urls.commit(plan)
        #expect(try urls.stateURL == "notes://main/notes/notes/note/5")
        #expect(openError { () throws(DeepLinkError) in try urls.commit(plan) } == .stalePlan)
    }

    @Test func aConfirmedPlanStillRespectsARejectingScreen() throws {
        var editor: LinkScreen?
        let urls = try URLFlows.flow { if case .editNote = $0.route { editor = $0 } }
        let flow = urls.flow
        try urls.open("https://notes.example.com/notes/4/edit", source: .external(.universalLink))
        let draft = try #require(editor)
        draft.policy = .reject
        let plan = try urls.plan("notes://notes/5")
        let before = URLFlowSnapshot(flow)
        #expect(
            openError { () throws(DeepLinkError) in try urls.commit(plan) }
                == .blocked(route: "editNote", element: draft.context.id!))
        #expect(URLFlowSnapshot(flow) == before)
    }

    @Test func aCleanDraftLetsLinksThrough() throws {
        var editor: LinkScreen?
        let urls = try URLFlows.flow { if case .editNote = $0.route { editor = $0 } }
        try urls.open("https://notes.example.com/notes/4/edit", source: .external(.universalLink))
        try #require(editor).policy = .allow
        #expect(try urls.open("notes://notes/5") == .applied)
    }

    @Test func aDraftThatALinkWouldHideIsAskedToo() throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        try urls.open("notes://main/notes/notes/edit/4", source: .app)
        let editor = try #require(flow.state.screens.first { $0.route == .editNote(id: 4) })
        let plan = try urls.plan("notes://about")
        #expect(plan.proposed.contains(editor.id))
        #expect(
            plan.interruptions == [
                URLPlan.Interruption(element: editor.id, route: "editNote", policy: .defer, removed: false)
            ])
        #expect(plan.policy == .defer)
    }

    @Test func aDraftThatAStateURLWouldRemoveIsAsked() throws {
        let urls = try URLFlows.flow()
        try urls.open("https://notes.example.com/notes/4/edit", source: .external(.universalLink))
        let plan = try urls.plan("notes://main/settings", source: .app)
        #expect(plan.policy == .defer)
        #expect(plan.interruptions.map(\.removed) == [true])
    }

    // MARK: During a commit

    @Test func aURLOpenedFromAHookIsQueuedAndCommittedAfterTheChangeUnderWay() async throws {
        var flowReference: FlowURLs<GoldenRoute>?
        var outcome: DeepLinkOutcome<GoldenRoute>?
        let urls = try URLFlows.flow { screen in
            guard screen.route == .about else { return }
            screen.onPrepare = { outcome = try? flowReference?.open("notes://n/9", source: .app) }
        }
        let flow = urls.flow
        flowReference = urls
        var events = flow.events().makeAsyncIterator()
        try flow.apply(.push(.about))
        #expect(outcome == .queued)
        let first = try #require(await events.next())
        #expect(first.cause == .presentation(.push(.about), from: nil))
        let second = try #require(await events.next())
        #expect(second.cause == .opened("n/{id}", source: .app))
        #expect(flow.state.focusedScreen.route == .note(id: 9))
    }

    @Test func aQueuedURLThatMeetsADraftWaitsAsThePendingChange() throws {
        var flowReference: FlowURLs<GoldenRoute>?
        var refusals: [NavigationError] = []
        let urls = try URLFlows.flow { screen in
            guard screen.route == .editNote(id: 4) else { return }
            screen.onPrepare = { _ = try? flowReference?.open("notes://notes/5") }
        }
        let flow = urls.flow
        flowReference = urls
        flow.onRefusal = { error, _ in refusals.append(error) }
        try urls.open("https://notes.example.com/notes/4/edit", source: .external(.universalLink))
        let editor = try #require(flow.state.screens.first { $0.route == .editNote(id: 4) })
        #expect(refusals.isEmpty, "\(refusals)")
        #expect(flow.pendingChange?.reason == .deferred(by: editor.id), "the queued link waits for the draft, not lost")
        #expect(flow.state.focusedScreen.id == editor.id)
    }

    @Test func aMalformedURLFromAHookThrowsAtOnce() throws {
        var flowReference: FlowURLs<GoldenRoute>?
        var error: DeepLinkError?
        let urls = try URLFlows.flow { screen in
            guard screen.route == .about else { return }
            screen.onPrepare = {
                error = openError { () throws(DeepLinkError) in
                    _ = try flowReference?.open("notes://main/(", source: .app)
                }
            }
        }
        let flow = urls.flow
        flowReference = urls
        try flow.apply(.push(.about))
        #expect(error != nil)
        #expect(flow.state.focusedScreen.route == .about)
    }

    // MARK: Relative paths and share links

    @Test func relativePathsResolveAgainstTheSendingScreen() throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        try urls.open("notes://main/notes/notes/note/1/note/2", source: .app)
        let first = try #require(flow.state.screens.first { $0.route == .note(id: 1) })
        try urls.navigate(relative: "../note/7", from: first.id)
        #expect(try urls.stateURL == "notes://main/notes/notes/note/7")
        try urls.navigate(relative: "note/8")
        #expect(try urls.stateURL == "notes://main/notes/notes/note/7/note/8")
        try urls.navigate(relative: "..")
        #expect(try urls.stateURL == "notes://main/notes/notes/note/7")
        let before = URLFlowSnapshot(flow)
        try urls.navigate(relative: ".")
        try urls.navigate(relative: "/notes/notes/note/7")
        #expect(URLFlowSnapshot(flow) == before)
        try urls.navigate(relative: "/settings/settings/about")
        #expect(try urls.stateURL == "notes://main/settings(notes:notes/note/7)/settings/about")
        let root = try #require(flow.state.screens.first { $0.route == .settings })
        #expect(try urls.navigate(relative: "..", from: root.id) == .unchanged)
    }

    @Test func anAbsolutePathKeepsTheStacksOfTabsItDoesNotName() throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        try urls.open("notes://main/notes/notes/note/1/note/2", source: .app)
        let kept = try #require(flow.state.screens.first { $0.route == .note(id: 2) }).id
        try urls.navigate(relative: "/settings/./settings/about")
        #expect(try urls.stateURL == "notes://main/settings(notes:notes/note/1/note/2)/settings/about")
        try urls.navigate(relative: "/../notes")
        #expect(try urls.stateURL == "notes://main/notes(settings:settings/about)/notes/note/1/note/2")
        #expect(flow.state.screens.first { $0.route == .note(id: 2) }?.id == kept)
        try urls.navigate(relative: "/notes/notes/note/3")
        #expect(try urls.stateURL == "notes://main/notes(settings:settings/about)/notes/note/3")
    }

    @Test func aScreenSharesItsLinkAndAWaypointPrintsItsLevel() throws {
        let urls = try URLFlows.flow()
        let flow = urls.flow
        try urls.open("notes://main/notes/notes/note/1/note/2", source: .app)
        let first = try #require(flow.state.screens.first { $0.route == .note(id: 1) })
        #expect(urls.shareLink(for: first.id) == "https://notes.example.com/notes/1")
        #expect(try urls.stateURL(upTo: first.id) == "notes://main/notes/notes/note/1")
        let notes = try #require(flow.state.screens.first { $0.route == .notes })
        #expect(urls.shareLink(for: notes.id) == nil)
        try urls.open(urls.shareLink(for: first.id)!, source: .external(.universalLink))
        #expect(try urls.stateURL == "notes://main/notes/notes/note/1")
    }
}
