import Foundation
import Testing

@testable import Destinations

/// Restored windows and launch links meet the guards, and a window whose restore crashed
/// skips it once.
extension SceneLaunchTests {
    func guardedScenes(_ store: InMemorySceneStore, session: GoldenSession, markers: URL? = nil) throws -> Scenes<
        GoldenRoute
    > {
        try Scenes(
            kinds: [SceneKind("main", layout: GoldenURLs.main)], providers: URLFlows.providers(),
            store: store, router: try GoldenURLs.router(links: URLFlows.links), markerDirectory: markers,
            configure: { flow, _ in flow.guards = [privateNotesGuard(session, redirect: false)] }
        )
    }

    /// A restored window and its launch link are judged by the guards: a private note opens for
    /// no one signed out, and the restore holding one falls back to the initial state.
    @Test func restoredWindowsAndLaunchLinksMeetTheGuards() throws {
        let store = InMemorySceneStore()
        let session = GoldenSession()
        session.isSignedIn = true
        let first = try guardedScenes(store, session: session)
        try first.connect(sceneID: "A", kind: "main").flow.apply(.push(.note(id: 5)))
        first.disconnect("A")
        session.isSignedIn = false
        let (connection, link) = try guardedScenes(store, session: session)
            .connect(sceneID: "A", kind: "main", launching: "notes://notes/12", source: .external(.universalLink))
        guard case .failure = link else {
            Issue.record("the launch link to a private note opened")
            return
        }
        #expect(!connection.flow.state.screens.contains { $0.route?.isPrivate == true })
        #expect(connection.report.usedInitialState, "the restore holding note 5 was refused")
    }

    /// A window whose last restore crashed starts from its initial state once, then restores again.
    @Test func aWindowThatCrashedWhileRestoringSkipsItOnce() throws {
        let store = InMemorySceneStore()
        let markers = FileManager.default.temporaryDirectory.appendingPathComponent("markers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: markers) }
        let session = GoldenSession()
        let first = try guardedScenes(store, session: session, markers: markers)
        try first.connect(sceneID: "A", kind: "main").flow.apply(.selectTab(.settingsTab))
        first.disconnect("A")
        // The launch dies while restoring: the marker stays.
        let breaker = CrashLoopBreaker(
            marker: FileSceneStore(directory: markers).file("A").appendingPathExtension("restoring"))
        #expect(breaker.beginRestoring())
        let skipped = try guardedScenes(store, session: session, markers: markers).connect(sceneID: "A", kind: "main")
        #expect(skipped.report.issues == [.skippedAfterCrash])
        let next = try guardedScenes(store, session: session, markers: markers).connect(sceneID: "A", kind: "main")
        #expect(next.report.isComplete)
    }
}

extension ScenesTests {
    /// Going forward after a change made in the app keeps that change: the forward history is gone.
    @Test func forwardAfterAnInAppChangeKeepsTheChange() throws {
        let scenes = try Scenes(
            kinds: [SceneKind("main", layout: GoldenURLs.main)], providers: URLFlows.providers(),
            store: InMemorySceneStore(), router: try GoldenURLs.router(links: URLFlows.links))
        let flow = try scenes.connect(sceneID: "A", kind: "main").flow
        _ = try scenes.open("notes://notes/12", in: "A", source: .app).get()
        #expect(try scenes.back("A"))
        try flow.apply(.path([.selectTab(.settingsTab), .push(.about)]))
        #expect(try scenes.forward("A") == false)
        #expect(flow.focusedScreen.route == .about)
    }
}
