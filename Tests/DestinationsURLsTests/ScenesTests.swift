import DestinationsURLs
import Foundation
import Testing

@testable import Destinations

/// A Destination with nothing to do, for flows whose screens only need to exist.
@MainActor
final class PlainScreen<Route: NavigationRoute>: Destination {
    enum Event: Hashable, Sendable { case none }
    let context = DestinationContext<Route, Event>()
}

@MainActor
func plainProviders<Route: NavigationRoute>(_: Route.Type) -> Providers<Route> {
    let provider = Provider { (_: Route) in
        PlainScreen<Route>()
    } events: { _ in
    }
    return Providers { _ in provider }
}

/// Several windows, each with its own flow and its own snapshot; links go to the right one.
@MainActor
@Suite struct ScenesTests {
    let kinds = [
        SceneKind<GoldenRoute>("main", layout: GoldenURLs.main),
        SceneKind<GoldenRoute>(
            "window", layout: GoldenURLs.window, reuse: .showing { $0.name == "note" }, maximumInstances: 2),
        SceneKind<GoldenRoute>("desk", layout: GoldenURLs.desk, reuse: .new, acceptsExternalSources: false),
    ]

    func scenes(store: any SceneStore = InMemorySceneStore(), multiple: Bool = true) throws -> Scenes<GoldenRoute> {
        try Scenes(
            kinds: kinds, providers: plainProviders(GoldenRoute.self), store: store, supportsMultipleScenes: multiple)
    }

    @Test func twoWindowsAreSavedAndRestoredIndependently() throws {
        let store = InMemorySceneStore()
        let first = try scenes(store: store)
        let a = try first.connect(sceneID: "A", kind: "main").flow
        let b = try first.connect(sceneID: "B", kind: "window").flow
        try a.apply(.path([.selectTab(.settingsTab), .push(.about)]))
        try b.apply(.push(.note(id: 7)))
        first.disconnect("A")
        first.disconnect("B")
        #expect(store.sceneIDs == ["A", "B"])

        let next = try scenes(store: store)
        let restoredB = try next.connect(sceneID: "B", kind: "window")
        let restoredA = try next.connect(sceneID: "A", kind: "main")
        #expect(restoredA.flow.focusedScreen.route == .about)
        #expect(restoredB.flow.focusedScreen.route == .note(id: 7))
        #expect(restoredA.report.isComplete && restoredB.report.isComplete)
    }

    @Test func discardingAWindowDeletesItsSnapshot() throws {
        let store = InMemorySceneStore()
        let scenes = try scenes(store: store)
        try scenes.connect(sceneID: "A", kind: "main")
        try scenes.save("A")
        scenes.discard(["A"])
        #expect(store.sceneIDs.isEmpty)
        #expect(scenes.flow("A") == nil)
    }

    @Test func aCorruptSnapshotConnectsWithTheInitialState() throws {
        let store = InMemorySceneStore()
        store.save(Data("{\"format\":1,".utf8), for: "A")
        let connection = try scenes(store: store).connect(sceneID: "A", kind: "main")
        #expect(connection.report.usedInitialState)
        #expect(connection.flow.state == (try NavigationState(GoldenURLs.main)))
    }

    @Test func connectingTwiceOrToAnUnknownKindIsRefused() throws {
        let scenes = try scenes()
        try scenes.connect(sceneID: "A", kind: "main")
        #expect(throws: SceneError.alreadyConnected("A")) { try scenes.connect(sceneID: "A", kind: "main") }
        #expect(throws: SceneError.unknownKind("nope")) { try scenes.connect(sceneID: "B", kind: "nope") }
    }

    @Test func reusePoliciesPickTheWindow() throws {
        let scenes = try scenes()
        #expect(scenes.destination(forKind: "main", showing: nil, external: true) == .openNewScene(kind: "main"))
        try scenes.connect(sceneID: "M1", kind: "main")
        try scenes.connect(sceneID: "M2", kind: "main")
        scenes.activate("M1")
        #expect(scenes.destination(forKind: "main", showing: nil, external: true) == .existing(sceneID: "M1"))

        let w1 = try scenes.connect(sceneID: "W1", kind: "window").flow
        try w1.apply(.push(.note(id: 3)))
        try scenes.connect(sceneID: "W2", kind: "window")
        #expect(
            scenes.destination(forKind: "window", showing: .note(id: 3), external: true) == .existing(sceneID: "W1"))
        #expect(
            scenes.destination(forKind: "window", showing: .note(id: 4), external: true)
                == .unavailable(kind: "window", .limitReached(2)))

        #expect(
            scenes.destination(forKind: "desk", showing: nil, external: true)
                == .unavailable(kind: "desk", .closedToExternalSources))
        #expect(scenes.destination(forKind: "desk", showing: nil, external: false) == .openNewScene(kind: "desk"))
        #expect(
            scenes.destination(forKind: "nope", showing: nil, external: false)
                == .unavailable(kind: "nope", .unknownKind))
    }

    @Test func aSingleWindowPlatformSendsLinksToTheFrontmostWindowOfTheKind() throws {
        let scenes = try scenes(multiple: false)
        try scenes.connect(sceneID: "M", kind: "main")
        #expect(scenes.destination(forKind: "main", showing: nil, external: true) == .existing(sceneID: "M"))
        #expect(
            scenes.destination(forKind: "window", showing: .note(id: 1), external: true)
                == .unavailable(kind: "window", .singleWindow))
    }

    @Test func aURLsSceneKindPicksTheWindow() throws {
        let scenes = try scenes()
        let router = try GoldenURLs.router()
        try scenes.connect(sceneID: "M", kind: "main")
        #expect(
            try scenes.destination(for: "notes://main/settings/settings/about", router: router, external: false)
                == .existing(sceneID: "M"))
        #expect(
            try scenes.destination(for: "notes://main/settings/settings/about", router: router, external: true)
                == .unavailable(kind: "main", .closedToExternalSources),
            "a state URL from outside opens no window the flow would refuse")
        #expect(
            try scenes.destination(for: "notes://window/notes/note/7", router: router, external: false)
                == .openNewScene(kind: "window"))
        #expect(throws: DeepLinkError.self) {
            try scenes.destination(for: "notes://nowhere", router: router, external: true)
        }
    }

    @Test func aFileStoreKeepsEverySceneInsideItsDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scenes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileSceneStore(directory: directory)
        store.save(Data("x".utf8), for: "../../escape")
        store.save(Data("y".utf8), for: "plain-ID_1")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(files == ["scene-%2E%2E%2F%2E%2E%2Fescape.json", "scene-plain-ID_1.json"])
        #expect(store.load("../../escape") == Data("x".utf8))
        store.delete("../../escape")
        #expect(store.load("../../escape") == nil)
    }
}

/// A cold start restores first, then opens the launch link as its own transaction; "back"
/// returns to where the user was.
@MainActor
@Suite struct SceneLaunchTests {
    func scenes(_ store: InMemorySceneStore) throws -> Scenes<GoldenRoute> {
        try Scenes(
            kinds: [SceneKind("main", layout: GoldenURLs.main)],
            providers: URLFlows.providers(),
            store: store
        )
    }

    @Test func aColdStartRestoresThenOpensTheLinkAndBackReturnsToTheRestoredState() throws {
        let store = InMemorySceneStore()
        let first = try scenes(store)
        let flow = try first.connect(sceneID: "A", kind: "main").flow
        try flow.apply(.path([.selectTab(.settingsTab), .push(.about)]))
        first.disconnect("A")

        let next = try scenes(store)
        let (connection, link) = try next.connect(
            sceneID: "A", kind: "main", launching: "notes://notes/12", router: try URLFlows.linkRouter(),
            source: .external(.universalLink))
        #expect(try link.get() == .applied)
        #expect(connection.flow.focusedScreen.route == .note(id: 12))
        #expect(connection.flow.state.stack(inTab: .settingsTab)?.elements.map { $0.route } == [.settings, .about])
        let about = try #require(connection.flow.state.stack(inTab: .settingsTab)?.topNode.id)
        let aboutScreen = try #require(connection.flow.destination(about))

        #expect(try next.back("A"))
        #expect(connection.flow.focusedScreen.route == .about)
        #expect(connection.flow.destination(about) === aboutScreen, "the restored screens keep their Destinations")
        #expect(try next.forward("A"))
        #expect(connection.flow.focusedScreen.route == .note(id: 12))
        #expect(try next.forward("A") == false)
    }

    @Test func aRefusedLaunchLinkLeavesTheRestoredState() throws {
        let store = InMemorySceneStore()
        let first = try scenes(store)
        try first.connect(sceneID: "A", kind: "main").flow.apply(.push(.note(id: 5)))
        first.disconnect("A")
        let next = try scenes(store)
        let (connection, link) = try next.connect(
            sceneID: "A", kind: "main", launching: "notes://main/(", router: try URLFlows.linkRouter(), source: .app)
        guard case .failure = link else {
            Issue.record("the malformed link was accepted")
            return
        }
        #expect(connection.flow.focusedScreen.route == .note(id: 5))
        #expect(try next.back("A") == false)
        guard
            case .failure(.sceneNotConnected("B")) = next.open(
                "notes://notes/1", in: "B", router: try URLFlows.linkRouter(), source: .app)
        else {
            Issue.record("a link to a window that is not connected was not refused")
            return
        }
    }
}

/// Windows that open links: launch links meet the guards, crash-loop breaking and forward history.
@MainActor
@Suite struct SceneLinkTests {
    func scenes(_ store: InMemorySceneStore, session: GoldenSession, markers: URL? = nil) throws -> Scenes<GoldenRoute>
    {
        try Scenes(
            kinds: [SceneKind("main", layout: GoldenURLs.main)], providers: URLFlows.providers(),
            store: store, markerDirectory: markers,
            configure: { flow, _ in flow.guards = [privateNotesGuard(session, redirect: false)] }
        )
    }

    @Test func restoredWindowsAndLaunchLinksMeetTheGuards() throws {
        let store = InMemorySceneStore()
        let session = GoldenSession()
        session.isSignedIn = true
        let first = try scenes(store, session: session)
        try first.connect(sceneID: "A", kind: "main").flow.apply(.push(.note(id: 5)))
        first.disconnect("A")
        session.isSignedIn = false
        let (connection, link) = try scenes(store, session: session)
            .connect(
                sceneID: "A", kind: "main", launching: "notes://notes/12", router: try URLFlows.linkRouter(),
                source: .external(.universalLink))
        guard case .failure = link else {
            Issue.record("the launch link to a private note opened")
            return
        }
        #expect(!connection.flow.state.screens.contains { $0.route?.isPrivate == true })
        // The guard drops only the screen it denies; the rest comes back.
        #expect(!connection.report.usedInitialState)
        #expect(connection.report.issues.contains { if case .deniedByGuard = $0 { true } else { false } })
    }

    @Test func aWindowThatCrashedWhileRestoringSkipsItOnce() throws {
        let store = InMemorySceneStore()
        let markers = FileManager.default.temporaryDirectory.appendingPathComponent("markers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: markers) }
        let session = GoldenSession()
        let first = try scenes(store, session: session, markers: markers)
        try first.connect(sceneID: "A", kind: "main").flow.apply(.selectTab(.settingsTab))
        first.disconnect("A")
        // The launch dies while restoring: the marker stays.
        let breaker = CrashLoopBreaker(
            marker: FileSceneStore(directory: markers).file("A").appendingPathExtension("restoring"))
        #expect(breaker.beginRestoring())
        let skipped = try scenes(store, session: session, markers: markers).connect(sceneID: "A", kind: "main")
        #expect(skipped.report.issues == [.skippedAfterCrash])
        let next = try scenes(store, session: session, markers: markers).connect(sceneID: "A", kind: "main")
        #expect(next.report.isComplete)
    }

    @Test func forwardAfterAnInAppChangeKeepsTheChange() throws {
        let scenes = try Scenes(
            kinds: [SceneKind("main", layout: GoldenURLs.main)], providers: URLFlows.providers(),
            store: InMemorySceneStore())
        let flow = try scenes.connect(sceneID: "A", kind: "main").flow
        _ = try scenes.open("notes://notes/12", in: "A", router: try URLFlows.linkRouter(), source: .app).get()
        #expect(try scenes.back("A"))
        try flow.apply(.path([.selectTab(.settingsTab), .push(.about)]))
        #expect(try scenes.forward("A") == false)
        #expect(flow.focusedScreen.route == .about)
    }
}

/// Scenes route links with the router's own limits, and back returns before the link.
@MainActor
@Suite struct SceneLinkRoutingTests {
    @Test func sceneRoutingUsesTheRoutersLimits() throws {
        let router = try URLRouter(
            prefixes: ["notes://"], scenes: GoldenURLs.scenes, patterns: GoldenURLs.patterns,
            links: URLFlows.links, limits: URLLimits(bytes: 24))
        let scenes = try Scenes(kinds: GoldenURLs.scenes, providers: URLFlows.providers(), store: InMemorySceneStore())
        #expect(throws: DeepLinkError.tooLong(bytes: 25, limit: 24)) {
            try scenes.destination(for: "notes://notes/12345678901", router: router, external: true)
        }
        #expect(
            try scenes.destination(for: "notes://notes/1", router: router, external: true)
                == .openNewScene(kind: "main"))
    }

    @Test func backAfterAnInAppChangeReturnsToTheStateBeforeTheLink() throws {
        let scenes = try Scenes(
            kinds: GoldenURLs.scenes, providers: URLFlows.providers(), store: InMemorySceneStore())
        let connection = try scenes.connect(sceneID: "a", kind: "main")
        let before = connection.flow.state
        _ = try scenes.open(
            "notes://notes/4", in: "a", router: try URLFlows.linkRouter(), source: .external(.universalLink)
        ).get()
        try connection.flow.apply(.push(.about))  // the user went on in the app
        #expect(try scenes.back("a"))
        #expect(connection.flow.state == before)
        #expect(try scenes.forward("a"))
        #expect(connection.flow.focusedScreen.route == .about, "forward returns to where the user was")
    }

    @Test func aWindowMadeFromTheSharedConfigurationMeetsItsGuardsAndSpeaksItsKindsURLs() throws {
        var configuration = FlowConfiguration(layout: GoldenURLs.main, providers: URLFlows.providers())
        configuration.guards = [privateNotesGuard(GoldenSession(), redirect: true)]
        let scenes = try Scenes(kinds: GoldenURLs.scenes, configuration: configuration, store: InMemorySceneStore())
        let desk = try scenes.connect(sceneID: "d", kind: "desk")
        let router = try URLFlows.linkRouter()
        #expect(
            try scenes.open("notes://desk", in: "d", router: router, source: .app).get() == .unchanged,
            "the window's kind is its URLs' scene")
        guard
            case .failure(.wrongScene(expected: "desk", found: "main")) = scenes.open(
                "notes://main", in: "d", router: router, source: .app)
        else {
            Issue.record("a state URL of another kind opened in the desk window")
            return
        }
        #expect(desk.flow.state.screens.map(\.route) == [.notes])
        #expect(try desk.flow.apply(.push(.note(id: 1))) == .redirected(guard: "signedIn"))
    }
}

/// Launch links that asynchronous guards watch wait for them at a cold start.
@MainActor
@Suite struct SceneLaunchAwaitingGuardsTests {
    @Test func aLaunchLinkAGuardWatchesOpensOnceItAllowsIt() async throws {
        let gate = Gate()
        let scenes = try Scenes(
            kinds: [SceneKind("main", layout: GoldenURLs.main)], providers: URLFlows.providers(),
            store: InMemorySceneStore(),
            configure: { flow, _ in
                flow.asyncGuards = [
                    AsyncNavigationGuard("shared", watches: { if case .note = $0 { true } else { false } }) { _ in
                        await gate.pass()
                        return .allow
                    }
                ]
                flow.configuration.asyncGuardTimeout = .seconds(Int64.max)
            })
        let launching = Task {
            try await scenes.connectAwaitingGuards(
                sceneID: "A", kind: "main", launching: "notes://notes/12", router: try URLFlows.linkRouter(),
                source: .external(.universalLink)
            ).link.get()
        }
        await gate.arrivals(1)
        gate.open()
        #expect(try await launching.value == .applied)
        let flow = try #require(scenes.flow("A"))
        #expect(flow.focusedScreen.route == .note(id: 12))
        #expect(try scenes.back("A"))
        #expect(flow.focusedScreen.route == .notes)
    }

    @Test func aLaunchLinkTheRouterRefusesLeavesTheWindowConnected() async throws {
        let scenes = try Scenes(
            kinds: [SceneKind("main", layout: GoldenURLs.main)], providers: URLFlows.providers(),
            store: InMemorySceneStore())
        let (connection, link) = try await scenes.connectAwaitingGuards(
            sceneID: "A", kind: "main", launching: "notes://main/(", router: try URLFlows.linkRouter(), source: .app)
        guard case .failure(.malformed) = link else {
            Issue.record("the malformed launch link was not refused as malformed")
            return
        }
        #expect(scenes.flow("A") === connection.flow)
        #expect(scenes.histories["A"] == nil)
    }
}
